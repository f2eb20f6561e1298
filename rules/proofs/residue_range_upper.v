(* residue_range_upper: hi mod m lies outside [a, b], so the residues from hi
   down reach b first, after (hi - b) mod m steps: x <= hi - (hi - b) mod m
   (residue_range_below_upper of shared-lemmas.v). *)
Theorem residue_range_upper : residue_range_upper_statement.
Proof.
  unfold residue_range_upper_statement.
  intros m a x b hi _ [[[[[[Hm Ha] [_ Hax]] [_ Hxb]] Hb] Hhi] Hout].
  split; [lia|].
  rewrite !floor_mod_spec in * by lia.
  replace (hi + b * -1) with (hi - b) by ring.
  replace (hi + (hi - b) mod m * -1) with (hi - (hi - b) mod m) by ring.
  apply (residue_range_below_upper m a b x hi); try assumption. tauto.
Qed.
