(* fold_mod_shift_neg: a = b * q + r with b < 0 and 0 < r < -b is
   a = b * (q - 1) + (r + b) with b < r + b <= 0, so a mod b = r + b
   (floor_mod_unique of shared-lemmas.v: the floor remainder takes the sign
   of b). *)
Theorem fold_mod_shift_neg : fold_mod_shift_neg_statement.
Proof.
  intros b a q r _ [[[Hb Ha] Hlo] Hhi].
  apply (floor_mod_unique a b (q - 1)); [rewrite Ha; ring | lia].
Qed.
