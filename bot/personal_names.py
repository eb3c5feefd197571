"""Each requester's own names as grounding (``planning.understanding.grounding.Groundings``): an index per person,
listed from the accounts *they* act with, kept fresh in the background.

The request path reads only what is in hand. A person whose index is not listed yet is read with the shared names
(the workspace's, of the kinds it serves to everyone; none when it serves none) while their listing runs in the
background; an index older than ``every_seconds`` is listed again in the background when its person asks, and one
background task lists again the indexes of the people who asked within ``idle_seconds`` (nobody else's accounts are
called). At most ``people`` persons are kept, the least recently asking one dropped first. A change to a person's
accounts (connected, disconnected, refused, forgotten) drops their index. Nobody's index is ever read for another
person: they are kept by (team, user).
"""

import asyncio
import contextlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.known_names import REFRESH_SECONDS, NameSource, RefreshedNames
from integrations.base.principal import Principal
from planning.understanding.grounding import Grounding

logger = logging.getLogger(__name__)
PEOPLE = 128  # persons whose index is kept (bench/personal_names.py: at most ~0.5 MiB each, typically far less)
IDLE_SECONDS = 1800.0  # a person who has not asked for this long is not listed again until they ask

SourcesOf = Callable[[Principal], Sequence[NameSource]]
"""The listings of one person's names: their own accounts' (and the shared ones)."""
_Key = tuple[str, str]


@dataclass(eq=False)
class _Person:
    names: RefreshedNames
    asked_at: float
    listed_at: float | None = None  # when their last listing finished
    listing: asyncio.Task[None] | None = None


class PersonalNames:
    """``Groundings``: ``shared`` for a request of nobody in particular, each person's own index for theirs
    (``sources_of`` None: every kind of account is shared, and so are the names)."""

    def __init__(
        self,
        shared: RefreshedNames,
        sources_of: SourcesOf | None,
        *,
        people: int = PEOPLE,
        every_seconds: float = REFRESH_SECONDS,
        idle_seconds: float = IDLE_SECONDS,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        if people < 1:
            raise ValueError("keep the names of one person at least")
        self._shared = shared
        self._sources_of = sources_of
        self._capacity = people
        self._every = every_seconds
        self._idle = idle_seconds
        self._monotonic = monotonic
        self._people: OrderedDict[_Key, _Person] = OrderedDict()
        self._guard = threading.Lock()  # read from the parse's worker thread, changed on the event loop
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Keep the shared names, and those of the people asking, fresh (on this event loop); ``close`` stops it."""
        self._loop = asyncio.get_running_loop()
        self._shared.start()
        if self._task is None and self._sources_of is not None:
            self._task = asyncio.create_task(self._keep_fresh(), name="personal-names")

    def for_requester(self, who: Principal | None) -> Grounding | None:
        """``who``'s index when it is listed, else the shared names; a listing due starts in the background."""
        if who is None or not who.user or self._sources_of is None:
            return self._shared
        now = self._monotonic()
        with self._guard:
            person = self._people.get((who.team, who.user))
            if person is not None:
                self._people.move_to_end((who.team, who.user))
                person.asked_at = now
        if person is None or self._due(person, now):
            self._soon(who)
        return person.names if person is not None and person.names.ready else self._shared

    async def refresh(self, who: Principal) -> RefreshedNames:
        """List ``who``'s names now (their index made if it was not kept), and return their index (the shared one
        when every kind is shared)."""
        if self._sources_of is None:
            return self._shared
        person = self._kept(who)
        await self._list(person)
        return person.names

    async def refresh_shared(self) -> None:
        """List the shared names now."""
        await self._shared.refresh()

    def held(self) -> int:
        """How many persons' indexes are kept."""
        with self._guard:
            return len(self._people)

    def changed(self, team: str, user: str) -> None:
        """``user``'s accounts changed (``user`` empty: the workspace's, which its members act with): their index
        goes, and is listed again when they next ask."""
        with self._guard:
            # the workspace's account of no team named serves the install's one workspace: everyone
            gone = [key for key in self._people if key[1] == user or (not user and (not team or key[0] in ("", team)))]
            dropped = [self._people.pop(key) for key in gone]
        for person in dropped:
            if person.listing is not None:
                person.listing.cancel()

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        with self._guard:
            kept, self._people = list(self._people.values()), OrderedDict()
        listings = [person.listing for person in kept if person.listing is not None]
        for listing in listings:
            listing.cancel()
        await asyncio.gather(self._shared.close(), *listings, return_exceptions=True)

    def _due(self, person: _Person, now: float) -> bool:
        listed = person.listed_at
        return person.listing is None and (listed is None or now - listed >= self._every)

    def _soon(self, who: Principal) -> None:
        """Start ``who``'s listing on the event loop, from whichever thread asks."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._start_listing(who)
        else:
            loop.call_soon_threadsafe(self._start_listing, who)

    def _start_listing(self, who: Principal) -> None:
        person = self._kept(who)
        if self._due(person, self._monotonic()):
            person.listing = asyncio.get_running_loop().create_task(self._list(person), name="person-names")

    async def _list(self, person: _Person) -> None:
        try:
            await person.names.refresh()
            person.listed_at = self._monotonic()
        finally:
            if person.listing is asyncio.current_task():
                person.listing = None

    def _kept(self, who: Principal) -> _Person:
        """``who``'s entry, made if it was not kept (the least recent person dropped past capacity)."""
        key = (who.team, who.user)
        with self._guard:
            person = self._people.get(key)
            if person is not None:
                self._people.move_to_end(key)
                return person
            sources = self._sources_of(who) if self._sources_of is not None else ()
            person = _Person(RefreshedNames(sources, one_at_a_time=True), asked_at=self._monotonic())
            self._people[key] = person
            evicted = self._people.popitem(last=False)[1] if len(self._people) > self._capacity else None
        if evicted is not None and evicted.listing is not None:
            evicted.listing.cancel()
        return person

    async def _keep_fresh(self) -> None:
        """Every ``every_seconds``: list again the indexes of the people who asked within ``idle_seconds``."""
        while True:
            await asyncio.sleep(self._every)
            now = self._monotonic()
            with self._guard:
                due = [p for p in self._people.values() if now - p.asked_at < self._idle and self._due(p, now)]
            for person in due:  # one person at a time: the services are not all called at once
                try:
                    await self._list(person)
                except Exception:
                    logger.exception("listing a person's names failed")
