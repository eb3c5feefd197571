"""Extractive summaries: exact, repeatable, and shaped by what is summarized."""

from integrations.local import LocalWorkspace
from integrations.local.summarize import requested_length, summarize
from tests.integrations.contract_suite import run

TEXT = (
    "The launch moved to May because the payment provider needs more time. "
    "Marketing will update the press release. The launch webinar stays on the calendar but moves with the launch. "
    "Lunch was nice. Sales asked whether the May launch affects the Globex deal. "
    "Nobody knows yet."
)


async def test_unread_emails_become_one_line_each(workspace: LocalWorkspace) -> None:
    unread = await run(workspace, "fetch_emails", unreadOnly=True, limit=3)
    summary = await run(workspace, "summarize", text=unread)
    assert summary == {
        "summary": "3 emails (3 unread):\n"
        "- Laura Chen: Contract redlines from Acme legal — Our legal team has finished the redlines on the master "
        "services agreement. (unread)\n"
        "- Priya Shah: Q3 deck: final review before Thursday — Hi, the Q3 deck is ready for a final review. (unread)\n"
        "- Maria Garcia: Invoice #4821 overdue (Globex) — Globex has not paid invoice #4821 for $12,400, which was "
        "due last Friday. (unread)"
    }
    assert await run(workspace, "summarize", text=unread) == summary


async def test_text_keeps_its_most_central_sentences_in_order(workspace: LocalWorkspace) -> None:
    summary = await run(workspace, "summarize", text=TEXT)
    assert summary["summary"] == (
        "The launch moved to May because the payment provider needs more time. The launch webinar stays on the "
        "calendar but moves with the launch. Sales asked whether the May launch affects the Globex deal."
    )
    short = await run(workspace, "summarize", text=TEXT, instructions="in one sentence please")
    assert short["summary"] == "The launch webinar stays on the calendar but moves with the launch."


def test_short_text_is_returned_whole_on_one_line() -> None:
    assert summarize("  Ship it.\n\nToday!  ") == {"summary": "Ship it. Today!"}


async def test_events_records_and_slots_have_their_own_lines(workspace: LocalWorkspace) -> None:
    events = await run(workspace, "fetch_calendar_events", query="Acme call")
    assert summarize(events)["summary"] == (
        "1 event:\n- Tue 03 Mar 11:00: Acme call with laura.chen@acme.com, sarah.lee@example.com at Zoom"
    )
    deals = await run(workspace, "fetch_entity", entityType="Deal", filters={"company": "Globex"})
    assert summarize({"data": deals})["summary"] == (
        "1 record:\n- Globex deal (company: Globex, amount: 125,000, stage: negotiation, closeDate: 2026-03-16)"
    )
    slots = [{"start": "2026-03-03T09:00:00-05:00", "end": "2026-03-03T10:00:00-05:00"}]
    assert summarize(slots)["summary"] == "1 free slot:\n- Tue 03 Mar 09:00 – Tue 03 Mar 10:00"


def test_long_lists_are_capped() -> None:
    emails = [{"from": f"P{n} <p{n}@example.com>", "subject": f"S{n}", "snippet": "Hi."} for n in range(12)]
    lines = summarize(emails)["summary"].splitlines()
    assert lines[0] == "12 emails:" and lines[1] == "- P0: S0 — Hi." and lines[-1] == "- … and 2 more"
    assert len(lines) == 12
    assert summarize(emails, "top 3 items")["summary"].splitlines()[-1] == "- … and 9 more"


def test_instructions_may_set_the_length() -> None:
    assert [
        requested_length(text) for text in ("in 2 sentences", "three bullet points", "briefly", "formal", None)
    ] == [2, 3, 1, None, None]


async def test_notes_and_tasks_name_what_they_are_about(workspace: LocalWorkspace) -> None:
    tasks = await run(workspace, "fetch_entity", entityType="Task", filters={"status": "done"})
    assert summarize(tasks)["summary"] == (
        "1 record:\n- Ask Initech about extending the pilot (dueDate: 2026-02-26, status: done, about: Account "
        "account-3, owner: Sarah Lee)"
    )
    notes = await run(workspace, "fetch_entity", entityType="Note", filters={"about": "Marcus"})
    assert summarize(notes)["summary"] == (
        "1 record:\n- note-4 (body: Met at the manufacturing expo; interested in the analytics add-on for their "
        "plants., about: Lead lead-1, createdAt: 2026-02-22T09:20:00-05:00)"
    )
