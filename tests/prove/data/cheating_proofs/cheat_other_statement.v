(* Proves True, not the rule's statement. *)
Theorem cheat_other_statement : True.
Proof. exact I. Qed.
