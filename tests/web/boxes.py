"""Boxes of elements on a page (``{x, y, w, h}`` as ``getBoundingClientRect`` gives them,
in CSS pixels): whether one is on screen, inside another, or over another."""

from __future__ import annotations

Box = dict[str, float]


def in_view(b: Box, vw: float, vh: float, eps: float = 0.5) -> bool:
    """Whether ``b`` lies wholly on a ``vw`` × ``vh`` screen."""
    return (
        b["x"] >= -eps
        and b["y"] >= -eps
        and b["x"] + b["w"] <= vw + eps
        and b["y"] + b["h"] <= vh + eps
    )


def overlap(a: Box, b: Box, eps: float = 0.5) -> bool:
    """Whether ``a`` and ``b`` cover some of the same area (touching is not overlapping)."""
    return (
        a["x"] + a["w"] > b["x"] + eps
        and b["x"] + b["w"] > a["x"] + eps
        and a["y"] + a["h"] > b["y"] + eps
        and b["y"] + b["h"] > a["y"] + eps
    )


def inside(a: Box, b: Box, eps: float = 0.5) -> bool:
    """Whether ``a`` lies wholly within ``b``."""
    return (
        a["x"] >= b["x"] - eps
        and a["y"] >= b["y"] - eps
        and a["x"] + a["w"] <= b["x"] + b["w"] + eps
        and a["y"] + a["h"] <= b["y"] + b["h"] + eps
    )
