"""A player's command from the wire (:mod:`domino_server.protocol.commands`) as the table
machine's command (:mod:`domino_server.table.commands`); a fresh server seed is drawn
when the command may start a round (the machine deals from it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..protocol import commands as c
from ..table import commands as mc

__all__ = ["machine_command"]


def machine_command(seat: int | None, cmd: Any, dealer: Callable[[], bytes]) -> mc.Command:
    """The machine's command for a socket's (or an HTTP route's) ``cmd``."""
    if isinstance(cmd, c.Play):
        return mc.Play(seat, cmd.id, "play", cmd.tile, cmd.end, cmd.at)
    if isinstance(cmd, c.Draw | c.Pass):
        return mc.Play(seat, cmd.id, cmd.type, at=cmd.at)
    if isinstance(cmd, c.Start):
        return mc.Start(seat, cmd.id, dealer())
    if isinstance(cmd, c.NextRound):
        return mc.NextRound(seat, cmd.id, dealer())
    if isinstance(cmd, c.Resign):
        return mc.Resign(seat, cmd.id)
    if isinstance(cmd, c.ProposeAnnulment):
        return mc.Propose(seat, cmd.id)
    if isinstance(cmd, c.VoteAnnulment):
        return mc.Vote(seat, cmd.id, cmd.agree)
    if isinstance(cmd, c.ClaimAbsence):
        return mc.Claim(seat, cmd.id)
    if isinstance(cmd, c.React):
        return mc.React(seat, cmd.id, cmd.reaction)
    if isinstance(cmd, c.OfferRematch):
        return mc.Rematch(seat, cmd.id, cmd.table)
    if isinstance(cmd, c.ClientSeed):
        return mc.ClientSeed(seat, cmd.id, cmd.round, cmd.seed)
    raise TypeError(f"unknown command {type(cmd).__name__}")
