"""The ``domino`` command: ``replay FILE | verify FILE | serve ... | arena ... | copy-db ...``.

``replay`` checks a game record (``docs/RECORD.md``) and prints its results
as one JSON object (exit 0), or one line naming the round and play of the first
problem on standard error (exit 2). ``verify`` checks every round's fair-deal proof
(``domino-record/2``) and prints ``OK ...`` (exit 0), or one line naming the first
round and what does not match (exit 2). ``serve``, ``arena`` and ``copy-db`` hand every
argument after their name to the module that owns them (``domino_server.cli.main``,
``domino_core.arena.main``, ``domino_server.copy_cli.main``), imported only when asked
for, so that ``domino_core`` never imports the server unless ``serve`` or ``copy-db`` is
run.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, cast

__all__ = ["main"]

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_BAD_RECORD = 2

_PASSTHROUGH = {
    "serve": ("domino_server.cli", "run the game server (options: domino serve --help)"),
    "arena": ("domino_core.arena", "play computer players against each other "
                                   "(options: domino arena --help)"),
    "copy-db": ("domino_server.copy_cli", "copy a host's tables and players into another, "
                                          "empty database (options: domino copy-db --help)"),
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="domino", description="Dominó: rules engine, game records and server.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    rep = sub.add_parser("replay", help="check a game record and print its results as JSON",
                         description="Replay a domino-record file (/1, /2 or /3; - for "
                                     "standard input) and print the rounds, the score and "
                                     "the winner as JSON.")
    rep.add_argument("file", metavar="FILE", help="the record (JSON); - reads standard input")
    ver = sub.add_parser("verify", help="check that every deal of a record is the one its "
                                        "committed seeds fix",
                         description="Recompute every round's commitment and deal of a "
                                     "domino-record/2 file (- for standard input).")
    ver.add_argument("file", metavar="FILE", help="the record (JSON); - reads standard input")
    for name, (_module, text) in _PASSTHROUGH.items():
        sub.add_parser(name, help=text, add_help=False)
    return parser


#: What ``_load`` gives for a file it could not read (a file may hold JSON ``null``).
_UNREADABLE = object()


def _load(path: str, command: str) -> Any:
    """The JSON at ``path`` (``-``: standard input; a UTF-8 byte-order mark is allowed), or
    ``_UNREADABLE`` after printing one line saying why not."""
    try:
        if path == "-":
            text = sys.stdin.read().removeprefix("\ufeff")
        else:
            with open(path, encoding="utf-8-sig") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"domino {command}: cannot read {path}: {exc}", file=sys.stderr)
        return _UNREADABLE
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        print(f"domino {command}: {path} is not JSON: {exc}", file=sys.stderr)
    except RecursionError:
        print(f"domino {command}: {path} is nested too deeply to be a record", file=sys.stderr)
    except ValueError as exc:  # e.g. an integer of thousands of digits
        print(f"domino {command}: {path} is not a record's JSON: {exc}", file=sys.stderr)
    return _UNREADABLE


def _replay(path: str) -> int:
    from domino_core.record import RecordError
    from domino_core.record_replay import replay

    record = _load(path, "replay")
    if record is _UNREADABLE:
        return EXIT_BAD_RECORD
    try:
        result = replay(record)
    except RecordError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_RECORD
    print(json.dumps(result, indent=1))
    return EXIT_OK


def _verify(path: str) -> int:
    from domino_core.record import RecordError
    from domino_core.verify import FairMismatch, verify_record

    record = _load(path, "verify")
    if record is _UNREADABLE:
        return EXIT_BAD_RECORD
    try:
        rounds = verify_record(record)
    except (FairMismatch, RecordError) as exc:
        print(f"NOT VERIFIED: {exc}")
        return EXIT_BAD_RECORD
    print(f"OK: {rounds} round{'s' if rounds != 1 else ''}; every deal is the one its "
          "committed server seed and client seeds fix")
    return EXIT_OK


def _passthrough(name: str, rest: list[str]) -> int:
    module = importlib.import_module(_PASSTHROUGH[name][0])
    entry = cast(Callable[[list[str]], Any], module.main)
    code = entry(rest)
    return code if isinstance(code, int) else EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``domino`` command with ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in _PASSTHROUGH:
        return _passthrough(args[0], args[1:])
    try:
        ns = _parser().parse_args(args)
    except SystemExit as exc:  # argparse exits on --help (0) and on usage errors (2)
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    return _verify(ns.file) if ns.command == "verify" else _replay(ns.file)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
