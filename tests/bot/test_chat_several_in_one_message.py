"""A message that asks several things keeps each of them: an answer to an invitation said after another request
("…, and decline the launch review") is a step of its own on the event that exists, never the title of a new
event; a skip of one half leaves the other half to be done; a person said to be kept out ("don't include maria",
"but not tom") is neither looked up nor invited (planning.understanding.classifier: answers start a clause when a
message is read; planning.understanding.left_out_people)."""

from pathlib import Path

from integrations.base.arguments import FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_checks import deals
from tests.bot.test_chat_taken_back_at_a_question import sent_to
from tests.bot.test_chat_v2 import day, events, read


def _by_title(tmp_path: Path, date: str) -> dict[str, list[dict[str, object]]]:
    out: dict[str, list[dict[str, object]]] = {}
    for event in events(tmp_path, **day(date)):
        out.setdefault(str(event["title"]).lower(), []).append(event)
    return out


def test_an_invitation_declined_after_a_block_of_time_is_answered_and_the_block_kept(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "put 90 min on thursday morning for the security questionnaire, and decline the launch review",
        "9:30",
        "a",
        "a",
    )
    [block] = _by_title(tmp_path, "2026-03-05")["security questionnaire"]
    assert block["startTime"] == "2026-03-05T09:30:00-05:00"
    [review] = _by_title(tmp_path, "2026-03-06")["launch review"]  # no second "Launch review" made
    assert review["myResponse"] == "declined"


def test_a_skip_of_the_email_half_still_answers_the_invitation(tmp_path: Path) -> None:
    output = chat(tmp_path, "write to tom about the press release and accept the launch review", "skip the email", "a")
    assert "What text of the email" in output
    [review] = _by_title(tmp_path, "2026-03-06")["launch review"]
    assert review["myResponse"] == "accepted"


def test_a_person_not_to_be_included_is_not_invited(tmp_path: Path) -> None:
    output = chat(tmp_path, "set up a budget review w maria fri at 3pm, don't include john", "a")
    assert "Which one?" not in output  # neither John is looked up
    [review] = _by_title(tmp_path, "2026-03-06")["budget review"]
    attendees = str(review["attendees"])
    assert "maria.garcia@example.com" in attendees and "john" not in attendees


def test_people_after_but_not_are_left_out_of_the_meeting(tmp_path: Path) -> None:
    chat(tmp_path, "book an hour with sarah and dana thursday at 10, but not peter or tom", "a")
    [meeting] = [e for e in events(tmp_path, **day("2026-03-05")) if e["startTime"] == "2026-03-05T10:00:00-05:00"]
    said = str(meeting["attendees"])
    assert "sarah.lee@example.com" in said and "dana.whitfield@acme.com" in said
    assert "peter" not in said and "tom.reyes" not in said


def test_several_requests_under_a_label_are_each_done(tmp_path: Path) -> None:
    """A label before a dash or a colon ("recap from the initech sync: …") is no request and no text: each of the
    requests after it is a step (planning.understanding.headings)."""
    output = chat(
        tmp_path,
        "recap from the initech sync: email peter the pilot summary; set up a check-in wed at 3pm w peter; "
        "move the initech deal to proposal",
        "attached is the pilot summary",
        "a",
        "a",
        "a",
    )
    assert output.count("✓ ") >= 3
    assert sent_to(tmp_path, "peter.gibbons@initech.com")
    [check_in] = [e for e in events(tmp_path, **day("2026-03-04")) if "check" in str(e["title"]).lower()]
    assert check_in["startTime"] == "2026-03-04T15:00:00-05:00"
    assert "peter.gibbons@initech.com" in str(check_in["attendees"])
    [deal] = [d for d in deals(tmp_path, "Initech") if d["name"] == "Initech deal"]
    assert deal["stage"] == "proposal"


def test_a_free_time_search_for_me_and_two_people_books_with_both(tmp_path: Path) -> None:
    """ "for me peter and maria": a first name the tagger did not span, listed with one it did, is a person of the
    list (planning.understanding.listed_people); the booking of a time found takes everyone named."""
    chat(tmp_path, "find an hour for me peter and maria friday", "the 2nd one", "a")
    [meeting] = [e for e in events(tmp_path, **day("2026-03-06")) if e["title"] != "Launch review"]
    assert "maria.garcia@example.com" in str(meeting["attendees"])
    assert "peter.gibbons@initech.com" in str(meeting["attendees"])


def test_a_day_corrected_in_the_request_is_the_day_booked(tmp_path: Path) -> None:
    """ "on 3/18 at 3pm, sorry i meant 3/19": the day said last, at the time said first
    (planning.understanding.time_said_again)."""
    chat(tmp_path, "set up a call with dana on 3/18 at 3pm, sorry i meant 3/19", "a")
    assert not [e for e in events(tmp_path, **day("2026-03-18")) if "dana" in str(e["attendees"])]
    [call] = [e for e in events(tmp_path, **day("2026-03-19")) if "dana" in str(e["attendees"])]
    assert call["startTime"] == "2026-03-19T15:00:00-04:00"


def test_notes_pasted_onto_a_deal_are_a_note_on_it_not_a_new_deal(tmp_path: Path) -> None:
    """ "stick this on the initech deal: …": the text after the colon is a note on the deal that exists
    (planning.understanding.pasted_on); no second deal is made."""
    chat(tmp_path, "stick this on the initech deal: peter says the pilot went well, wants pricing by friday", "a")
    [deal] = [d for d in deals(tmp_path, "Initech") if str(d["name"]).lower() == "initech deal"]
    about = {"entityType": "Deal", "id": deal["id"]}
    notes = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Note", filters={"about": about}))
    assert any("pilot went well" in str(note["body"]) for note in notes)


def test_the_card_approved_and_a_later_step_named_by_its_person_left_out(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "accept the launch review and move my 1:1 w priya to 1pm",
        "accept it yes, leave out the priya move for now, she's travelling",
    )
    [review] = _by_title(tmp_path, "2026-03-06")["launch review"]
    assert review["myResponse"] == "accepted"
    [one_on_one] = [e for e in events(tmp_path, **day("2026-03-05")) if "priya" in str(e["title"]).lower()]
    assert one_on_one["startTime"] == "2026-03-05T14:00:00-05:00"  # not moved


def test_a_yes_and_another_of_the_kind_shown_approves_then_makes_that_kind(tmp_path: Path) -> None:
    chat(tmp_path, "mark the globex quote task done", "yes, and make another for dana to send the deck by fri", "a")
    tasks = read(tmp_path, "fetch_entity", FetchEntityArgs.model_validate({"entityType": "Task"}))
    quote = [t for t in tasks if "250-seat quote" in str(t["subject"])]
    assert quote and quote[0]["status"] == "done"
    deck = [t for t in tasks if "deck" in str(t["subject"]).lower()]
    assert len(deck) == 1 and deck[0]["dueDate"] == "2026-03-06"
