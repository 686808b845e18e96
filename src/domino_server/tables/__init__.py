"""Live tables, the asyncio shell around the pure machine (:mod:`domino_server.table`): one
:mod:`.actor` task per table, assembled and evicted by the :mod:`.registry`, its sockets
and their views in the :mod:`.publisher`, bot moves asked by the :mod:`.botdriver`, what a
decision stores in :mod:`.storing`; work without sockets is the :mod:`.sweeper`'s."""
