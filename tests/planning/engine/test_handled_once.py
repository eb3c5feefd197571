"""A request handled again after its process stopped changes the plans once; abandoned plans expire by a sweep,
and of two sweepers at once exactly one closes each plan and has it told. On SQLite and PostgreSQL."""

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from integrations.base import CATALOG
from integrations.base.registry import ConnectorRegistry
from planning.engine.conversation import Conversation
from planning.engine.receipts import Receipt
from planning.engine.replies import Say, ShowPlan
from planning.engine.runner import ToolRunner
from planning.engine.settings import EngineSettings
from planning.store import PlanStore, open_store
from tests.fakes import ManualClock, ScriptedConnector
from tests.planning.engine.conftest import NY, PRIYA, THREAD, approval, question

TTL_HOURS = 24


@pytest.fixture(params=["sqlite", "postgres"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "plans.sqlite3")
    else:
        yield request.getfixturevalue("postgres_url")


@pytest.fixture
async def store(location: str) -> AsyncIterator[PlanStore]:
    opened = await open_store(location)
    yield opened
    await opened.close()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


def engine(store: PlanStore, clock: ManualClock, connector: ScriptedConnector | None = None) -> Conversation:
    runner = ToolRunner(ConnectorRegistry(CATALOG, [connector or ScriptedConnector({"fetch_entity": [PRIYA]})]))
    settings = EngineSettings(session_ttl_seconds=TTL_HOURS * 3600)
    return Conversation(store=store, runner=runner, clock=clock, settings=settings)


async def expire_abandoned(bot: Conversation, receipt: str | None = None) -> dict[str, list[object]]:
    """Close every plan past its lifetime, as a sweep does; what to say in each one's thread."""
    told: dict[str, list[object]] = {}
    for session_id, version in await bot.expiring():
        closing = Receipt(f"expiry:{session_id}:{version}:{receipt}") if receipt else None
        told.update(await bot.expire(session_id, closing))
    return told


async def say(bot: Conversation, text: str, receipt: Receipt, thread: str = THREAD) -> list[object]:
    return list(await bot.message(thread_key=thread, user="alice", text=text, tz=NY, receipt=receipt))


async def test_a_new_request_handled_again_makes_no_second_plan(store: PlanStore, clock: ManualClock) -> None:
    first = engine(store, clock)
    asked = await say(first, "Email Priya saying the launch moved", Receipt("T1:Ev1"))
    assert approval(asked)  # type: ignore[arg-type]
    again = engine(store, clock)  # the next process, after the first stopped before marking the request done
    assert await say(again, "Email Priya saying the launch moved", Receipt("T1:Ev1", again=True)) == []
    [plan] = await store.list_open()
    assert plan.id == approval(asked).session_id  # type: ignore[arg-type]


async def test_a_reply_handled_again_is_not_taken_twice(store: PlanStore, clock: ManualClock) -> None:
    bot = engine(store, clock)
    asked = await say(bot, "Email Priya the Q3 deck", Receipt("T1:Ev1"))
    assert question(asked)  # type: ignore[arg-type]
    took = await say(bot, "Here is the deck", Receipt("T1:Ev2"))
    [before] = await store.list_open()
    assert await say(engine(store, clock), "Here is the deck", Receipt("T1:Ev2", again=True)) == []
    [after] = await store.list_open()
    assert after.version == before.version  # nothing saved: the reply was not read as an answer again
    assert took


async def test_a_request_delivered_again_that_was_never_handled_is_handled(
    store: PlanStore, clock: ManualClock
) -> None:
    replies = await say(engine(store, clock), "Email Priya saying hi", Receipt("T1:Ev9", again=True))
    assert approval(replies)  # type: ignore[arg-type]
    assert len(await store.list_open()) == 1


async def test_a_follow_up_handled_again_makes_no_second_plan(store: PlanStore, clock: ManualClock) -> None:
    bot = engine(store, clock)
    ask = approval(await say(bot, "Email Priya saying hi", Receipt("T1:Ev1")))
    await bot.decide(session_id=ask.session_id, step_id=ask.step_id, decision="approve", user="alice")
    assert await store.list_open() == []
    thread = {"thread_key": THREAD, "user": "alice", "text": "send it to her again", "tz": NY}
    approval(await bot.follow_up(**thread, receipt=Receipt("T1:Ev3")))  # type: ignore[arg-type]
    opened = await store.list_open()
    assert len(opened) == 1
    assert await bot.follow_up(**thread, receipt=Receipt("T1:Ev3", again=True)) == []  # type: ignore[arg-type]
    assert await store.list_open() == opened


async def test_an_abandoned_plan_expires_by_the_sweep_and_is_told_once_by_two_sweepers(
    store: PlanStore, clock: ManualClock
) -> None:
    bot = engine(store, clock)
    for n in range(3):
        await say(bot, f"Email Priya saying note {n}", Receipt(f"T1:Ev{n}"), thread=f"slack:T1:C1:{n}.0")
    clock.advance(hours=TTL_HOURS - 1)
    await say(bot, "Email Priya saying a later one", Receipt("T1:Ev7"), thread="slack:T1:C1:7.0")
    assert await expire_abandoned(bot) == {}  # none is past its lifetime yet
    clock.advance(hours=2)
    told = await asyncio.gather(expire_abandoned(engine(store, clock)), expire_abandoned(engine(store, clock)))
    threads = [thread for each in told for thread in each]
    assert sorted(threads) == [f"slack:T1:C1:{n}.0" for n in range(3)]  # each told once, by one of the two
    for each in told:
        for replies in each.values():
            assert any(isinstance(r, Say) and "expired" in r.text for r in replies)
            assert any(isinstance(r, ShowPlan) for r in replies)
    assert [r.thread_key for r in await store.list_open()] == ["slack:T1:C1:7.0"]
    assert await expire_abandoned(bot) == {}  # and never again
    expired = [e for e in await store.audit(limit=100) if e.action == "expired"]
    assert len(expired) == 3


async def test_a_closing_handled_again_after_its_process_stopped_says_it_again_and_no_other_does(
    store: PlanStore, clock: ManualClock
) -> None:
    bot = engine(store, clock)
    await say(bot, "Email Priya saying note", Receipt("T1:Ev1"))
    clock.advance(hours=TTL_HOURS + 1)
    [(session_id, version)] = await bot.expiring()
    closing = Receipt(f"expiry:{session_id}:{version}")
    [told] = (await bot.expire(session_id, closing)).values()  # closed; its process stops before telling
    assert await store.list_open() == []
    again = engine(store, clock)  # the process that takes the closing over
    assert (await again.expire(session_id, Receipt(closing.key, again=True))).popitem()[1] == told
    assert await again.expire(session_id, Receipt("expiry:another", again=True)) == {}  # not its closing
    assert await again.expire(session_id, closing) == {}  # closed: a first closing finds nothing to say
    assert await bot.expiring() == []
