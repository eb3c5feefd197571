"""The clock the CLI plans against: ``--now``/``--tz`` or the real clock and the local zone."""

from datetime import datetime, tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


class ClockError(ValueError):
    pass


def known_zone(name: object) -> bool:
    """Whether ``name`` is an IANA zone this machine knows (``Mars/Phobos``, ``America``, ``../x`` are not)."""
    if not isinstance(name, str) or not name:
        return False
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return False
    return True


def zone(name: str | None, fallback: str | None = None) -> tzinfo:
    """The named IANA zone; else ``fallback`` (e.g. the TZ setting); else the machine's zone; else UTC."""
    if name and not known_zone(name):
        raise ClockError(f"unknown time zone {name[:64]!r} (an IANA name, e.g. America/New_York)")
    for candidate in (name, fallback):
        if candidate and known_zone(candidate):
            return ZoneInfo(candidate)
    return _machine_zone()


def _machine_zone() -> tzinfo:
    link = Path("/etc/localtime")
    try:
        target = str(link.resolve())
        if "zoneinfo/" in target:
            return ZoneInfo(target.split("zoneinfo/", 1)[1])
    except (OSError, ZoneInfoNotFoundError, ValueError):
        pass
    return ZoneInfo("UTC")


def resolve_now(now: str | None, tz: tzinfo) -> datetime:
    """``--now`` as local wall-clock time in ``tz``, or an ISO time with an offset (converted to ``tz``)."""
    if not now:
        return datetime.now(tz)
    try:
        moment = datetime.fromisoformat(now)
    except ValueError as error:
        raise ClockError(f"--now {now!r} is not an ISO 8601 time (e.g. 2026-03-02T09:00:00)") from error
    if moment.tzinfo is None:
        return moment.replace(tzinfo=tz)
    return moment.astimezone(tz)
