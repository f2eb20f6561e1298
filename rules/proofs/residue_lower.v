(* residue_lower: x mod m = r, so r - lo and x - lo differ by a multiple of m
   and (r - lo) mod m = (x - lo) mod m; with x - lo >= 0 and m > 0 that
   remainder is at most x - lo, so lo + (r - lo) mod m <= x
   (residue_above_lower of shared-lemmas.v). *)
Theorem residue_lower : residue_lower_statement.
Proof.
  unfold residue_lower_statement.
  intros m x r lo _ [[Hm [_ Hr]] Hlo].
  split; [lia|]. exact (residue_above_lower m x r lo Hm Hr Hlo).
Qed.
