(* mod_in_block: inside one block of c0 (lb(x) <= x <= ub(x) with
   lb(x) / c0 = ub(x) / c0), x mod c0 = x - c0 * (lb(x) / c0)
   (mod_in_block_spec of shared-lemmas.v). *)
Theorem mod_in_block : mod_in_block_statement.
Proof.
  unfold mod_in_block_statement.
  intros c x def_x lb ub Hx [Hc Hq] _.
  split; [tauto|]. intros [Hdx _].
  exact (mod_in_block_spec c lb x ub Hc (Hx Hdx) Hq).
Qed.
