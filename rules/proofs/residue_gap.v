(* residue_gap: as in residue_lower, (r - lo) mod m = (x - lo) mod m
   <= x - lo (x mod m = r, x - lo >= 0, m > 0), so
   lo + (r - lo) mod m <= x <= hi. *)
Theorem residue_gap : residue_gap_statement.
Proof.
  unfold residue_gap_statement.
  intros m x r lo hi _ [[[Hm [_ Hr]] Hlo] Hhi].
  split; [lia|].
  rewrite !floor_mod_spec in * by lia. subst r.
  replace (x mod m + lo * -1) with (x mod m - lo) by ring.
  rewrite Zminus_mod_idemp_l.
  pose proof (Z.mod_le (x - lo) m ltac:(lia) ltac:(lia)). lia.
Qed.
