"""Grounding in the chat: names the requester's workspace holds make a lower-case word that person, read from an
index the chat fills at start and refreshes in the background; a slow listing never holds a request up."""

import asyncio
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from bot.known_names import RefreshedNames
from integrations.local import open_workspace
from planning.understanding.parser import GoalUnderstandingService
from tests.bot.test_chat import chat
from tests.planning.conftest import MONDAY_9AM


def sent_to(tmp_path: Path) -> list[str]:
    with sqlite3.connect(tmp_path / "data" / "workspace.sqlite3") as raw:
        rows = raw.execute(
            "SELECT r.address FROM messages m JOIN message_recipients r ON r.message_id = m.id "
            "WHERE m.folder = 'sent' AND r.kind = 'to' ORDER BY m.id, r.position"
        ).fetchall()
    return [address for (address,) in rows]


def people(text: str, grounding: RefreshedNames) -> list[tuple[str, ...]]:
    return [goal.slots.people for goal in GoalUnderstandingService(grounding=grounding).parse(text, MONDAY_9AM).goals]


def test_a_surname_known_only_from_the_workspace_is_that_person(tmp_path: Path):
    output = chat(tmp_path, "email whitfield about the questionnaire", "Could you send it back by Friday?", "a")
    assert "Finished" in output
    assert sent_to(tmp_path) == ["dana.whitfield@acme.com"]


def test_a_lower_case_first_name_after_ping_is_that_person(tmp_path: Path):
    output = chat(tmp_path, "ping peter about the budget", "Numbers are in the sheet.", "a")
    assert "Finished" in output
    assert sent_to(tmp_path) == ["peter.gibbons@initech.com"]


def test_the_workspace_names_make_a_name_the_tagger_alone_misses_a_person(tmp_path: Path):
    # The tagger alone reads "whitfield" after "email" (ca22fa9) and "peter" (6ba162e); the surname "gibbons" after
    # "ping" it misses: the workspace's contact Peter Gibbons makes it a person.
    async def both() -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
        with open_workspace(tmp_path / "workspace.sqlite3") as workspace:
            empty, filled = RefreshedNames([]), RefreshedNames([workspace.names])
            await asyncio.gather(empty.refresh(), filled.refresh())
            texts = ("email whitfield about the questionnaire", "ping gibbons about the budget")
            return [p for t in texts for p in people(t, empty)], [p for t in texts for p in people(t, filled)]

    without, with_names = asyncio.run(both())
    assert without[1] == ()
    assert with_names == [("whitfield",), ("gibbons",)]


def test_a_slow_listing_does_not_hold_a_request_up():
    async def scenario() -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
        gate = asyncio.Event()

        async def slow() -> Iterable[tuple[str, str]]:
            await gate.wait()  # a connector still answering
            return [("Peter Gibbons", "contact")]

        names = RefreshedNames([slow])
        names.start()
        try:
            await asyncio.sleep(0)  # the refresh is under way, waiting on the listing
            before = await asyncio.to_thread(people, "ping gibbons about the budget", names)
            gate.set()
            await names.refresh()
            after = people("ping gibbons about the budget", names)
        finally:
            await names.close()
        return before, after

    before, after = asyncio.run(scenario())
    assert before == [()]  # answered at once, without the names
    assert after == [("gibbons",)]


def test_a_failing_listing_keeps_the_names_it_had():
    calls = 0

    async def flaky() -> Iterable[tuple[str, str]]:
        nonlocal calls
        calls += 1
        if calls > 1:
            raise ConnectionError("the CRM is down")
        return [("Peter Gibbons", "contact")]

    async def scenario() -> list[tuple[str, ...]]:
        names = RefreshedNames([flaky])
        await names.refresh()
        await names.refresh()
        return people("ping peter about the budget", names)

    assert asyncio.run(scenario()) == [("peter",)]
