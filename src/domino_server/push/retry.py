"""When a reminder that a push service asked to retry is tried again (pure)."""

from __future__ import annotations

from collections.abc import Sequence


def retry_at(
    attempts: int, waits: Sequence[float], *, now: float, first: float, most: int
) -> float | None:
    """The time to try a reminder again after its ``attempts``-th try, in which some push
    services answered "later" (429 or 5xx), each asking to wait ``waits`` seconds (0: they
    did not say); None once ``most`` tries are spent (the reminder is given up).

    The wait doubles from ``first`` with each try, and is never shorter than the longest
    ``Retry-After`` asked for."""
    if attempts >= most:
        return None
    backoff: float = first * 2.0 ** (attempts - 1)
    return now + max([backoff, *waits])
