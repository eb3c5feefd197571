"""Sign-ins in progress in the plan store (SQLite and PostgreSQL): taken once, even by two callbacks at the same
moment, only by the browser that started them, claimed once (a Connect link opened twice), and dropped once
expired."""

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.accounts.oauth_states import PendingSignIn, SignInStates, digest, open_states

NOW = datetime(2026, 3, 2, 14, 0, tzinfo=UTC)


def pending(state: str, expires_at: datetime = NOW + timedelta(minutes=10)) -> PendingSignIn:
    return PendingSignIn(
        state_hash=digest(state),
        team="T1",
        user="UA",
        shared=False,
        service="google",
        kinds=("email", "calendar"),
        sealed=b"\x00sealed-verifier",
        browser=digest("cookie"),
        expires_at=expires_at,
    )


@pytest.fixture(params=["sqlite", "postgres"])
async def states(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SignInStates]:
    location = tmp_path / "plans.sqlite3" if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    opened = await open_states(location)
    yield opened
    await opened.close()


async def test_a_sign_in_is_taken_once_even_by_two_callbacks_at_once(states: SignInStates) -> None:
    await states.put(pending("s1"), now=NOW)
    taken = await asyncio.gather(states.take(digest("s1")), states.take(digest("s1")))
    winners = [t for t in taken if t is not None]
    assert len(winners) == 1
    assert winners[0] == pending("s1") and winners[0].kinds == ("email", "calendar")
    assert await states.take(digest("s1")) is None
    assert await states.take(digest("never")) is None


async def test_expired_sign_ins_are_dropped_when_another_starts(states: SignInStates) -> None:
    await states.put(pending("old", expires_at=NOW - timedelta(seconds=1)), now=NOW - timedelta(minutes=11))
    await states.put(pending("fresh"), now=NOW)
    assert await states.take(digest("old")) is None
    assert await states.take(digest("fresh")) is not None


async def test_a_step_is_taken_only_for_the_browser_that_started_it(states: SignInStates) -> None:
    await states.put(pending("s1"), now=NOW)
    assert await states.take(digest("s1"), browser=digest("a stranger's cookie")) is None
    assert await states.peek(digest("s1")) == pending("s1")  # still there for its owner
    assert await states.take(digest("s1"), browser=digest("cookie")) == pending("s1")
    assert await states.peek(digest("s1")) is None


async def test_a_key_is_claimed_once_even_by_two_openings_at_once(states: SignInStates) -> None:
    link = replace(pending("link:n1"), step="link", kinds=(), sealed=b"", browser="")
    claimed = await asyncio.gather(states.claim(link, now=NOW), states.claim(link, now=NOW))
    assert sorted(claimed) == [False, True]
    assert await states.claim(link, now=NOW) is False
    found = await states.peek(digest("link:n1"))
    assert found is not None and (found.step, found.service) == ("link", "google")
    later = NOW + timedelta(minutes=11)  # once expired it is dropped: a new claim of the key would win again
    assert await states.claim(replace(link, expires_at=later + timedelta(minutes=10)), now=later) is True
