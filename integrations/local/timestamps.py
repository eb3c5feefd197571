"""How instants are stored (UTC text that sorts as time does) and shown (ISO 8601 in the workspace's zone)."""

from datetime import UTC, datetime, tzinfo

_STORAGE_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


def storage_key(moment: datetime) -> str:
    """``2026-03-02T14:00:00.000000Z``: fixed width, so text order is time order in SQL."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{moment.isoformat()} has no UTC offset")
    return moment.astimezone(UTC).strftime(_STORAGE_FORMAT)


def from_storage(key: str) -> datetime:
    return datetime.strptime(key, _STORAGE_FORMAT).replace(tzinfo=UTC)


def local_iso(key: str, zone: tzinfo) -> str:
    """A stored instant as ISO 8601 with the offset in force in ``zone`` then (``2026-03-09T09:30:00-04:00``)."""
    return from_storage(key).astimezone(zone).isoformat(timespec="seconds")
