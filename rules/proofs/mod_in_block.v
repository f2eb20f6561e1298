(* mod_in_block: inside one block of c0 (lb(x) <= x <= ub(x) with
   lb(x) / c0 = ub(x) / c0), x / c0 is that block's index lb(x) / c0, so
   x mod c0 = x - c0 * (lb(x) / c0). Floor division is monotone in x for
   c0 > 0 and antitone for c0 < 0 (through -x / -c0). *)
Theorem mod_in_block : mod_in_block_statement.
Proof.
  unfold mod_in_block_statement.
  intros c x def_x lb ub Hx [Hc Hq] _.
  split; [tauto|]. intros [Hdx _]. specialize (Hx Hdx). destruct Hx as [Hax Hxb].
  rewrite floor_mod_spec by exact Hc. rewrite !floor_div_spec in * by exact Hc.
  assert (Hx : x / c = lb / c).
  { destruct (Z_lt_le_dec 0 c) as [Hpos|Hneg].
    - assert (lb / c <= x / c) by (apply Z.div_le_mono; lia).
      assert (x / c <= ub / c) by (apply Z.div_le_mono; lia). lia.
    - rewrite <- (Z.div_opp_opp x c) by exact Hc.
      rewrite <- (Z.div_opp_opp lb c) in Hq |- * by exact Hc.
      rewrite <- (Z.div_opp_opp ub c) in Hq by exact Hc.
      assert (- ub / - c <= - x / - c) by (apply Z.div_le_mono; lia).
      assert (- x / - c <= - lb / - c) by (apply Z.div_le_mono; lia). lia. }
  rewrite Z.mod_eq by exact Hc. rewrite Hx. ring.
Qed.
