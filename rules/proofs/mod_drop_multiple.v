(* mod_drop_multiple: c0 mod c1 = 0 with c1 <> 0 makes c0 = k * c1, so
   c0 * X + Y = Y + (k * X) * c1 is Y plus a multiple of c1 and
   (c0 * X + Y) mod c1 = Y mod c1. X is defined (a condition), so both sides
   are defined exactly where Y is. *)
Theorem mod_drop_multiple : mod_drop_multiple_statement.
Proof.
  unfold mod_drop_multiple_statement.
  intros c0 c1 x def_x y def_y _ [[Hc1 Hdiv] Hdx] _.
  split; [split; [tauto|intros H; repeat split; assumption]|]. intros _.
  rewrite !floor_mod_spec in * by exact Hc1.
  apply Z.mod_divide in Hdiv; [|exact Hc1]. destruct Hdiv as [k Hk].
  rewrite Hk. replace (k * c1 * x + y) with (y + (k * x) * c1) by ring.
  apply Z.mod_add. exact Hc1.
Qed.
