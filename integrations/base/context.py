"""What a tool call knows of the request it serves: the requester's time zone.

The engine runs each tool call inside ``in_zone(session zone)``; a connector that reads dates out of text
(``extract``) asks ``request_zone()`` and falls back to the zone it was built with. A context variable, so
the zone reaches the one tool that needs it without a parameter on every connector's ``call``.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from zoneinfo import ZoneInfo

_ZONE: ContextVar[str | None] = ContextVar("planbot_request_zone", default=None)


def request_zone() -> str | None:
    """The IANA zone of the request being served, or None outside a call (or when the engine gave none)."""
    return _ZONE.get()


def zone_info(default: str | None) -> ZoneInfo:
    """The request's zone when there is one, else ``default``; UTC when neither names a known zone."""
    for name in (request_zone(), default):
        if name:
            try:
                return ZoneInfo(name)
            except (ValueError, KeyError):
                continue
    return ZoneInfo("UTC")


@contextmanager
def in_zone(zone: str | None) -> Iterator[None]:
    """Run the block as serving a request in ``zone`` (``None`` leaves the current one)."""
    if zone is None:
        yield
        return
    token = _ZONE.set(zone)
    try:
        yield
    finally:
        _ZONE.reset(token)
