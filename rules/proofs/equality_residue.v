(* equality_residue: x + m * q + s = k makes k - s = x + q * m, which has the
   remainder of x modulo m > 0. *)
Theorem equality_residue : equality_residue_statement.
Proof.
  unfold equality_residue_statement.
  intros m x q s k _ [Hm Heq].
  split; [lia|].
  rewrite !floor_mod_spec by lia.
  replace (k + s * -1) with (x + q * m) by lia.
  rewrite Z.mod_add by lia. reflexivity.
Qed.
