(* crt_merge: with q a common solution (q mod a = r1, q mod b = r2) and
   L = |a b| / gcd(a, b) = a * qb (where b = g * qb), x satisfies both
   congruences exactly when x mod L = q mod L: L is a multiple of a and of b,
   and a common multiple d of a and b (d = x - q) is a multiple of L, since
   g * d = (a sa + b sb) * d = a b (sa j + sb i) by Bezout. *)
Lemma crt_cong_divide : forall m x y, m > 0 -> (x mod m = y mod m <-> (m | x - y)).
Proof.
  intros m x y Hm. split.
  - intros H. exists (x / m - y / m).
    pose proof (Z.div_mod x m ltac:(lia)) as Ex.
    pose proof (Z.div_mod y m ltac:(lia)) as Ey. lia.
  - intros [k Hk]. replace x with (y + k * m) by lia. now rewrite Z.mod_add by lia.
Qed.

Theorem crt_merge : crt_merge_statement.
Proof.
  unfold crt_merge_statement.
  intros a b q r1 r2 x g qa qb sa sb [Hg [Ha [Hb Hbez]]] [[[Ha0 Hb0] [_ Hq1]] [_ Hq2]].
  assert (Hg0 : g > 0).
  { destruct (Z.eq_dec g 0) as [E|E].
    - rewrite E in Ha. simpl in Ha. lia.
    - lia. }
  rewrite floor_mod_spec in Hq1, Hq2 by lia.
  assert (HL : (if orb (a =? 0) (b =? 0) then 0 else int_abs (a * b) / g) = a * qb).
  { destruct (Z.eqb_spec a 0); [lia|]. destruct (Z.eqb_spec b 0); [lia|]. simpl.
    rewrite int_abs_spec. rewrite Z.abs_eq by nia.
    replace (a * b) with ((a * qb) * g) by (rewrite Hb; ring).
    apply Z.div_mul. lia. }
  rewrite HL. clear HL.
  assert (HL0 : a * qb > 0) by nia.
  rewrite !floor_mod_spec by lia.
  split.
  - intros [[_ H1] [_ H2]]. split; [lia|].
    apply crt_cong_divide; [lia|].
    rewrite <- Hq1 in H1. rewrite <- Hq2 in H2.
    apply crt_cong_divide in H1; [|lia]. apply crt_cong_divide in H2; [|lia].
    destruct H1 as [i Hi]. destruct H2 as [j Hj].
    exists (sa * j + sb * i).
    apply (Z.mul_reg_l _ _ g); [lia|].
    assert (E1 : a * sa * (x - q) = a * sa * (j * b)) by (rewrite Hj; ring).
    assert (E2 : b * sb * (x - q) = b * sb * (i * a)) by (rewrite Hi; ring).
    rewrite Hbez at 1.
    transitivity (a * sa * (x - q) + b * sb * (x - q)); [ring|].
    rewrite E1, E2, Hb. ring.
  - intros [_ H].
    apply crt_cong_divide in H; [|lia]. destruct H as [k Hk].
    split; split; try lia.
    + rewrite <- Hq1. apply crt_cong_divide; [lia|]. exists (k * qb). rewrite Hk. ring.
    + rewrite <- Hq2. apply crt_cong_divide; [lia|]. exists (k * qa). rewrite Hk, Ha, Hb. ring.
Qed.
