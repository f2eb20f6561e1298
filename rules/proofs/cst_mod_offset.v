(* cst_mod_offset: with c1 > 0 and 0 <= c2 < c1, (X + c0) mod c1 == c2
   <=> X mod c1 == (c2 - c0) mod c1. Both sides say X + c0 and c2 are
   congruent modulo c1: X mod c1 == ((X + c0) - c0) mod c1, and
   (X + c0) mod c1 == (X mod c1 + c0) mod c1 == ((c2 - c0) + c0) mod c1
   == c2 mod c1 == c2 (as 0 <= c2 < c1). *)
Theorem cst_mod_offset : cst_mod_offset_statement.
Proof.
  unfold cst_mod_offset_statement.
  intros c0 c1 c2 c3 X dX _ [H1 [H23 [H2 H21]]] _.
  subst c3.
  rewrite !floor_mod_spec by lia.
  replace (c2 + c0 * -1) with (c2 - c0) by ring.
  split.
  - intros [[HX _] HE]. split; [exact HX|].
    assert (E : (X + c0) mod c1 = c2) by lia.
    assert (F : X mod c1 = (c2 - c0) mod c1).
    { rewrite <- E. rewrite Zminus_mod_idemp_l. f_equal. ring. }
    lia.
  - intros [HX HE]. split; [split; [exact HX | lia]|].
    assert (F : X mod c1 = (c2 - c0) mod c1) by lia.
    assert (E : (X + c0) mod c1 = c2).
    { rewrite <- Zplus_mod_idemp_l, F, Zplus_mod_idemp_l.
      replace (c2 - c0 + c0) with c2 by ring. apply Z.mod_small. lia. }
    lia.
Qed.
