"""The requester's names as grounding for the understanding: a ``NameIndex`` of the names their connected accounts
hold (people, companies, deals, event titles, mail senders), kept fresh by a background task.

The request path only reads the index in hand (``mentions``); it never waits for a listing. Until the first
listing is in, the index is empty and the understanding reads requests without grounding. A listing that fails
keeps that source's previous names.
"""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence

from planning.understanding.grounding import Mention, NameIndex

logger = logging.getLogger(__name__)

NameSource = Callable[[], Awaitable[Iterable[tuple[str, str]]]]
"""Lists (name, kind) pairs of one account; kinds as ``planning.understanding.grounding`` knows them."""
REFRESH_SECONDS = 300.0


class RefreshedNames:
    """A ``Grounding`` over the names ``sources`` list; ``refresh`` lists them again, ``start`` keeps doing so."""

    def __init__(
        self, sources: Sequence[NameSource], *, every_seconds: float = REFRESH_SECONDS, one_at_a_time: bool = False
    ) -> None:
        """``one_at_a_time``: list the sources one after the other (a person's accounts: their services limit the
        requests in flight per mailbox, and the person's own requests run meanwhile), else all at once."""
        self._sources = tuple(sources)
        self._every = every_seconds
        self._one_at_a_time = one_at_a_time
        self._found: list[tuple[tuple[str, str], ...]] = [() for _ in self._sources]
        self._index: NameIndex | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def ready(self) -> bool:
        """Whether a listing is in (before that, ``mentions`` finds nothing)."""
        return self._index is not None

    def mentions(self, text: str) -> tuple[Mention, ...]:
        index = self._index  # one read: a refresh swaps the whole index
        return index.mentions(text) if index is not None else ()

    async def refresh(self) -> None:
        """List every source and swap in the new index."""
        listed: list[tuple[tuple[str, str], ...] | BaseException]
        if self._one_at_a_time:
            listed = [await _caught(source) for source in self._sources]
        else:
            listed = await asyncio.gather(*(_listed(source) for source in self._sources), return_exceptions=True)
        for position, names in enumerate(listed):
            if isinstance(names, BaseException):
                logger.warning("names not refreshed from source %d: %s", position, type(names).__name__)
            else:
                self._found[position] = names
        everything = [pair for names in self._found for pair in names]
        self._index = await asyncio.to_thread(NameIndex, everything)

    def start(self) -> None:
        """Refresh every ``every_seconds`` in the background, the first at once; ``close`` stops it."""
        if self._task is None:
            self._task = asyncio.create_task(self._keep_fresh(), name="known-names")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _keep_fresh(self) -> None:
        while True:
            await self.refresh()
            await asyncio.sleep(self._every)


async def _caught(source: NameSource) -> tuple[tuple[str, str], ...] | Exception:
    try:
        return await _listed(source)
    except Exception as error:  # as gather(return_exceptions=True) gives it
        return error


async def _listed(source: NameSource) -> tuple[tuple[str, str], ...]:
    return tuple((str(name), str(kind)) for name, kind in await source())
