"""After a plan listed several things, a request that only names one of them ("open the 2nd", "show me the
third one", "the last contact?") shows that one again: its place in the list is what it asks for, not a day."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records


def _last_turn(output: str) -> str:
    return " ".join(output.split("> ")[-1].split())


def test_a_row_named_by_its_place_alone_is_shown_again(tmp_path: Path) -> None:
    output = chat(tmp_path, "list my contacts", "pull up the 3rd")
    shown = _last_turn(output)
    assert "didn't understand" not in shown
    assert "from your last plan" in shown and shown.count("Finished") == 1


def test_a_row_named_by_its_place_and_a_thing_is_shown_again(tmp_path: Path) -> None:
    second = _last_turn(chat(tmp_path, "what's on my calendar this week", "show me the second one"))
    assert "didn't understand" not in second and "1 event" in second


def test_a_place_said_alone_after_mails_shown_shows_that_mail(tmp_path: Path) -> None:
    """Session 14 user test (c26): "2nd" after three mails was not understood."""
    shown = " ".join(chat(tmp_path, "any mail from tom?", "2nd").split("> 2nd")[1].split())
    assert "didn't understand" not in shown and "from your last plan" in shown
    assert "Partner summit" in shown and "Launch plan" not in shown


def test_a_thing_named_by_its_words_is_the_one_listed_not_a_record_of_another_kind(tmp_path: Path) -> None:
    """Session 14 user test (c39): "the acme one" after the deals showed the Acme account, and the next change asked
    which deal. Of "Initech deal" and "Initech pilot", "the initech one" is the deal named by that word alone."""
    output = chat(tmp_path, "list the deals", "the initech one?", "move the close date to may 4", "a")
    shown = " ".join(output.split("> the initech one?")[1].split("> move")[0].split())
    assert "Initech deal" in shown and "account" not in shown and "Initech pilot" not in shown
    [deal] = records(tmp_path, "Deal", name="Initech deal")
    assert str(deal["closeDate"]).startswith("2026-05-04")


def test_a_person_picked_from_those_shown_is_said_by_their_name_not_their_job(tmp_path: Path) -> None:
    """Session 14 user test (c15): "the globex one" after two Johns showed the step as “Procurement Lead”."""
    shown = " ".join(chat(tmp_path, "what's johns email address", "the one at globex").split("> the one at")[1].split())
    assert "“John Park” from your last plan" in shown and "john.park@globex.com" in shown
