"""A pick among emails shown, by what the reply says of the one meant: its sender, words of its subject, its place
in its thread, its day, when it came among those that fit (issue 24: "the one from Initech" for emails)."""

from datetime import datetime
from zoneinfo import ZoneInfo

from planning.understanding.commands import Answer, Context, Pick, read_reply
from planning.understanding.commands.mail_picks import mail_described

NOW = datetime(2026, 6, 10, 9, 30, tzinfo=ZoneInfo("Europe/Berlin"))  # a Wednesday
MAILS = (  # newest first, as lists show them
    {
        "from": "Jonas Weber <jonas@northwind.io>",
        "subject": "AW: Budget freeze",
        "date": "2026-06-09T17:00:00+02:00",
        "snippet": "Agreed, we hold the hiring plan until July.",
    },
    {
        "from": "Ines Duarte <ines.duarte@fabrikam.com>",
        "subject": "Offsite venue shortlist",
        "date": "2026-06-08T11:00:00+02:00",
        "snippet": "Three venues near Lisbon, prices attached.",
    },
    {
        "from": "Ines Duarte <ines.duarte@fabrikam.com>",
        "subject": "Budget freeze",
        "date": "2026-06-05T08:00:00+02:00",
        "snippet": "Finance asks us to pause new spending.",
    },
)
ASKED = Context(
    question="pick",
    open_plan=True,
    candidates=MAILS,
    options=tuple(f"{m['subject']} · {m['from']}" for m in MAILS),
    now=NOW,
)


def _picked(text: str) -> int | None:
    command = read_reply(text, ASKED)[0]
    return command.index if isinstance(command, Pick) else None


def test_a_mail_picked_by_its_sender_and_its_place_in_the_thread():
    assert _picked("ines's first one") == 2  # the first of hers as shown
    assert _picked("the original one ines wrote about the freeze") == 3
    assert _picked("the answer from jonas") == 1
    assert _picked("the northwind one") == 1  # the sender's company, by the domain of the address


def test_a_mail_picked_by_when_it_came_not_by_its_position():
    assert _picked("ines's older one") == 3
    assert _picked("the newest one from fabrikam") == 2
    assert _picked("the earliest") == 3  # shown last: "earlier" is a date here, not the first line


def test_a_mail_picked_by_its_day_or_its_words():
    assert _picked("monday's") == 2  # 8 June
    assert _picked("the one about the venues") == 2  # a word of its text when its subject has none
    assert _picked("the second budget one") == 3


def test_a_description_that_fits_several_or_none_picks_nothing():
    assert _picked("the budget one") is None
    assert isinstance(read_reply("the one from marta", ASKED)[0], Answer)
    assert mail_described("the one from 4pm", MAILS, NOW) is None
    assert mail_described("yesterday's", MAILS, None) is None  # no day known to read "yesterday" against


def test_a_mail_picked_by_its_place_written_in_figures():
    assert _picked("the 3rd") == 3
    assert _picked("ines's 2nd one") == 3
