(* fold_mod_of_product: for m <> 0 the floor remainder is Coq's Z.modulo
   (floor_mod_spec), and (a * b) mod m == ((a mod m) * (b mod m)) mod m is
   Z.mul_mod. *)
Theorem fold_mod_of_product : fold_mod_of_product_statement.
Proof.
  unfold fold_mod_of_product_statement.
  intros m a b _ Hm. split; [exact Hm|].
  rewrite !floor_mod_spec by exact Hm.
  apply Z.mul_mod. exact Hm.
Qed.
