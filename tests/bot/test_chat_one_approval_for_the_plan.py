"""One request, one approval: the first card of a plan lists the plan's later changes, and approving it approves
them too (each still shown, as approved; one with a warning waits). "just <the other one>" at a card leaves the one
shown out; "just the email" approves it alone."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import events, read

TWO = "email tom that the deck is ready, and book 30 min with him friday at 11 to go over it"
FRIDAY_11 = {"start": "2026-03-06T11:00:00-05:00", "end": "2026-03-06T11:30:00-05:00"}


def _sent_to(tmp_path: Path, address: str) -> list[object]:
    query = FetchEmailsArgs.model_validate({"to": address, "since": "2026-03-02T09:00:00-05:00"})
    return list(read(tmp_path, "fetch_emails", query))


def test_one_yes_approves_the_card_and_the_changes_it_lists(tmp_path: Path) -> None:
    output = " ".join(chat(tmp_path, TWO, "lgtm go").split())
    assert "approves the next change too" in output  # said on the first card, before the yes
    assert len(_sent_to(tmp_path, "tom.reyes@example.com")) == 1
    [booked] = events(tmp_path, **FRIDAY_11)
    assert booked["attendees"] == ["tom.reyes@example.com"]
    assert "Approved with your “lgtm go”" in output  # the later card is shown, as approved


def test_a_later_change_with_a_warning_waits_for_its_own_approval(tmp_path: Path) -> None:
    busy = "email priya that the agenda is out, and book 30 min with her thursday at 2"  # her 1:1 is then
    output = " ".join(chat(tmp_path, busy, "yes").split())
    assert len(_sent_to(tmp_path, "priya.shah@example.com")) == 1
    assert "waits for you" in output
    assert [
        e
        for e in events(tmp_path, start="2026-03-05T14:00:00-05:00", end="2026-03-05T14:30:00-05:00")
        if e["title"] != "1:1 with Priya"
    ] == []


def test_just_the_other_one_leaves_the_card_shown_out(tmp_path: Path) -> None:
    chat(tmp_path, TWO, "hold the email, he knows already. just book the meeting", "yes")
    assert _sent_to(tmp_path, "tom.reyes@example.com") == []
    assert len(events(tmp_path, **FRIDAY_11)) == 1


def test_just_the_one_shown_approves_it_alone(tmp_path: Path) -> None:
    chat(tmp_path, TWO, "just the email for now")
    assert len(_sent_to(tmp_path, "tom.reyes@example.com")) == 1
    assert events(tmp_path, **FRIDAY_11) == []  # its card waits


def test_a_skip_said_with_the_approval_decides_each(tmp_path: Path) -> None:
    chat(tmp_path, TWO, "skip the email, i'll tell him in person", "yes")
    assert _sent_to(tmp_path, "tom.reyes@example.com") == []
    assert len(events(tmp_path, **FRIDAY_11)) == 1


def test_an_email_approved_with_an_earlier_card_is_shown_on_it_with_its_recipients_and_text(tmp_path: Path) -> None:
    """User test s12 (c21): the first card listed only "Email laura: …"; the address and the text were seen only after
    the mail had gone."""
    output = " ".join(chat(tmp_path, "cancel the acme call tmrw and let laura know we'll find a new slot", "c").split())
    listed = output.split("approves the next change too")[1].split("[a]")[0]
    assert "laura.chen@acme.com" in listed
    assert "find a new slot" in listed.lower()
