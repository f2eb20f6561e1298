(* residue_gap: as in residue_lower, lo + (r - lo) mod m <= x
   (residue_above_lower of shared-lemmas.v), and x <= hi. *)
Theorem residue_gap : residue_gap_statement.
Proof.
  unfold residue_gap_statement.
  intros m x r lo hi _ [[[Hm [_ Hr]] Hlo] Hhi].
  split; [lia|].
  pose proof (residue_above_lower m x r lo Hm Hr Hlo). lia.
Qed.
