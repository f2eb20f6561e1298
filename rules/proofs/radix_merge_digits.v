(* radix_merge_digits: with q = floor(x / a), floor(x / (a * b)) is
   floor(q / b), and q mod (b * c) == q mod b + b * (floor(q / b) mod c)
   (the digits of q in radix b, then c), so
   (q mod b) * w + (floor(q / b) mod c) * (b * w) == (q mod (b * c)) * w. *)
Theorem radix_merge_digits : radix_merge_digits_statement.
Proof.
  unfold radix_merge_digits_statement.
  intros a b c x w _ [[Ha Hb] Hc].
  split; [nia|]. split; [lia|]. split; [lia|]. split; [lia|]. split; [nia|].
  rewrite !floor_div_spec by nia. rewrite !floor_mod_spec by nia.
  rewrite <- Z.div_div by lia.
  rewrite (Z.rem_mul_r (x / a) b c) by lia. ring.
Qed.
