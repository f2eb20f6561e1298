(* range_mod_block: inside one block of c (a <= x <= b with a / c = b / c),
   x / c is that block's index a / c, so x mod c = x - c * (a / c). Floor
   division is monotone in x for c > 0 and antitone for c < 0 (through
   -x / -c). *)
Theorem range_mod_block : range_mod_block_statement.
Proof.
  unfold range_mod_block_statement.
  intros c a x b _ [[[Hc Hax] Hxb] [_ Hq]].
  split; [exact Hc|].
  rewrite floor_mod_spec by exact Hc. rewrite !floor_div_spec in * by exact Hc.
  assert (Hx : x / c = a / c).
  { destruct (Z_lt_le_dec 0 c) as [Hpos|Hneg].
    - assert (a / c <= x / c) by (apply Z.div_le_mono; lia).
      assert (x / c <= b / c) by (apply Z.div_le_mono; lia). lia.
    - rewrite <- (Z.div_opp_opp x c) by exact Hc.
      rewrite <- (Z.div_opp_opp a c) in Hq |- * by exact Hc.
      rewrite <- (Z.div_opp_opp b c) in Hq by exact Hc.
      assert (- b / - c <= - x / - c) by (apply Z.div_le_mono; lia).
      assert (- x / - c <= - a / - c) by (apply Z.div_le_mono; lia). lia. }
  rewrite Z.mod_eq by exact Hc. rewrite Hx. ring.
Qed.
