(* cst_residue_gap: c0*X + Y == c1 gives Y == c1 - c0*X, so
   (c1 - lb) mod c0 = (Y - lb) mod c0 <= Y - lb (Y >= lb, c0 > 0), and
   lb + (c1 - lb) mod c0 <= Y <= ub, against the condition: the left side
   never holds, and neither does Y in [1, 0]. *)
Theorem cst_residue_gap : cst_residue_gap_statement.
Proof.
  unfold cst_residue_gap_statement.
  intros c0 c1 vX defX vY defY lbY ubY [_ [_ Hb]] [Hc0 [_ Hgap]] _.
  split.
  - intros [[HdY _] [Hlo Hhi]].
    exfalso.
    destruct (Hb HdY) as [Hl Hu].
    rewrite floor_mod_spec in Hgap by lia.
    assert (Hc1 : c1 = c0 * vX + vY) by lia.
    subst c1.
    replace (c0 * vX + vY + lbY * -1) with ((vY - lbY) + vX * c0) in Hgap by ring.
    rewrite Z.mod_add in Hgap by lia.
    pose proof (Z.mod_le (vY - lbY) c0 ltac:(lia) ltac:(lia)).
    lia.
  - intros [_ [H1 H2]]. lia.
Qed.
