"""After a plan listed meetings, emails or deals, a request that names one of them by its own words ("the dana one",
"the press release one", "the globex one") acts on that one, of the kind listed, whatever else the request says (a
reason naming another meeting is never searched for) (issue 24: references to things just listed)."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records
from tests.bot.test_chat_v2 import day, events, read


def test_a_meeting_named_by_one_it_invites_is_the_one_declined(tmp_path: Path) -> None:
    output = chat(
        tmp_path, "show me my meetings on thursday", "decline the dana one please, board prep ate my day", "a"
    )
    assert output.count("Finished") == 2
    thursday = {e["title"]: e for e in events(tmp_path, **day("2026-03-05"))}
    assert thursday["Acme quarterly business review"]["myResponse"] == "declined"
    assert "1:1 with Priya" in thursday


def test_a_reason_naming_another_meeting_is_not_what_is_deleted(tmp_path: Path) -> None:
    output = chat(
        tmp_path, "show me my meetings on thursday", "delete the priya one - we'll talk at the launch review", "a"
    )
    assert output.count("Finished") == 2
    assert "1:1 with Priya" not in {e["title"] for e in events(tmp_path, **day("2026-03-05"))}
    assert "Launch review" in {e["title"] for e in events(tmp_path, **day("2026-03-06"))}


def test_an_email_named_by_words_of_its_subject_is_the_one_forwarded(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "any emails from tom lately?",
        "forward the press release one to sarah, she asked me about the launch plan",
        "a",
    )
    assert output.count("Finished") == 2
    sent = read(
        tmp_path,
        "fetch_emails",
        FetchEmailsArgs(to="sarah.lee@example.com", since="2026-03-02T00:00:00-05:00", includeBody=True),
    )
    assert [m["subject"] for m in sent] == ["Fwd: Launch press release draft"]


def test_a_deal_named_by_its_company_after_a_list_of_deals_gets_the_new_close_date(tmp_path: Path) -> None:
    output = chat(tmp_path, "which deals close this month", "move the globex one to apr 6 - procurement is slow", "a")
    assert output.count("Finished") == 2
    [globex] = records(tmp_path, "Deal", name="Globex deal")
    assert globex["closeDate"] == "2026-04-06"
    assert "Acme call" in {e["title"] for e in events(tmp_path, **day("2026-03-03"))}


def test_that_one_of_the_one_meeting_shown_is_answered_though_the_words_alone_name_no_meeting(tmp_path: Path) -> None:
    output = chat(tmp_path, "anything on friday?", "put me down as tentative on that one", "a")
    assert output.count("Finished") == 2
    [launch] = events(tmp_path, **day("2026-03-06"))
    assert launch["myResponse"] == "tentative"


def test_that_one_is_the_meeting_shown_not_words_of_the_reason_searched_for(tmp_path: Path) -> None:
    output = chat(
        tmp_path, "anything on friday?", "go ahead and accept that one, i'll be back from the dentist by then", "a"
    )
    assert "could not find" not in output
    [launch] = events(tmp_path, **day("2026-03-06"))
    assert launch["myResponse"] == "accepted"


def test_an_email_listed_named_and_passed_on_is_forwarded_not_written_anew(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "anything from priya lately?",
        "the roadmap one - pass it along to sarah and ask her to add her items",
        "a",
    )
    assert output.count("Finished") == 2
    sent = read(
        tmp_path,
        "fetch_emails",
        FetchEmailsArgs(to="sarah.lee@example.com", since="2026-03-02T00:00:00-05:00", includeBody=True),
    )
    assert [m["subject"] for m in sent] == ["Fwd: Roadmap sync agenda"]


def test_a_meeting_named_by_its_place_is_answered_though_the_words_alone_name_no_meeting(tmp_path: Path) -> None:
    output = chat(tmp_path, "show me my meetings on thursday", "put me down as tentative on the second one", "a")
    assert output.count("Finished") == 2
    thursday = {e["title"]: e for e in events(tmp_path, **day("2026-03-05"))}
    assert thursday["Acme quarterly business review"]["myResponse"] == "tentative"
    assert thursday["1:1 with Priya"]["myResponse"] != "tentative"
