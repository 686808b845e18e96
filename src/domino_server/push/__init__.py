"""Web Push reminders for correspondence tables (issue 17).

The table side tells :class:`Reminders` what became of a table after each committed event
(:meth:`Reminders.table_changed` with a :class:`TableNews`, made by :func:`news_from`
from the table's public summary and a spectator's view); :mod:`.plan` decides which
reminders that calls for, they are kept in the database and :mod:`.sender` delivers them
with ``pywebpush`` off the event loop.
"""

from . import rows
from .news import TableNews, news_from
from .service import Reminders

__all__ = ["Reminders", "TableNews", "news_from", "rows"]
