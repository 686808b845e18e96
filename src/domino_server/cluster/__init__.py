"""Several instances on one PostgreSQL: table leases held, renewed and handed over
(:mod:`.ownership`), and the sweeper that claims tables nobody owns (:mod:`.sweeper`)."""
