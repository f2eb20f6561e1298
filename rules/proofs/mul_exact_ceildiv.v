(* mul_exact_ceildiv: with c0 > 0 and x mod c0 = r (the analysis' residue,
   where x is defined), x = c0 * q + r with 0 <= r < c0, and c1 mod c0 = 0
   makes c1 = k * c0. If r = 0, -x = c0 * (-q), so ceil(x / c0) = q and
   (c0 - r) mod c0 = 0. If r > 0, -x = c0 * (-q - 1) + (c0 - r) with
   0 < c0 - r < c0, so ceil(x / c0) = q + 1 and (c0 - r) mod c0 = c0 - r.
   Either way ceil(x / c0) * c1 = (x + (c0 - r) mod c0) * k. Both sides
   divide by nothing but c0 > 0: each is defined exactly where x is. *)
Theorem mul_exact_ceildiv : mul_exact_ceildiv_statement.
Proof.
  unfold mul_exact_ceildiv_statement.
  intros c0 c1 x def_x r Hres [Hc0 [_ Hmod]] _.
  split; [split; [tauto|intros H; split; [exact H|lia]]|]. intros [Hdef _].
  assert (Hr : floor_mod x c0 = r) by (apply Hres; split; [exact Hdef|exact Hc0]).
  rewrite ceil_div_spec by lia. rewrite !floor_mod_spec in * by lia.
  rewrite !floor_div_spec by lia.
  apply Z.mod_divide in Hmod; [|lia]. destruct Hmod as [k Hk]. subst c1.
  rewrite Z.div_mul by lia.
  pose proof (Z.div_mod x c0 ltac:(lia)) as Hx.
  pose proof (Z.mod_pos_bound x c0 ltac:(lia)) as Hb.
  subst r. set (q := x / c0) in *. set (m := x mod c0) in *. clearbody q m. subst x.
  destruct (Z.eq_dec m 0) as [H0|H0].
  - subst m. rewrite Z.mul_0_l, !Z.add_0_r, Z.mod_same by lia.
    rewrite <- (Z.div_unique (- (c0 * q)) c0 (- q) 0) by nia. ring.
  - rewrite Z.mod_small by lia.
    rewrite <- (Z.div_unique (- (c0 * q + m)) c0 (- q - 1) (c0 - m)) by nia. ring.
Qed.
