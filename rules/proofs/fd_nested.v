(* fd_nested: for c0, c1 > 0, floor(floor(x / c0) / c1) == floor(x / (c0*c1)):
   the quotient of a quotient by positive divisors is the quotient by their
   product (Z.div_div). *)
Theorem fd_nested : fd_nested_statement.
Proof.
  unfold fd_nested_statement.
  intros c0 c1 x dx _ [H0 H1] _.
  split; [split; [tauto | intros; repeat split; (assumption || lia)]|]. intros _.
  rewrite !floor_div_spec by lia.
  apply Z.div_div; lia.
Qed.
