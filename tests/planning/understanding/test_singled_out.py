"""A pick by a word only one option holds, read at a question which of several (issue 24: picks by description)."""

from planning.understanding.commands import Answer, Context, Pick, read_reply

PEOPLE = (
    {"name": "Omar Hadid", "title": "Design Lead", "email": "omar.hadid@example.com", "company": "Example"},
    {"name": "Omar Farouk", "title": "Buyer", "email": "omar@northwind.io", "company": "Northwind"},
)
AT_PICK = Context(
    question="pick",
    open_plan=True,
    candidates=PEOPLE,
    options=tuple(f"{p['title']} · {p['name']} · {p['email']}" for p in PEOPLE),
)


def test_a_word_only_one_holds_picks_it_among_chatter() -> None:
    assert read_reply("meh. northwind obviously", AT_PICK) == (Pick(index=2),)


def test_a_word_both_hold_picks_neither() -> None:
    assert read_reply("omar", AT_PICK) == (Answer("omar"),)


def test_a_question_that_names_one_is_no_pick() -> None:
    assert read_reply("hmm, which one is the buyer?", AT_PICK) == (Answer("hmm, which one is the buyer?"),)


def test_one_turned_down_of_two_picks_the_other() -> None:
    assert read_reply("not hadid", AT_PICK) == (Pick(index=2),)
