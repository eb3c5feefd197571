"""Files a plan names (contract §2.7): shown by name, type and size; kept by the plan made again from a reading the
user picked; dropped from a closed plan when redaction is on."""

from integrations.base.files import FileFacts
from planning.engine.file_facts import AttachedFile, known_files, size_text
from planning.engine.redaction import redacted
from planning.engine.replies import ShowPlan
from planning.engine.session import Session
from tests.planning.engine.conftest import NY, THREAD, question, said

DECK = FileFacts("slack:F0DECK", "Q3 deck.pdf", "application/pdf", 1_572_864)


def test_a_file_is_shown_by_name_type_and_size() -> None:
    assert AttachedFile(ref="slack:F1", name="Q3 deck.pdf", content_type="application/pdf", size=3081).label == (
        "Q3 deck.pdf (PDF, 3 KB)"
    )
    assert AttachedFile(ref="slack:F2", name="photo.heic", content_type="image/heic", size=1).label == (
        "photo.heic (HEIC image, 1 byte)"
    )
    assert AttachedFile(ref="email:msg-1/att-2", name="terms.docx", size=None).label == "terms.docx (Word document)"
    assert AttachedFile(ref="slack:F3", name="blob", content_type="application/octet-stream").label == "blob"
    assert AttachedFile(ref="slack:F4").label == "slack:F4"  # nothing known: the reference, rather than nothing
    assert [size_text(n) for n in (0, 1023, 1024, 1_572_864)] == ["0 bytes", "1023 bytes", "1 KB", "1.5 MB"]


def test_the_facts_of_a_file_win_over_its_bare_reference() -> None:
    files = known_files(["slack:F0DECK", DECK, "slack:F0DECK", "slack:F0OTHER"])
    assert [(f.ref, f.name) for f in files] == [("slack:F0DECK", "Q3 deck.pdf"), ("slack:F0OTHER", None)]


async def test_the_reading_picked_by_number_keeps_the_requests_files(harness) -> None:
    replies = await harness.engine.message(
        thread_key=THREAD, user="alice", text="tom wedding anniversary", tz=NY, files=[DECK]
    )
    asked = question(replies)
    first = [r for r in replies if isinstance(r, ShowPlan)][-1].view.session_id
    wanted = next(i for i, option in enumerate(asked.options, 1) if "put something on your calendar" in option)
    replies = await harness.say(str(wanted))
    again = [r for r in replies if isinstance(r, ShowPlan)][-1].view.session_id
    assert again != first
    assert [(f.ref, f.name, f.size) for f in await harness.engine.request_files(again)] == [
        ("slack:F0DECK", "Q3 deck.pdf", 1_572_864)
    ]


async def test_a_closed_plan_redacted_keeps_no_file_names(harness) -> None:
    replies = await harness.engine.message(
        thread_key=THREAD, user="alice", text="tom wedding anniversary", tz=NY, files=[DECK]
    )
    session_id = [r for r in replies if isinstance(r, ShowPlan)][-1].view.session_id
    record = await harness.store.get(session_id)
    assert record is not None
    session = Session.model_validate(record.data)  # the document as stored
    assert [f.name for f in session.files] == ["Q3 deck.pdf"]
    assert redacted(session).files == []


async def test_a_file_shared_alone_while_asked_what_was_meant_stays_with_the_request(harness) -> None:
    await harness.say("tom wedding anniversary")
    replies = await harness.engine.message(thread_key=THREAD, user="alice", text="", tz=NY, files=[DECK])
    asked = question(replies)
    assert "I will keep Q3 deck.pdf (PDF, 1.5 MB) with your request." in said(replies)
    assert len(asked.options) >= 2  # the same question, its readings offered again
    wanted = next(i for i, option in enumerate(asked.options, 1) if "put something on your calendar" in option)
    replies = await harness.say(str(wanted))
    again = [r for r in replies if isinstance(r, ShowPlan)][-1].view.session_id
    assert [f.ref for f in await harness.engine.request_files(again)] == ["slack:F0DECK"]
