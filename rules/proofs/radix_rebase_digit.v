(* radix_rebase_digit: k * u + r + k * a * b * t == (k * u + r) + (b * t) * (k * a),
   so its floor by k * a is floor((k * u + r) / (k * a)) + b * t; with
   0 <= r < k, floor((k * u + r) / k) == u, and nested floor division gives
   floor((k * u + r) / (k * a)) == floor(u / a). Adding b * t leaves the
   remainder by b unchanged. *)
Theorem radix_rebase_digit : radix_rebase_digit_statement.
Proof.
  unfold radix_rebase_digit_statement.
  intros k a b r u t _ [[[[Hk Ha] Hb] Hr0] Hrk].
  split; [nia|]. split; [lia|]. split; [lia|].
  rewrite !floor_div_spec by nia. rewrite !floor_mod_spec by lia.
  replace (k * u + r + k * a * b * t) with (k * u + r + b * t * (k * a)) by ring.
  rewrite Z.div_add by nia.
  rewrite <- Z.div_div by lia.
  replace ((k * u + r) / k) with u by (apply Z.div_unique with r; lia).
  rewrite (Z.mul_comm b t). rewrite Z.mod_add by lia. reflexivity.
Qed.
