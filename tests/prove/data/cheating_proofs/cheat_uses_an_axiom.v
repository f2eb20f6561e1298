(* A true rule whose proof rests on an axiom it does not need, followed by a
   Print Assumptions of an axiom-free term: its "Closed under the global
   context" must not pass for the theorem's. *)
Require Import Coq.Logic.Classical_Prop.
Theorem cheat_uses_an_axiom : cheat_uses_an_axiom_statement.
Proof.
  pose proof classic as Hclassic.
  unfold cheat_uses_an_axiom_statement, int_max.
  intros v_x def_x _ _ _. split; [tauto|]. intros _. destruct (v_x >=? v_x)%Z; reflexivity.
Qed.
Print Assumptions Nat.add.
