(* fold_mod_of_sum: for m <> 0 the floor remainder is Coq's Z.modulo
   (floor_mod_spec), and (a + b) mod m == ((a mod m) + (b mod m)) mod m is
   Z.add_mod. *)
Theorem fold_mod_of_sum : fold_mod_of_sum_statement.
Proof.
  unfold fold_mod_of_sum_statement.
  intros m a b _ Hm. split; [exact Hm|].
  rewrite !floor_mod_spec by exact Hm.
  apply Z.add_mod. exact Hm.
Qed.
