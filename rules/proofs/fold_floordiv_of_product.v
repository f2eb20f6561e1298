(* fold_floordiv_of_product: b == c * (b / c) + b mod c (Z.div_mod), so
   a * b == (a * (b / c)) * c + a * (b mod c), and a multiple of c comes out
   of the floor division whole (Z.div_add_l). *)
Theorem fold_floordiv_of_product : fold_floordiv_of_product_statement.
Proof.
  unfold fold_floordiv_of_product_statement.
  intros c a b _ Hc. split; [exact Hc|].
  rewrite !floor_div_spec, !floor_mod_spec by exact Hc.
  rewrite (Z.div_mod b c Hc) at 1.
  replace (a * (c * (b / c) + b mod c)) with (a * (b / c) * c + a * (b mod c)) by ring.
  rewrite Z.div_add_l by exact Hc. reflexivity.
Qed.
