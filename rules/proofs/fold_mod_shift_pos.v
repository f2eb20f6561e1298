(* fold_mod_shift_pos: a = b * q + r with b > 0 and -b < r < 0 is
   a = b * (q - 1) + (r + b) with 0 <= r + b < b, so a mod b = r + b
   (uniqueness of the floor remainder). *)
Theorem fold_mod_shift_pos : fold_mod_shift_pos_statement.
Proof.
  unfold fold_mod_shift_pos_statement.
  intros b a q r _ [[[Hb Ha] Hlo] Hhi].
  split; [lia|]. rewrite floor_mod_spec by lia.
  symmetry. apply (Z.mod_unique a b (q - 1)); [lia|]. rewrite Ha. ring.
Qed.
