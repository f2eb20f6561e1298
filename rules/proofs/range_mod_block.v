(* range_mod_block: inside one block of c (a <= x <= b with a / c = b / c),
   x mod c = x - c * (a / c) (mod_in_block_spec of shared-lemmas.v). *)
Theorem range_mod_block : range_mod_block_statement.
Proof.
  unfold range_mod_block_statement.
  intros c a x b _ [[[Hc Hax] Hxb] [_ Hq]].
  split; [exact Hc|]. apply (mod_in_block_spec c a x b Hc (conj Hax Hxb) Hq).
Qed.
