(* fold_mod_shift_neg: a = b * q + r with b < 0 and 0 < r < -b is
   a = b * (q - 1) + (r + b) with b < r + b <= 0, so a mod b = r + b
   (uniqueness of the floor remainder, which takes the sign of b). *)
Theorem fold_mod_shift_neg : fold_mod_shift_neg_statement.
Proof.
  unfold fold_mod_shift_neg_statement.
  intros b a q r _ [[[Hb Ha] Hlo] Hhi].
  split; [lia|]. rewrite floor_mod_spec by lia.
  symmetry. apply (Z.mod_unique a b (q - 1)); [lia|]. rewrite Ha. ring.
Qed.
