"""Which of the things just listed a request names by its own words: grounded in the things' fields."""

from planning.understanding.commands.listed_named import listed_named

_MEETINGS = (
    {"id": "1", "title": "Design crit", "attendees": ["omar.hadid@example.com", "kim.lo@example.com"]},
    {"id": "2", "title": "Vendor intro", "attendees": ["omar.hadid@example.com", "raj@vendor.io"]},
)


def test_a_word_only_one_thing_holds_names_it_and_is_said_as_it() -> None:
    named = listed_named("move the raj one to 4, he's flying", _MEETINGS)
    assert named is not None and named.index == 2
    assert named.as_it("move the raj one to 4, he's flying") == "move it to 4, he's flying"


def test_a_word_every_thing_holds_names_none() -> None:
    assert listed_named("cancel the omar one", _MEETINGS) is None


def test_a_word_no_thing_holds_names_none() -> None:
    assert listed_named("cancel the budget one", _MEETINGS) is None


def test_words_of_a_title_name_that_meeting() -> None:
    named = listed_named("the design crit meeting can go", _MEETINGS)
    assert named is not None and named.index == 1


def test_a_thing_said_with_s_is_named_and_said_as_its() -> None:
    said = "the vendor one's off, raj cancelled"
    named = listed_named(said, _MEETINGS)
    assert named is not None and named.index == 2
    assert named.as_it(said) == "it's off, raj cancelled"


_MAILS = (
    {"id": "m1", "subject": "Initech pilot: final invoice", "from": "Bill Lumbergh <bill@example.com>"},
    {"id": "m2", "subject": "Final agenda", "from": "Peter Gibbons <peter.gibbons@initech.com>"},
    {"id": "m3", "subject": "Initech renewal", "from": "Peter Gibbons <peter.gibbons@initech.com>"},
)


def test_words_one_subject_holds_name_that_mail_though_a_sender_holds_them_too() -> None:
    named = listed_named("the final initech one, send it to maria", _MAILS)
    assert named is not None and named.index == 1


def test_words_two_subjects_hold_name_none() -> None:
    assert listed_named("the initech one", _MAILS) is None
