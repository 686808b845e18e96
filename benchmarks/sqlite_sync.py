"""What ``synchronous=FULL`` costs over ``NORMAL`` under WAL, per commit.

Each commit is what storing one accepted move does: insert an event row and update
the table's row, in one transaction, through the server's own engine setup
(:func:`domino_server.store.db.make_sqlite_writer`, whose pragmas the server uses),
on a file in ``--dir`` (default: ``build/``, on the disk the server would use; a
tmpfs would make every sync free). ``--batch`` commits several moves per transaction,
as the store's group commit does under load.

    python benchmarks/sqlite_sync.py [--commits 400] [--batch 1] [--dir build]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from sqlalchemy import event, text

from domino_server.store.db import make_sqlite_writer

ROOT = Path(__file__).resolve().parents[1]


def measure(folder: Path, mode: str, commits: int, batch: int) -> list[float]:
    """Seconds per transaction of ``batch`` moves, ``commits`` times, with ``mode``."""
    path = folder / f"sync-{mode.lower()}.sqlite3"
    path.unlink(missing_ok=True)
    engine = make_sqlite_writer(f"sqlite+aiosqlite:///{path}")
    assert engine is not None

    @event.listens_for(engine, "connect")
    def _mode(dbapi_conn, _record):  # type: ignore[no-untyped-def]
        dbapi_conn.execute(f"PRAGMA synchronous={mode}")  # after the server's own pragmas

    with engine.begin() as conn:
        conn.execute(text("create table t (id text primary key, seq integer, body text)"))
        conn.execute(text("create table e (t text, seq integer, body text)"))
        conn.execute(text("insert into t values ('x', 0, '')"))
    with engine.connect() as conn:
        got = conn.exec_driver_sql("PRAGMA synchronous").scalar()
        assert got == {"NORMAL": 1, "FULL": 2}[mode], got
    body = "x" * 300  # about one stored move with its view-independent payload
    out: list[float] = []
    seq = 0
    for _ in range(commits):
        t0 = time.perf_counter()
        with engine.begin() as conn:
            for _ in range(batch):
                seq += 1
                conn.execute(text("insert into e values ('x', :s, :b)"), {"s": seq, "b": body})
                conn.execute(text("update t set seq = :s where id = 'x'"), {"s": seq})
        out.append(time.perf_counter() - t0)
    engine.dispose()
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--commits", type=int, default=400)
    p.add_argument("--batch", type=int, default=1, help="moves per transaction")
    p.add_argument("--dir", type=Path, default=ROOT / "build")
    args = p.parse_args(argv)
    args.dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        print(f"{args.commits} transactions of {args.batch} move(s), WAL, in {args.dir}")
        results = {}
        for mode in ("NORMAL", "FULL", "NORMAL", "FULL"):  # twice, interleaved
            results.setdefault(mode, []).extend(
                measure(Path(tmp), mode, args.commits // 2, args.batch)
            )
        for mode, times in results.items():
            times.sort()
            med = statistics.median(times) * 1e6
            p99 = times[int(len(times) * 0.99) - 1] * 1e6
            print(
                f"synchronous={mode:<6}  median {med:8.0f} µs   p99 {p99:8.0f} µs   "
                f"{len(times) / sum(times):8.0f} transactions/s"
            )
        full, normal = (statistics.median(results[m]) for m in ("FULL", "NORMAL"))
        print(
            f"FULL costs {(full - normal) * 1e6:.0f} µs more per transaction "
            f"({full / normal:.1f}x NORMAL)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
