"""Dominó game server: tables by link, a typed websocket protocol, durable play.

The server referees with :mod:`domino_core` and holds no game rule itself.
Build the ASGI app with :func:`domino_server.app.create_app`.
"""

__all__ = ["__version__"]

__version__ = "0.1.0"
