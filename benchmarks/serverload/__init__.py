"""The parts of ``benchmarks/server.py``, one idea each: :mod:`.procs` (processes,
their CPU and memory), :mod:`.transport` (the echo and relay servers and their clients),
:mod:`.window` (the measured window), :mod:`.players` (the simulated players of real
tables), :mod:`.report` (what is printed)."""
