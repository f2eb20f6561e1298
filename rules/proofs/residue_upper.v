(* residue_upper: x mod m = r, so hi - r and hi - x differ by a multiple of m
   and (hi - r) mod m = (hi - x) mod m; with hi - x >= 0 and m > 0 that
   remainder is at most hi - x, so x <= hi - (hi - r) mod m. *)
Theorem residue_upper : residue_upper_statement.
Proof.
  unfold residue_upper_statement.
  intros m x r hi _ [[Hm [_ Hr]] Hhi].
  split; [lia|].
  rewrite !floor_mod_spec in * by lia. subst r.
  replace (hi + x mod m * -1) with (hi - x mod m) by ring.
  rewrite Zminus_mod_idemp_r.
  pose proof (Z.mod_le (hi - x) m ltac:(lia) ltac:(lia)). lia.
Qed.
