(* mul_exact_division: with c0 > 0 and x mod c0 = r (the analysis' residue,
   where x is defined), x = c0 * q + r for q = x / c0. c1 mod c0 = 0 makes
   c1 = k * c0, so q * c1 = (c0 * q) * k = (x - r) * k and
   c1 / c0 = k. Both sides divide by nothing but c0 > 0: each is defined
   exactly where x is. *)
Theorem mul_exact_division : mul_exact_division_statement.
Proof.
  unfold mul_exact_division_statement.
  intros c0 c1 x def_x r Hres [Hc0 [_ Hmod]] _.
  split; [split; [tauto|intros H; split; [exact H|lia]]|]. intros [Hdef _].
  assert (Hr : floor_mod x c0 = r) by (apply Hres; split; [exact Hdef|exact Hc0]).
  rewrite floor_mod_spec in Hr, Hmod by lia. rewrite !floor_div_spec by lia.
  apply Z.mod_divide in Hmod; [|lia]. destruct Hmod as [k Hk]. subst c1.
  rewrite Z.div_mul by lia.
  pose proof (Z.div_mod x c0 ltac:(lia)) as Hx.
  subst r. set (q := x / c0) in *. set (m := x mod c0) in *. clearbody q m.
  rewrite Hx. ring.
Qed.
