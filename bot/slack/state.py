"""What the Slack front end remembers: events already seen (Slack retries them) and in which order their threads
must be worked on, where each plan's message is (to update it in place), the decisions shown on it, and recent
results.

``SlackState`` is the contract; ``SqliteSlackState`` (one file, one host) and ``PostgresSlackState`` (replicas
sharing a database) implement it and pass ``tests/bot/slack_state/conformance.py``. ``SlackState.open(location)``
picks by location: a ``postgresql://`` URL, or the path of a SQLite file. Schemas are migrated on open by alembic
(``state_migrations``), as the plan store's are; ``migrate(location)`` does only that.

The inbox: a receipt recorded with its ``payload`` (the request as received) is held by the process that recorded it
(its ``owner``, renewing the heartbeat while it works on it) until ``mark_processed``; one whose owner stopped is
taken over by another process (``take_abandoned``), which processes the request again.

Retention: ``prune(before)`` removes event receipts, plan message records (by their last change) and recent results
older than ``before``; what a person was told once (``claim_telling``) is kept. Redaction: a state opened with
``redact=True`` keeps no result lines (``REDACTED_LINE``) and keeps a step's title (in recent results and in the plan
message's decisions) as its tool's name in words ("Send an email": a title is made of the request's words).
"""

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol, runtime_checkable

from integrations.base.titles import tool_title
from planning.store import Clock, is_postgres_url
from planning.store.protocol import utc_now

RECENT_KEPT = 20
ABANDON_AFTER = timedelta(seconds=60)
_SLACK_TS = re.compile(r"(\d{1,15})(?:\.(\d{1,9}))?")
REDACTED_LINE = "(details not kept: redaction is on)"
MAX_ATTEMPTS = 10  # a request tried this often (its process stopped each time, or it failed) is not tried again
PRUNED = (("seen_events", "seen_at"), ("plan_messages", "updated_at"), ("recent_results", "at"))  # table, its time
WHERE_COLUMNS = "team_id, channel, thread_ts, requester, is_dm, message_ts"  # a plan message's place, as stored


@dataclass(frozen=True, slots=True)
class Where:
    """A conversation's place in Slack: the thread a plan lives in, and its plan message once posted."""

    team_id: str
    channel: str
    thread_ts: str
    requester: str
    is_dm: bool
    message_ts: str | None = None

    @property
    def thread_key(self) -> str:
        return thread_key(self.team_id, self.channel, self.thread_ts, self.is_dm)


@dataclass(frozen=True, slots=True)
class Received:
    """A request taken from the inbox to be processed again: its receipt, what Slack sent, and which try this is."""

    team_id: str
    event_id: str
    payload: str
    attempts: int


def thread_key(team_id: str, channel: str, thread_ts: str, is_dm: bool) -> str:
    """One plan per thread, in a channel and in a direct message alike (``is_dm`` no longer changes the key).

    ``legacy_dm_key`` is the key DM plans had before (one per conversation), still read for plans opened then."""
    return f"slack:{team_id}:{channel}:{thread_ts}"


def legacy_dm_key(team_id: str, channel: str) -> str:
    return f"slack:{team_id}:{channel}"


def recent_owner(team_id: str, user_id: str) -> str:
    """Whose recent results a row holds: the person in their workspace (a user id may exist in two workspaces)."""
    return f"{team_id}:{user_id}" if team_id else user_id


def where_of_key(key: str, requester: str) -> Where | None:
    """A plan's place rebuilt from its thread key, for a plan whose message was never posted (its process stopped
    first); None for a key that is not a Slack thread's."""
    parts = key.split(":")
    if len(parts) == 3 and parts[0] == "slack":
        return Where(parts[1], parts[2], "", requester, is_dm=True)
    if len(parts) == 4 and parts[0] == "slack":
        return Where(parts[1], parts[2], parts[3], requester, is_dm=parts[2].startswith("D"))
    return None


def where_values(where: Where) -> tuple[object, ...]:
    """The columns ``remember`` writes after the session id: ``WHERE_COLUMNS``, then the thread key."""
    return (
        where.team_id,
        where.channel,
        where.thread_ts,
        where.requester,
        where.is_dm,
        where.message_ts,
        where.thread_key,
    )


def where_of_row(row: Sequence[Any]) -> Where:
    """A plan message's place from a row of ``WHERE_COLUMNS``."""
    return Where(row[0], row[1], row[2], row[3], bool(row[4]), row[5])


def event_order(ts: str | None) -> str | None:
    """A Slack ``ts`` ("1712345678.123456") as text that sorts in time order; None if it is not one."""
    match = _SLACK_TS.fullmatch(ts or "")
    if match is None:
        return None
    return f"{int(match[1]):015d}.{(match[2] or '').ljust(9, '0')}"


def kept_line(line: str, *, redact: bool) -> str:
    """What a recent result keeps of its line: nothing of it with redaction on."""
    return REDACTED_LINE if redact else line


def kept_title(title: str, tool: str, *, redact: bool) -> str:
    """What is kept of a step's title: with redaction on, its tool's name in words, never the request's words."""
    return tool_title(tool) if redact else title


def kept_result(title: str, tool: str, line: str, *, redact: bool) -> tuple[str, str]:
    """What a recent result keeps: its title and its line, as ``kept_title`` and ``kept_line`` say."""
    return kept_title(title, tool, redact=redact), kept_line(line, redact=redact)


def decision_line(line: str, title: str, tool: str, *, redact: bool) -> str:
    """A decision as the plan message's record keeps it: "Approved by <@U1>" and the step's kept title, if any."""
    if not title and not tool:
        return line
    return f"{line}: {kept_title(title, tool, redact=redact)}"


