"""The measured window shared by the simulated clients of one run."""

from __future__ import annotations

import asyncio
import time

from .procs import cpu_seconds


class Window:
    """The measured window of one run, shared by its simulated clients: they connect,
    wait for :attr:`started`, and stop at :meth:`loop_deadline`."""

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.stop_at = float("inf")

    def loop_deadline(self) -> float:
        """The end of the window on the running loop's clock."""
        loop = asyncio.get_running_loop()
        return loop.time() + (self.stop_at - time.perf_counter())

    async def measure(
        self, tasks: list[asyncio.Task[None]], seconds: float, server_pid: int, settle: float
    ) -> tuple[float, float, float]:
        """Let the clients connect for ``settle`` seconds, open the window for ``seconds``,
        wait for every client; the elapsed time and the CPU (seconds per second) used by
        the server and by this client meanwhile."""
        await asyncio.sleep(settle)
        t_start = time.perf_counter()
        self.stop_at = t_start + seconds
        cpu0, me0 = cpu_seconds(server_pid), time.process_time()
        self.started.set()
        await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - t_start
        server_cpu = (cpu_seconds(server_pid) - cpu0) / elapsed
        client_cpu = (time.process_time() - me0) / elapsed
        return elapsed, server_cpu, client_cpu
