(* residue_range_gap: as in residue_range_lower, lo + (a - lo) mod m <= x
   (residue_range_above_lower of shared-lemmas.v), and x <= hi. *)
Theorem residue_range_gap : residue_range_gap_statement.
Proof.
  unfold residue_range_gap_statement.
  intros m a x b lo hi _ [[[[[[[Hm Ha] [_ Hax]] [_ Hxb]] Hb] Hlo] Hhi] Hout].
  split; [lia|].
  rewrite !floor_mod_spec in * by lia.
  replace (a + lo * -1) with (a - lo) by ring.
  pose proof (residue_range_above_lower m a b x lo Hm Ha Hax Hxb Hb Hlo ltac:(tauto)). lia.
Qed.
