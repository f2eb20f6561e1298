(* residue_range_lower: lo mod m lies outside [a, b], so the residues from lo
   up reach a first, after (a - lo) mod m steps: lo + (a - lo) mod m <= x
   (residue_range_above_lower of shared-lemmas.v). *)
Theorem residue_range_lower : residue_range_lower_statement.
Proof.
  unfold residue_range_lower_statement.
  intros m a x b lo _ [[[[[[Hm Ha] [_ Hax]] [_ Hxb]] Hb] Hlo] Hout].
  split; [lia|].
  rewrite !floor_mod_spec in * by lia.
  replace (a + lo * -1) with (a - lo) by ring.
  apply (residue_range_above_lower m a b x lo); try assumption. tauto.
Qed.
