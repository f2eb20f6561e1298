(* mod_coef_in_block: with c1 > 0 and r = c0 mod c1 (0 <= r < c1),
   c0 * X + Y = (r * X + Y) + ((c0 / c1) * X) * c1, so
   (c0 * X + Y) mod c1 = (r * X + Y) mod c1. As r >= 0,
   r * lb(X) + lb(Y) <= r * X + Y <= r * ub(X) + ub(Y), and floor division
   by c1 > 0 is monotone: (r * X + Y) / c1 lies between the quotients of the
   two ends, which are equal (the condition) to q. So
   (r * X + Y) mod c1 = r * X + Y - c1 * q. *)
Theorem mod_coef_in_block : mod_coef_in_block_statement.
Proof.
  unfold mod_coef_in_block_statement.
  intros c0 c1 x def_x y def_y lbx ubx lby uby [Hc0 [Hx Hy]] [Hc1 [_ Hq]] _.
  split; [split; [tauto|intros [H1 H2]; repeat split; [exact H1|exact H2|lia]]|].
  intros [Hdy [Hdx _]]. specialize (Hx Hdx). specialize (Hy Hdy).
  rewrite !floor_div_spec in * by lia. rewrite !floor_mod_spec in * by lia.
  pose proof (Z.mod_pos_bound c0 c1 ltac:(lia)) as Hr.
  pose proof (Z.div_mod c0 c1 ltac:(lia)) as Ec0.
  set (r := c0 mod c1) in *.
  assert (Hlo : (r * lbx + lby) / c1 <= (r * x + y) / c1)
    by (apply Z.div_le_mono; nia).
  assert (Hhi : (r * x + y) / c1 <= (r * ubx + uby) / c1)
    by (apply Z.div_le_mono; nia).
  set (k := c0 / c1) in *.
  replace (c0 * x + y) with ((r * x + y) + (k * x) * c1) by (rewrite Ec0; ring).
  rewrite Z.mod_add by lia.
  rewrite Z.mod_eq by lia.
  replace ((r * x + y) / c1) with ((r * lbx + lby) / c1) by lia.
  ring.
Qed.
