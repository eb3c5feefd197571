"""What the connector reads about the portal and keeps for a while (``ttl_seconds``): the owners who can own
records, the options of enumeration properties, and the association types between two objects (a note and a
company...). Each is read once per period, not once per call."""

import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

from integrations.base.errors import PermanentError
from integrations.crm.hubspot.api import HubSpotApi
from integrations.crm.hubspot.options import Enumeration
from integrations.crm.hubspot.values import Owner

T = TypeVar("T")


class Lookups:
    def __init__(self, api: HubSpotApi, *, ttl_seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self._api = api
        self._ttl = ttl_seconds
        self._clock = clock
        self._kept: dict[tuple[str, ...], tuple[float, object]] = {}

    async def owners(self) -> list[Owner]:
        async def read() -> list[Owner]:
            return [
                Owner(
                    str(o["id"]), " ".join(filter(None, [o.get("firstName"), o.get("lastName")])), o.get("email") or ""
                )
                for o in await self._api.owners()
            ]

        return await self._kept_or(("owners",), read)

    async def enumeration(self, object_type: str, name: str) -> Enumeration:
        return await self._kept_or(("enumeration", object_type, name), lambda: self._api.enumeration(object_type, name))

    async def association_type(self, from_type: str, to_type: str) -> int:
        """HubSpot's unlabeled (default) association type from ``from_type`` to ``to_type``."""
        found = await self._kept_or(
            ("association", from_type, to_type), lambda: self._api.association_types(from_type, to_type)
        )
        unlabeled = [type_id for type_id, label in found if not label]
        if not unlabeled:
            raise PermanentError(f"HubSpot cannot associate {from_type} with {to_type}", service="hubspot")
        return unlabeled[0]

    async def _kept_or(self, key: tuple[str, ...], read: Callable[[], Awaitable[T]]) -> T:
        kept = self._kept.get(key)
        if kept is None or self._clock() - kept[0] > self._ttl:
            kept = (self._clock(), await read())
            self._kept[key] = kept
        return kept[1]  # type: ignore[return-value]
