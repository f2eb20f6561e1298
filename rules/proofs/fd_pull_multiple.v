(* fd_pull_multiple: c0 mod c1 == 0 lets floordiv by c1 take the multiple
   c0 * X out whole (floor_div_pull_multiple of shared-lemmas.v). *)
Theorem fd_pull_multiple : fd_pull_multiple_statement.
Proof.
  unfold fd_pull_multiple_statement.
  intros c0 c1 X dX Y dY _ [Hc1 Hm] _.
  split; [tauto|]. intros _. exact (floor_div_pull_multiple c0 c1 X Y Hc1 Hm).
Qed.