@runtime_checkable
class SlackState(Protocol):
    """The Slack front end's shared memory. Events are recorded on receipt, before anything else happens."""

    @classmethod
    async def open(
        cls,
        location: str | os.PathLike[str],
        *,
        clock: Clock = utc_now,
        abandon_after: timedelta = ABANDON_AFTER,
        redact: bool = False,
    ) -> "SlackState":
        """The state at ``location`` (migrated if needed): PostgreSQL for a ``postgresql://`` URL, else SQLite.

        An event received more than ``abandon_after`` ago and still not processed is taken as abandoned (its
        replica died) and no longer holds back later events of its thread. ``redact``: keep no result lines.
        """
        if is_postgres_url(location):
            from bot.slack.state_postgres import PostgresSlackState

            return await PostgresSlackState.open(location, clock=clock, abandon_after=abandon_after, redact=redact)
        from bot.slack.state_sqlite import SqliteSlackState

        return await SqliteSlackState.open(location, clock=clock, abandon_after=abandon_after, redact=redact)

    async def close(self) -> None:
        """Release connections; closing twice is harmless."""
        ...

    async def first_sighting(
        self,
        team_id: str,
        event_id: str,
        *,
        thread_key: str | None = None,
        event_ts: str | None = None,
        payload: str | None = None,
        owner: str = "",
    ) -> bool:
        """Record an event on receipt; False when it was seen before (a Slack retry, or another replica got it).

        ``thread_key`` and ``event_ts`` (the message's Slack ``ts``) place it in its thread's order. With
        ``payload`` (the request as JSON text) the receipt is an inbox entry, held by ``owner`` from now (its first
        attempt) until it is processed or its owner stops renewing it (``take_abandoned``).
        """
        ...

    async def renew_receipts(self, owner: str, receipts: Sequence[tuple[str, str]]) -> int:
        """Stamp the heartbeat of those ``receipts`` (``(team_id, event_id)``) that ``owner`` holds and that are not
        processed; returns how many were stamped (one taken over by another process is not)."""
        ...

    async def take_abandoned(
        self, owner: str, *, idle_seconds: float, max_attempts: int = MAX_ATTEMPTS, limit: int = 50
    ) -> list[Received]:
        """Take over inbox entries not processed whose heartbeat is at least ``idle_seconds`` old (the process
        holding them stopped) and that were tried fewer than ``max_attempts`` times, oldest heartbeat first: each
        becomes ``owner``'s, its heartbeat now, one attempt more. Of concurrent callers, each entry goes to one."""
        ...

    async def take_stale(self, team_id: str, event_id: str, owner: str, *, idle_seconds: float) -> bool:
        """Take over a receipt recorded without a payload (a claim, ``bot.slack.posted_once``) that is not processed
        and whose heartbeat is at least ``idle_seconds`` old: it becomes ``owner``'s, its heartbeat now. Of
        concurrent callers, one gets it."""
        ...

    async def mark_processed(self, team_id: str, event_id: str) -> None:
        """The event has been acted on (or deliberately ignored): later events of its thread may go ahead, and its
        payload is no longer kept (the receipt stays, for Slack's retries, until ``prune``)."""
        ...

    async def earlier_unprocessed(self, thread_key: str, event_ts: str) -> bool:
        """Whether an event of this thread with a smaller ``ts`` was received, not abandoned, and not processed."""
        ...

    async def remember(self, session_id: str, where: Where) -> None:
        """Record where a plan lives; for a plan already recorded, only its message ``ts`` changes."""
        ...

    async def where(self, session_id: str) -> Where | None: ...

    async def where_thread(self, key: str) -> Where | None:
        """The place of the plan most recently remembered in the thread with this key (an indexed lookup)."""
        ...

    async def decide(self, session_id: str, line: str, *, title: str = "", tool: str = "") -> list[str]:
        """Add who decided what (``line``: "Approved by <@U1>") on which step (its ``title`` and ``tool``, kept as
        ``decision_line`` says) to the plan message's record (atomically); returns every decision so far."""
        ...

    async def decisions(self, session_id: str) -> list[str]: ...

    async def add_recent(self, user_id: str, title: str, line: str, *, tool: str = "") -> None:
        """Add a result of a step (its ``title``, of ``tool``) to the user's recent ones (``user_id``:
        ``recent_owner(team, user)``); only the latest ``RECENT_KEPT`` are kept."""
        ...

    async def recent(self, user_id: str, limit: int = 10) -> list[tuple[str, str]]:
        """The user's latest results, newest first, as (title, line)."""
        ...

    async def claim_telling(self, team_id: str, user_id: str, notice: str) -> bool:
        """Take the telling of ``notice`` (a name: "default_zone") to a person of a workspace: True for the first
        caller ever, across restarts and replicas; False when it was told (or is being told) already."""
        ...

    async def untold(self, team_id: str, user_id: str, notice: str) -> None:
        """The telling taken failed (Slack refused every way): it is taken again next time."""
        ...

    async def prune(self, before: datetime) -> int:
        """Remove what is older than ``before`` (see ``PRUNED``); returns how many rows went."""
        ...


async def migrate(location: str | os.PathLike[str]) -> int:
    """Bring the Slack state at ``location`` to the current schema (as opening it would); returns its version."""
    if is_postgres_url(location):
        from bot.slack.state_postgres import migrate as migrate_postgres

        return await migrate_postgres(os.fspath(location))
    from bot.slack.state_sqlite import migrate as migrate_sqlite

    return await migrate_sqlite(os.fspath(location))
