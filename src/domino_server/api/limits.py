"""Rate limits: a token bucket, and one bucket per client address for table creation
(so that one client cannot fill the server with tables and their bots)."""

from __future__ import annotations

import math
import time


class TokenBucket:
    """``rate`` actions per second sustained, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.level = float(burst)
        self.stamp = time.monotonic()

    def refill(self, now: float) -> None:
        """Add what ``rate`` earned since the last look."""
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        """Spend one action if the bucket allows it."""
        self.refill(time.monotonic())
        if self.level >= 1.0:
            self.level -= 1.0
            return True
        return False

    def wait_seconds(self) -> float:
        """How long until one action is allowed again (inf if the rate is 0)."""
        if self.level >= 1.0:
            return 0.0
        return math.inf if self.rate <= 0 else (1.0 - self.level) / self.rate


class AddressLimiter:
    """One :class:`TokenBucket` per client address; full buckets are forgotten, so
    memory follows the addresses active in the last ``burst / rate`` seconds."""

    #: Forget full buckets once this many addresses are held.
    PRUNE_AT = 4096

    def __init__(self, per_minute: float, burst: int) -> None:
        self.rate = per_minute / 60.0
        self.burst = burst
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, address: str) -> float | None:
        """Spend one action for ``address``: None if allowed, else the seconds to wait."""
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.PRUNE_AT:
                self._prune()
            bucket = self.buckets[address] = TokenBucket(self.rate, self.burst)
        if bucket.take():
            return None
        return bucket.wait_seconds()

    def _prune(self) -> None:
        now = time.monotonic()
        for address, bucket in list(self.buckets.items()):
            bucket.refill(now)
            if bucket.level >= bucket.burst:
                del self.buckets[address]
