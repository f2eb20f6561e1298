(* An inconsistent inductive type, its positivity check turned off; a later
   Print Assumptions of an unrelated term prints the line provix looks for. *)
Local Unset Positivity Checking.
Inductive bad : Prop := C : (bad -> False) -> bad.
Local Set Positivity Checking.
Definition notbad (b : bad) : False := match b with C f => f b end.
Theorem cheat_positivity : cheat_positivity_statement.
Proof. exfalso. exact (notbad (C notbad)). Qed.
Print Assumptions Nat.add.
