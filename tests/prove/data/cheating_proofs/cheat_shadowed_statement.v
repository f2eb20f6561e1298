(* A statement of the same name in a module, imported over the real one. *)
Module M.
Definition cheat_shadowed_statement_statement : Prop := True.
End M.
Import M.
Theorem cheat_shadowed_statement : cheat_shadowed_statement_statement.
Proof. exact I. Qed.
