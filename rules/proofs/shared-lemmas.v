(* Lemmas shared by the proof scripts of this folder. `provix prove` checks
   this file together with every script (after the obligation's statement,
   before the script), under the same refusals as the scripts: no axiom, no
   admitted step. The functions are those of the statement's prelude. *)

(* A floor division that is constant over a block: for c <> 0 and
   a <= x <= b with a / c = b / c, x / c = a / c. Floor division is monotone
   in x for c > 0 and antitone for c < 0 (through -x / -c). *)
Lemma div_in_block : forall c a x b, c <> 0 -> a <= x <= b -> a / c = b / c -> x / c = a / c.
Proof.
  intros c a x b Hc [Hax Hxb] Hq.
  destruct (Z_lt_le_dec 0 c) as [Hpos|Hneg].
  - assert (a / c <= x / c) by (apply Z.div_le_mono; lia).
    assert (x / c <= b / c) by (apply Z.div_le_mono; lia). lia.
  - rewrite <- (Z.div_opp_opp x c) by exact Hc.
    rewrite <- (Z.div_opp_opp a c) in Hq |- * by exact Hc.
    rewrite <- (Z.div_opp_opp b c) in Hq by exact Hc.
    assert (- b / - c <= - x / - c) by (apply Z.div_le_mono; lia).
    assert (- x / - c <= - a / - c) by (apply Z.div_le_mono; lia). lia.
Qed.

(* Inside such a block, x mod c = x - c * (a / c). *)
Lemma mod_in_block_spec : forall c a x b,
  c <> 0 -> a <= x <= b -> floor_div a c = floor_div b c ->
  floor_mod x c = x + c * floor_div a c * -1.
Proof.
  intros c a x b Hc Hx Hq.
  rewrite floor_mod_spec by exact Hc. rewrite !floor_div_spec in * by exact Hc.
  rewrite Z.mod_eq by exact Hc. rewrite (div_in_block c a x b Hc Hx Hq). ring.
Qed.

(* Pulling a multiple out of a floor division: c0 mod c1 == 0 makes
   c0 = k * c1 (c1 <> 0), so c0 * X + Y = (k * X) * c1 + Y and
   floor((c0 * X + Y) / c1) = k * X + floor(Y / c1), with k = c0 floordiv c1. *)
Lemma floor_div_pull_multiple : forall c0 c1 X Y,
  c1 <> 0 -> floor_mod c0 c1 = 0 ->
  floor_div (c0 * X + Y) c1 = floor_div c0 c1 * X + floor_div Y c1.
Proof.
  intros c0 c1 X Y Hc1 Hm.
  rewrite floor_mod_spec in Hm by exact Hc1.
  destruct (proj1 (Z.mod_divide c0 c1 Hc1) Hm) as [k Hk]. subst c0.
  rewrite !floor_div_spec by exact Hc1.
  rewrite Z.div_mul by exact Hc1.
  replace (k * c1 * X + Y) with (k * X * c1 + Y) by ring.
  apply Z.div_add_l. exact Hc1.
Qed.

(* The floor remainder is unique: a = b * q + r with r in [0, b) (b > 0) or
   in (b, 0] (b < 0) makes a mod b = r. *)
Lemma floor_mod_unique : forall a b q r,
  a = b * q + r -> 0 <= r < b \/ b < r <= 0 -> b <> 0 /\ floor_mod a b = r.
Proof.
  intros a b q r Ha Hr. split; [lia|]. rewrite floor_mod_spec by lia.
  symmetry. apply (Z.mod_unique a b q); [exact Hr|]. rewrite Ha. ring.
Qed.

(* A remainder below a bound: x mod m = r with m > 0 and lo <= x leaves
   (r - lo) mod m = (x - lo) mod m <= x - lo, so lo + (r - lo) mod m <= x. *)
Lemma residue_above_lower : forall m x r lo,
  m > 0 -> floor_mod x m = r -> lo <= x -> lo + floor_mod (r + lo * -1) m <= x.
Proof.
  intros m x r lo Hm Hr Hlo.
  rewrite !floor_mod_spec in * by lia. subst r.
  replace (x mod m + lo * -1) with (x mod m - lo) by ring.
  rewrite Zminus_mod_idemp_l.
  pose proof (Z.mod_le (x - lo) m ltac:(lia) ltac:(lia)). lia.
Qed.

(* A residue range a <= x mod m <= b (0 <= a, b < m, m > 0) and a bound
   lo <= x whose own residue lo mod m lies outside [a, b]: the values from
   lo up have the residues lo mod m, lo mod m + 1, ... (wrapping to 0 after
   m - 1), and the first of them in [a, b] is a, reached after (a - lo) mod m
   steps. So lo + (a - lo) mod m <= x. With x = m * qx + x mod m,
   lo = m * ql + lo mod m and a - lo = m * qd + (a - lo) mod m, an x below
   that bound would need qx - ql in {0, 1} and qd + ql in {-1, 0}, and each
   of the four cases puts x mod m outside [a, b]. *)
Lemma residue_range_above_lower : forall m a b x lo,
  m > 0 -> 0 <= a -> a <= x mod m -> x mod m <= b -> b < m -> lo <= x ->
  (lo mod m < a \/ b < lo mod m) -> lo + (a - lo) mod m <= x.
Proof.
  intros m a b x lo Hm Ha Hax Hxb Hb Hlo Hout.
  pose proof (Z.div_mod x m ltac:(lia)) as Ex.
  pose proof (Z.div_mod lo m ltac:(lia)) as El.
  pose proof (Z.div_mod (a - lo) m ltac:(lia)) as Ed.
  pose proof (Z.mod_pos_bound x m ltac:(lia)).
  pose proof (Z.mod_pos_bound lo m ltac:(lia)).
  pose proof (Z.mod_pos_bound (a - lo) m ltac:(lia)).
  set (qx := x / m) in *. set (ql := lo / m) in *. set (qd := (a - lo) / m) in *.
  set (rx := x mod m) in *. set (rl := lo mod m) in *. set (d := (a - lo) mod m) in *.
  clearbody qx ql qd rx rl d.
  destruct (Z_lt_le_dec x (lo + d)) as [Hc|Hc]; [exfalso|lia].
  assert (Hk : qd + ql = -1 \/ qd + ql = 0) by nia.
  assert (Hj : qx - ql = 0 \/ qx - ql = 1) by nia.
  destruct Hk as [Hk|Hk]; destruct Hj as [Hj|Hj].
  - replace qd with (-1 - ql) in Ed by lia. replace qx with ql in Ex by lia. nia.
  - replace qd with (-1 - ql) in Ed by lia. replace qx with (ql + 1) in Ex by lia. nia.
  - replace qd with (- ql) in Ed by lia. replace qx with ql in Ex by lia. nia.
  - replace qd with (- ql) in Ed by lia. replace qx with (ql + 1) in Ex by lia. nia.
Qed.

(* The same from above: x <= hi with hi mod m outside [a, b]; going down
   from hi, the first residue in [a, b] is b, reached after (hi - b) mod m
   steps, so x <= hi - (hi - b) mod m (the four cases of qd - qh and
   qh - qx, as above). *)
Lemma residue_range_below_upper : forall m a b x hi,
  m > 0 -> 0 <= a -> a <= x mod m -> x mod m <= b -> b < m -> x <= hi ->
  (hi mod m < a \/ b < hi mod m) -> x <= hi - (hi - b) mod m.
Proof.
  intros m a b x hi Hm Ha Hax Hxb Hb Hhi Hout.
  pose proof (Z.div_mod x m ltac:(lia)) as Ex.
  pose proof (Z.div_mod hi m ltac:(lia)) as Eh.
  pose proof (Z.div_mod (hi - b) m ltac:(lia)) as Ed.
  pose proof (Z.mod_pos_bound x m ltac:(lia)).
  pose proof (Z.mod_pos_bound hi m ltac:(lia)).
  pose proof (Z.mod_pos_bound (hi - b) m ltac:(lia)).
  set (qx := x / m) in *. set (qh := hi / m) in *. set (qd := (hi - b) / m) in *.
  set (rx := x mod m) in *. set (rh := hi mod m) in *. set (d := (hi - b) mod m) in *.
  clearbody qx qh qd rx rh d.
  destruct (Z_lt_le_dec (hi - d) x) as [Hc|Hc]; [exfalso|lia].
  assert (Hk : qd - qh = -1 \/ qd - qh = 0) by nia.
  assert (Hj : qh - qx = 0 \/ qh - qx = 1) by nia.
  destruct Hk as [Hk|Hk]; destruct Hj as [Hj|Hj].
  - replace qd with (qh - 1) in Ed by lia. replace qx with qh in Ex by lia. nia.
  - replace qd with (qh - 1) in Ed by lia. replace qx with (qh - 1) in Ex by lia. nia.
  - replace qd with qh in Ed by lia. replace qx with qh in Ex by lia. nia.
  - replace qd with qh in Ed by lia. replace qx with (qh - 1) in Ex by lia. nia.
Qed.

(* A known residue: with c > 0 and floor_mod x c = r (the residue the
   divisibility analysis shows), x = c * (x / c) + r. *)
Lemma residue_split : forall x c r, c > 0 -> floor_mod x c = r -> x = c * (x / c) + r.
Proof.
  intros x c r Hc Hr. rewrite floor_mod_spec in Hr by lia. subst r. apply Z.div_mod. lia.
Qed.
