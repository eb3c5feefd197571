"""A pick said with more than the pick (issue 24, session 13): people added beside it join the plan, they are never
the pick. Sentences here are our own."""

from planning.understanding.commands import BookBeside, Context, Correct, Pick, read_reply
from planning.understanding.commands.listed_named import placed_at, said_as
from tests.planning.understanding.test_singled_out import AT_PICK


def _added(value: str) -> Correct:
    return Correct(value, people=True, adding=True)


def test_a_pick_then_a_person_added_too_is_both() -> None:
    said = "farouk, the northwind guy. and pull in omar hadid too, he did the mockups"
    assert read_reply(said, AT_PICK) == (Pick(index=2), _added("omar hadid"))


def test_a_person_added_with_a_reason_in_the_same_clause_is_added() -> None:
    said = "farouk at northwind. and bring in omar hadid as well since he drew the mockups"
    assert read_reply(said, AT_PICK) == (Pick(index=2), _added("omar hadid"))
    assert read_reply("2 - also loop in maria because she runs pricing", AT_PICK) == (Pick(index=2), _added("maria"))


def test_a_pick_by_number_then_people_added_with_also() -> None:
    assert read_reply("1 - also loop in maria and tom", AT_PICK) == (Pick(index=1), _added("maria, tom"))


def test_the_person_added_is_never_the_pick_even_when_an_option() -> None:
    [pick, *rest] = read_reply("the buyer please, and add hadid as well", AT_PICK)
    assert pick == Pick(index=2) and rest == [_added("hadid")]


def test_a_verb_alone_before_a_name_is_still_the_pick() -> None:
    assert read_reply("add farouk", AT_PICK) == (Pick(index=2),)


def test_a_thing_said_first_then_it_is_said_by_name_in_the_rest() -> None:
    text = "the second one: could we shift it to 3? running late today"
    named = placed_at(text, 3)
    assert named is not None
    assert said_as(text, named, "the Budget review") == "could we shift the Budget review to 3? running late today"


def test_a_thing_named_inside_the_request_is_said_in_its_place() -> None:
    text = "move the second one to friday"
    named = placed_at(text, 3)
    assert named is not None
    assert said_as(text, named, "the Budget review") == "move the Budget review to friday"


_SLOTS = tuple(
    {"start": f"2026-03-05T{a}:00-05:00", "end": f"2026-03-05T{b}:00-05:00"}
    for a, b in (("09:00", "09:30"), ("09:30", "10:00"), ("10:00", "10:30"))
)
_AT_SLOTS = Context(
    question="pick",
    open_plan=True,
    candidates=_SLOTS,
    options=tuple(f"slot {i}" for i in range(3)),
    correctable=("duration", "datetime", "text"),
)


def test_a_time_inside_the_free_times_said_with_a_verb_takes_it() -> None:
    said = "make it 9:45 - priya is in a standup before that"
    assert read_reply(said, _AT_SLOTS) == (Pick(at="2026-03-05T09:45:00-05:00"),)


def test_a_time_past_the_free_times_shown_changes_the_search() -> None:
    assert read_reply("make it 4pm", _AT_SLOTS) == (Correct("4pm"),)


def test_the_time_found_free_said_again_with_something_to_book_is_booked_then() -> None:
    asked = ({"start": "2026-03-05T11:00:00-05:00", "end": "2026-03-05T11:30:00-05:00"},)
    after = Context(left=frozenset({"free_time"}), candidates=asked)
    assert read_reply("ok take 11 with maria for a budget catch-up, 45 min", after) == (BookBeside("at"),)
    assert read_reply("ok take 2pm with maria instead", after) != (BookBeside("at"),)


def test_the_time_found_free_asked_about_again_is_no_booking() -> None:
    asked = ({"start": "2026-03-05T11:00:00-05:00", "end": "2026-03-05T11:30:00-05:00"},)
    after = Context(left=frozenset({"free_time"}), candidates=asked)
    assert read_reply("is maria free thu at 11 for 45 min", after) != (BookBeside("at"),)
