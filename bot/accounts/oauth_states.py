"""Sign-ins in progress, in the plan store's ``oauth_states`` table (SQLite or PostgreSQL): one row per step.

A row is kept under the SHA-256 of its key (a ``state``, a Connect link's nonce, a confirmation's id) and taken once:
the first ``take`` deletes it, so a replayed callback finds nothing; ``take`` with the browser's cookie hash takes it
only for that browser, so a stranger's callback leaves it for its owner. What a step carries (the PKCE verifier,
the OpenID nonce, who signed in with Slack, tokens waiting for a confirmation) is sealed by the caller.

Steps (``Step``), kept in the ``service`` column as ``<step>:<service>`` (a provider's step as the bare service):
``link`` a Connect link opened (its nonce, so a second opening is refused), ``slack`` waiting for Sign in with
Slack, ``provider`` waiting for the service's sign-in, ``form`` the password page, ``held`` a connected account
waiting for its person's confirmation in Slack.
"""

import hashlib
import os
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, cast

from planning.store.columns import Row
from planning.store.credentials import Kind

Execute = Callable[[str, Sequence[Any]], Awaitable[tuple[list[Row], int]]]
_COLUMNS = "state_hash, team, user_id, shared, service, kinds, verifier, browser, expires_at"
Step = Literal["link", "slack", "provider", "form", "held"]
_STEPS: tuple[Step, ...] = ("link", "slack", "form", "held")  # kept as a prefix; "provider" is the bare service


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class PendingSignIn:
    state_hash: str
    team: str
    user: str  # who connects
    shared: bool  # the workspace's CRM, connected by ``user`` (an admin) for everyone
    service: str
    kinds: tuple[Kind, ...]
    sealed: bytes = field(repr=False)  # what the step carries, sealed by the caller
    browser: str = field(repr=False)  # the hash of the cookie set in the browser that started it ("": none)
    expires_at: datetime
    step: Step = "provider"

    @property
    def service_column(self) -> str:
        """How the step is kept in the ``service`` column."""
        return self.service if self.step == "provider" else f"{self.step}:{self.service}"


class SignInStates:
    def __init__(self, execute: Execute, mark: str, close: Callable[[], Awaitable[None]]) -> None:
        self._execute = execute
        self._mark = mark
        self._close = close

    def _sql(self, text: str) -> str:
        return text.replace("?", self._mark)

    def _time(self, value: datetime) -> Any:
        return value.astimezone(UTC).isoformat(timespec="microseconds") if self._mark == "?" else value

    def _row(self, pending: PendingSignIn) -> tuple[Any, ...]:
        who = (pending.state_hash, pending.team, pending.user, pending.shared, pending.service_column)
        return (*who, ",".join(pending.kinds), pending.sealed, pending.browser, self._time(pending.expires_at))

    async def put(self, pending: PendingSignIn, *, now: datetime) -> None:
        """Keep ``pending``; sign-ins that expired before ``now`` are dropped on the way."""
        await self._execute(self._sql("DELETE FROM oauth_states WHERE expires_at < ?"), (self._time(now),))
        await self._execute(self._sql(f"INSERT INTO oauth_states ({_COLUMNS}) VALUES {_VALUES}"), self._row(pending))

    async def claim(self, pending: PendingSignIn, *, now: datetime) -> bool:
        """Keep ``pending`` unless a row of its key is kept already: True for the first caller only (a Connect link
        opened once)."""
        await self._execute(self._sql("DELETE FROM oauth_states WHERE expires_at < ?"), (self._time(now),))
        _, count = await self._execute(
            self._sql(f"INSERT INTO oauth_states ({_COLUMNS}) VALUES {_VALUES} ON CONFLICT (state_hash) DO NOTHING"),
            self._row(pending),
        )
        return count == 1

    async def peek(self, state_hash: str) -> PendingSignIn | None:
        """The step kept under that key, left in place (to check it before taking it)."""
        rows, _ = await self._execute(
            self._sql(f"SELECT {_COLUMNS} FROM oauth_states WHERE state_hash = ?"), (state_hash,)
        )
        return _pending(rows[0]) if rows else None

    async def take(self, state_hash: str, *, browser: str | None = None) -> PendingSignIn | None:
        """The step of that key, removed: only the first caller gets it (expired or not: the caller says).
        ``browser``: only when it was started in the browser of that cookie hash (else it stays for its owner)."""
        found = await self.peek(state_hash)
        if found is None or (browser is not None and found.browser != browser):
            return None
        sql, params = "DELETE FROM oauth_states WHERE state_hash = ?", [state_hash]
        if browser is not None:
            sql, params = sql + " AND browser = ?", [*params, browser]
        _, count = await self._execute(self._sql(sql), params)
        return found if count == 1 else None

    async def close(self) -> None:
        await self._close()


_VALUES = "(?, ?, ?, ?, ?, ?, ?, ?, ?)"


def _pending(row: Row) -> PendingSignIn:
    state_hash, team, user, shared, column, kinds, sealed, browser, expires_at = row
    when = expires_at if isinstance(expires_at, datetime) else datetime.fromisoformat(expires_at)
    prefix, _, rest = str(column).partition(":")
    step: Step = next((known for known in _STEPS if known == prefix), "provider") if rest else "provider"
    return PendingSignIn(
        state_hash=state_hash,
        team=team,
        user=user,
        shared=bool(shared),
        service=rest if step != "provider" else str(column),
        kinds=tuple(cast(Kind, k) for k in str(kinds).split(",") if k),
        sealed=bytes(sealed),
        browser=browser,
        expires_at=when,
        step=step,
    )


async def open_states(location: str | os.PathLike[str]) -> SignInStates:
    """The sign-ins of the plan store at ``location`` (a ``postgresql://`` URL or a SQLite path), migrated."""
    from planning.store.opening import is_postgres_url

    if is_postgres_url(location):
        from planning.store.postgres import _execute, migrate, open_pool

        url = os.fspath(location)
        await migrate(url)
        pool = await open_pool(url, name="planbot-sign-ins", min_size=0, max_size=2, timeout=10.0)

        async def on_postgres(sql: str, params: Sequence[Any]) -> tuple[list[Row], int]:
            async with pool.connection() as connection:
                return await _execute(connection, sql, params)

        return SignInStates(on_postgres, "%s", pool.close)
    from planning.store.sqlite import migrate as migrate_sqlite
    from planning.store.sqlite_writer import SqliteFile

    await migrate_sqlite(location)
    file = await SqliteFile.open(location, what="sign-in store")
    return SignInStates(file.execute, "?", file.close)
