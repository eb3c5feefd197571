"""Search that sees the connector's own writes: HubSpot's search pages, and the records written lately read by id.

HubSpot's search index trails writes by seconds (``recent``). ``pages`` first gives the records this connector
wrote lately, read fresh from the objects API (the caller keeps those that match), then the search's pages
without them and without the records it deleted lately. Searches run request after request (``requests``), each
followed through ``after`` for ``max_pages`` pages at most.
"""

from collections.abc import AsyncIterator, Sequence
from typing import Any

from integrations.crm.hubspot.api import HubSpotApi
from integrations.crm.hubspot.recent import RecentWrites
from integrations.crm.hubspot.search import Group, requests

Result = dict[str, Any]  # {"id", "properties"}, as search answers


class Finder:
    def __init__(self, api: HubSpotApi, recent: RecentWrites, *, max_pages: int) -> None:
        self._api = api
        self._recent = recent
        self._max_pages = max_pages

    async def pages(
        self, object_type: str, groups: list[Group], properties: Sequence[str]
    ) -> AsyncIterator[list[Result]]:
        written = self._recent.written(object_type)
        if written:
            fresh = await self._api.read_many(object_type, written, properties)
            yield [{"id": record_id, "properties": fresh[record_id]} for record_id in written if record_id in fresh]
        skipped = set(written) | self._recent.gone(object_type)
        for batch in requests(groups):
            after: str | None = None
            for _ in range(self._max_pages):
                page, after = await self._api.search(object_type, batch, properties, after)
                yield [result for result in page if str(result["id"]) not in skipped]
                if after is None:
                    break
