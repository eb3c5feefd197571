"""With redaction on, a closed plan is stored without its contents, on SQLite and PostgreSQL; open plans keep
everything they still need."""

import json
from collections.abc import AsyncIterator

import pytest

from planning.engine.conversation import Conversation
from planning.engine.session import Session
from planning.engine.settings import EngineSettings
from planning.store import PlanStore, PostgresPlanStore, SqlitePlanStore
from tests.fakes import ManualClock, ScriptedConnector
from tests.planning.engine.conftest import PRIYA, THREAD, Harness, approval, said

CONTENTS = ("priya", "q3 deck", "see you thursday")  # the recipient, the subject, the body: lower case


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path) -> AsyncIterator[PlanStore]:
    if request.param == "sqlite":
        opened: PlanStore = await SqlitePlanStore.open(tmp_path / "plans.sqlite3")
    else:
        opened = await PostgresPlanStore.open(request.getfixturevalue("postgres_url"))
    yield opened
    await opened.close()


def harness_on(store: PlanStore, *, redact: bool) -> Harness:
    return Harness(
        store, ScriptedConnector({"fetch_entity": [PRIYA]}), ManualClock(), EngineSettings(audit_redact=redact)
    )


async def stored_text(store: PlanStore, session_id: str) -> str:
    record = await store.get(session_id)
    assert record is not None
    return json.dumps(record.data).lower()


async def open_plan(store: PlanStore) -> str:
    record = await store.open_for_thread(THREAD)
    assert record is not None
    return record.id


async def send_email(harness: Harness) -> str:
    """Email Priya, answer the body, approve; returns the plan's id."""
    await harness.say("Email Priya the Q3 deck")
    replies = await harness.say("Here is the deck, see you Thursday.")
    ask = approval(replies)
    assert "Finished" in said(await harness.approve(replies))
    return ask.session_id


async def test_a_finished_plan_keeps_no_recipients_subjects_or_bodies(store: PlanStore) -> None:
    harness = harness_on(store, redact=True)
    session_id = await send_email(harness)
    text = await stored_text(store, session_id)
    assert [found for found in CONTENTS if found in text] == []
    record = await store.get(session_id)
    assert record is not None and not record.open
    session = Session.model_validate(record.data)  # still a session the engine can read
    assert [(run.step.tool, run.state) for run in session.steps] == [("fetch_entity", "done"), ("send_email", "done")]
    assert all(set(run.step.arguments) == {"sha256"} for run in session.steps)
    assert all(run.result is None or set(run.result) == {"sha256"} for run in session.steps)


async def test_a_cancelled_plan_keeps_no_contents_either(store: PlanStore) -> None:
    harness = harness_on(store, redact=True)
    await harness.say("Email Priya the Q3 deck")
    session_id = await open_plan(store)
    await harness.say("cancel")
    text = await stored_text(store, session_id)
    assert [found for found in CONTENTS[:2] if found in text] == []


async def test_an_open_plan_keeps_what_it_needs_to_run(store: PlanStore) -> None:
    harness = harness_on(store, redact=True)
    await harness.say("Email Priya the Q3 deck")
    assert "q3 deck" in await stored_text(store, await open_plan(store))


async def test_without_redaction_a_finished_plan_is_kept_whole(store: PlanStore) -> None:
    harness = harness_on(store, redact=False)
    text = await stored_text(store, await send_email(harness))
    assert [found for found in CONTENTS if found in text] == list(CONTENTS)


async def test_the_audit_trail_keeps_no_titles_ids_or_explanation_made_of_the_request(store: PlanStore) -> None:
    harness = harness_on(store, redact=True)
    await send_email(harness)
    entries = await store.audit(thread_key=THREAD)
    text = json.dumps([entry.model_dump(mode="json") for entry in entries]).lower()
    assert [found for found in (*CONTENTS, "find_priya") if found in text] == []
    [planned] = [entry for entry in entries if entry.action == "planned"]
    assert planned.detail["steps"] == [
        {"id": "step1", "tool": "fetch_entity", "intent": "Find CRM records"},
        {"id": "step2", "tool": "send_email", "intent": "Send an email"},
    ]
    assert {entry.step_id for entry in entries if entry.step_id} == {"step1", "step2"}


async def test_without_redaction_the_audit_trail_keeps_the_titles(store: PlanStore) -> None:
    harness = harness_on(store, redact=False)
    await send_email(harness)
    [planned] = [entry for entry in await store.audit(thread_key=THREAD) if entry.action == "planned"]
    assert [step["intent"] for step in planned.detail["steps"]][-1].lower().endswith("q3 deck")


class RecordingMemory:
    """Plan memory (few-shot examples) that records what it was asked to remember."""

    def __init__(self) -> None:
        self.remembered: list[str] = []

    def remember(self, text: str, parse: object, plan: object, *, scope: str, requester: str = "") -> None:
        self.remembered.append(text)


@pytest.mark.parametrize("redact", [True, False])
async def test_with_redaction_on_no_finished_plan_is_remembered_as_an_example(store: PlanStore, redact: bool) -> None:
    harness = harness_on(store, redact=redact)
    memory = RecordingMemory()
    harness.engine = Conversation(
        store=store,
        runner=harness.runner(),
        clock=harness.clock,
        memory=memory,
        settings=EngineSettings(audit_redact=redact),
    )
    await send_email(harness)
    assert memory.remembered == ([] if redact else ["Email Priya the Q3 deck"])
