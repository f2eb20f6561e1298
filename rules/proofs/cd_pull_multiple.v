(* cd_pull_multiple: ceil(a / c1) == -floor(-a / c1), and
   -(c0 * X + Y) = c0 * (-X) + (-Y): the multiple comes out of the floor
   division (floor_div_pull_multiple of shared-lemmas.v), and negating gives
   c0 floordiv c1 * X + ceil(Y / c1). *)
Theorem cd_pull_multiple : cd_pull_multiple_statement.
Proof.
  unfold cd_pull_multiple_statement.
  intros c0 c1 X dX Y dY _ [Hc1 Hm] _.
  split; [tauto|]. intros _. unfold ceil_div.
  replace (- (c0 * X + Y)) with (c0 * - X + - Y) by ring.
  rewrite (floor_div_pull_multiple c0 c1 (- X) (- Y) Hc1 Hm). ring.
Qed.
