"""The records this connector wrote lately, per object type: HubSpot's search index trails its objects API by
seconds, so a search run right after a write may miss a new record, show an old value, or still find a deleted one.

The connector searches, then leaves out what it wrote within ``keep_seconds`` and reads those records by id
instead (fresh, from the objects API), keeping them when they match; records it deleted are left out. At most
``limit`` records per object type are kept (the oldest go first).
"""

import time
from collections import OrderedDict
from collections.abc import Callable

DEFAULT_LIMIT = 200


class RecentWrites:
    def __init__(
        self, *, keep_seconds: float, clock: Callable[[], float] = time.monotonic, limit: int = DEFAULT_LIMIT
    ) -> None:
        self._keep = keep_seconds
        self._clock = clock
        self._limit = limit
        self._written: dict[str, OrderedDict[str, float]] = {}
        self._deleted: dict[str, OrderedDict[str, float]] = {}

    def wrote(self, object_type: str, record_id: str) -> None:
        self._note(self._written, object_type, record_id)

    def deleted(self, object_type: str, record_id: str) -> None:
        self._written.get(object_type, OrderedDict()).pop(record_id, None)
        self._note(self._deleted, object_type, record_id)

    def written(self, object_type: str) -> list[str]:
        """Ids written within the window, oldest first."""
        return list(self._fresh(self._written, object_type))

    def gone(self, object_type: str) -> set[str]:
        """Ids deleted within the window."""
        return set(self._fresh(self._deleted, object_type))

    def _note(self, kept: dict[str, OrderedDict[str, float]], object_type: str, record_id: str) -> None:
        ids = kept.setdefault(object_type, OrderedDict())
        ids.pop(record_id, None)
        ids[record_id] = self._clock()
        while len(ids) > self._limit:
            ids.popitem(last=False)

    def _fresh(self, kept: dict[str, OrderedDict[str, float]], object_type: str) -> OrderedDict[str, float]:
        ids = kept.get(object_type, OrderedDict())
        cutoff = self._clock() - self._keep
        while ids and next(iter(ids.values())) < cutoff:
            ids.popitem(last=False)
        return ids
