"""Questions get what they asked for (contract §2.8), not a list of records or subjects: what mail says, what is
in the way of a time asked about, and a task's due date or status."""

from pathlib import Path

from tests.bot.test_chat import chat


def _said(tmp_path: Path, *turns: str) -> str:
    return " ".join(chat(tmp_path, *turns).split())


def test_what_someone_wrote_is_answered_with_their_words(tmp_path: Path) -> None:
    output = _said(tmp_path, "what did peter write about the pilot?")
    assert "Peter Gibbons wrote on" in output and "reporting module slow" in output


def test_the_latest_from_someone_is_its_text_and_its_files(tmp_path: Path) -> None:
    output = _said(tmp_path, "what's the latest from maria about the globex contract")
    assert "late-payment clause" in output and "Attached: Globex_contract_payment_terms.pdf" in output


def test_a_list_of_mail_stays_a_list(tmp_path: Path) -> None:
    output = _said(tmp_path, "show emails from priya")
    assert "emails from priya" in output.lower() and "wrote on" not in output


def test_busy_at_a_time_asked_names_the_event_there(tmp_path: Path) -> None:
    output = _said(tmp_path, "am i free wednesday at 3:30pm?")
    assert "No, you have Globex pricing review (Wed 4 Mar, 15:00–16:00 EST)" in output


def test_free_at_a_time_asked_is_still_a_plain_yes(tmp_path: Path) -> None:
    assert "Yes, you are free" in _said(tmp_path, "am i free friday at 2pm?")


def test_a_tasks_due_date_asked_is_answered_with_it(tmp_path: Path) -> None:
    output = _said(tmp_path, "what's the deadline for the revised proposal task?")
    assert "Send the revised proposal to Acme: due Fri 6 Mar 2026." in output


def test_a_tasks_status_asked_is_answered_with_it(tmp_path: Path) -> None:
    assert "status done" in _said(tmp_path, "is the initech task done yet?").lower()


def test_a_list_of_tasks_shows_when_each_is_due_and_whose_it_is(tmp_path: Path) -> None:
    output = _said(tmp_path, "list the open tasks")
    assert "Due" in output and "Owner" in output and "Fri 13 Mar 2026" in output


def test_a_summary_asked_after_a_search_is_of_that_search(tmp_path: Path) -> None:
    output = _said(tmp_path, "show me the emails from tom reyes", "can you summarize those?")
    summary = output.split("summarize those?", 1)[1]
    assert "3 emails" in summary and "Tom Reyes:" in summary and "Maria Garcia" not in summary


def test_a_summary_after_a_search_that_found_nothing_in_its_period_is_of_the_same_search(tmp_path: Path) -> None:
    output = _said(tmp_path, "anything from peter this week?", "give me a quick summary")
    summary = output.split("quick summary", 1)[1]
    assert "Peter Gibbons: Pilot feedback" in summary and "Laura Chen" not in summary


def test_a_persons_email_asked_alone_is_their_address(tmp_path: Path) -> None:
    output = _said(tmp_path, "john park's email address?")
    assert "John Park's email address is john.park@globex.com." in output


def test_a_persons_email_named_with_more_is_still_mail(tmp_path: Path) -> None:
    output = _said(tmp_path, "show me john park's email about pricing")
    assert "1 email from john park" in output and "email address is" not in output


def test_a_summary_that_names_its_own_mail_is_not_narrowed_to_the_search_before(tmp_path: Path) -> None:
    output = _said(tmp_path, "show me the emails from tom reyes", "summarize my inbox")
    summary = output.split("summarize my inbox", 1)[1]
    assert "20 emails" in summary and "Maria Garcia" in summary


def test_free_for_a_length_is_asked_over_that_length_and_names_who(tmp_path: Path) -> None:
    """User test s12 (c50b/e): "… for an hour" searched a 30-minute window for a 60-minute slot: a false "No"."""
    assert "Yes, you are free" in _said(tmp_path, "am i free wednesday 1pm for an hour")
    output = _said(tmp_path, "is priya free wed at 1pm for 90 min")
    assert "Yes, you and priya.shah@example.com are both free" in output


def test_mail_asked_about_in_other_word_forms_is_found(tmp_path: Path) -> None:
    """User test s12 (c48): "about rehearsing for the summit" said no mail, though Priya's "Re: Partner summit" asks
    "shall we rehearse it together"."""
    output = _said(tmp_path, "has priya written anything about rehearsals for the summit?")
    assert "Re: Partner summit" in output
    assert "in any of its forms found 1" in output
