(* rescale_backward: m * t + r = r + t * m is r plus a multiple of m and
   0 <= r < m, so (m * t + r) mod m = r; with m > 0, l <= t <= h gives
   m * l + r <= m * t + r <= m * h + r. *)
Theorem rescale_backward : rescale_backward_statement.
Proof.
  unfold rescale_backward_statement.
  intros m r l t h lo hi _ [[[[[[Hm Hr0] Hrm] Hl] Hh] Hlo] Hhi].
  repeat split; [lia| |nia|nia].
  rewrite floor_mod_spec by lia.
  replace (m * t + r) with (r + t * m) by ring.
  rewrite Z.mod_add by lia. apply Z.mod_small. lia.
Qed.
