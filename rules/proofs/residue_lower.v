(* residue_lower: x mod m = r, so r - lo and x - lo differ by a multiple of m
   and (r - lo) mod m = (x - lo) mod m; with x - lo >= 0 and m > 0 that
   remainder is at most x - lo, so lo + (r - lo) mod m <= x. *)
Theorem residue_lower : residue_lower_statement.
Proof.
  unfold residue_lower_statement.
  intros m x r lo _ [[Hm [_ Hr]] Hlo].
  split; [lia|].
  rewrite !floor_mod_spec in * by lia. subst r.
  replace (x mod m + lo * -1) with (x mod m - lo) by ring.
  rewrite Zminus_mod_idemp_l.
  pose proof (Z.mod_le (x - lo) m ltac:(lia) ltac:(lia)). lia.
Qed.
