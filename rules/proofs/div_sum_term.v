(* div_sum_term: a*x + y == m*k + r and y == n*l + s with m == g*u,
   n == g*v, g == h*q, a == h*b and r - s == h*t give
   h*(b*x) == h*(q*(u*k - v*l) + t), so b*x == q*(u*k - v*l) + t (h > 0).
   With b*w == q*z + 1, x == w*(b*x) - q*(z*x), which is the conclusion
   once b*x is replaced. *)
Theorem div_sum_term : div_sum_term_statement.
Proof.
  unfold div_sum_term_statement.
  intros h a x y m k r n l s g u v b q t w z _ H.
  destruct H as [[[[[[[[Hh H1] Hy] Hm] Hn] Ha] Hg] Hrs] Hw].
  assert (E : h * (b * x - (q * (u * k - v * l) + t)) = 0).
  { subst y n m a g. nia. }
  assert (Hbx : b * x = q * (u * k - v * l) + t).
  { apply Z.mul_eq_0 in E. lia. }
  assert (Ht : t = b * x - q * (u * k - v * l)) by (rewrite Hbx; ring).
  assert (Hx : x = (b * w - q * z) * x) by (rewrite Hw; ring).
  rewrite Hx at 1. rewrite Ht. ring.
Qed.
