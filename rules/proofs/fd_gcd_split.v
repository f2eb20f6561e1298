(* fd_gcd_split: with g = gcd(c0, c1) > 1, c0 = g * a, c1 = g * b, c1 > 0
   (so b > 0) and 0 <= Y < g: floor((g*a*X + Y) / (g*b))
   == floor(floor((a*X*g + Y) / g) / b) (nested floordiv by positive divisors)
   == floor((a*X + floor(Y / g)) / b) == floor(a*X / b), as floor(Y / g) == 0;
   and c0 floordiv g == a, c1 floordiv g == b. Only g | c0 and g | c1 are
   used, not that g is the greatest common divisor. *)
Theorem fd_gcd_split : fd_gcd_split_statement.
Proof.
  unfold fd_gcd_split_statement.
  intros c0 c1 X dX Y dY lbY ubY g a b sa sb [_ [HY [Hg0 [Ha [Hb _]]]]]
         [Hc1 [Hg [Hlb [Hub HdY]]]] _.
  split; [split; [tauto | intros; repeat split; (assumption || lia)]|]. intros _.
  specialize (HY HdY).
  assert (Hb0 : b > 0) by nia.
  subst c0 c1.
  rewrite (floor_div_spec (g * a) g), (floor_div_spec (g * b) g) by lia.
  rewrite (Z.mul_comm g a), (Z.mul_comm g b), !Z.div_mul by lia.
  rewrite !floor_div_spec by lia.
  rewrite (Z.mul_comm b g), <- Z.div_div by lia.
  replace (a * g * X + Y) with (a * X * g + Y) by ring.
  rewrite Z.div_add_l by lia.
  rewrite (Z.div_small Y g) by lia.
  now rewrite Z.add_0_r.
Qed.
