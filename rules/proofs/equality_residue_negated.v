(* equality_residue_negated: m * q + s - x = k makes s - k = x + (- q) * m,
   which has the remainder of x modulo m > 0. *)
Theorem equality_residue_negated : equality_residue_negated_statement.
Proof.
  unfold equality_residue_negated_statement.
  intros m q s x k _ [Hm Heq].
  split; [lia|].
  rewrite !floor_mod_spec by lia.
  replace (s + k * -1) with (x + (- q) * m) by lia.
  rewrite Z.mod_add by lia. reflexivity.
Qed.
