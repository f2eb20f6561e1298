(* radix_merge_quotient: with q = floor(x / a), floor(x / (a * b)) is
   floor(q / b) (nested floor division by positive divisors), and
   (q mod b) * w + floor(q / b) * (b * w) == (b * floor(q / b) + q mod b) * w
   == q * w. *)
Theorem radix_merge_quotient : radix_merge_quotient_statement.
Proof.
  unfold radix_merge_quotient_statement.
  intros a b x w _ [Ha Hb].
  split; [nia|]. split; [lia|]. split; [lia|].
  rewrite !floor_div_spec by nia. rewrite floor_mod_spec by lia.
  rewrite <- Z.div_div by lia.
  pose proof (Z.div_mod (x / a) b ltac:(lia)) as Hq.
  set (q := x / a) in *. rewrite Hq at 3. ring.
Qed.
