"""A first message with context beside the ask (session 12): a statement before the ask picks neither the goal nor
its values; a reason after a booking picks no record; a person given before the ask is who its pronoun points at;
"+" joins two asks."""

from planning.understanding.grounding import NameIndex
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM, args, goals, run


def test_a_statement_before_a_move_is_its_reason_not_a_booking():
    line = run("dana's stuck in a vendor workshop all tuesday morning, could you push our sync to wednesday")
    assert goals(line) == [("update", "event")]
    line = run("we're merging the thursday design review into the friday demo. move the design review to friday")
    assert goals(line) == [("update", "event")]


def test_an_elliptical_booking_beside_another_ask_is_still_a_request():
    line = run("lunch with priya friday at noon, and email her the menu")
    assert ("create", "event") in goals(line)


def test_a_reason_after_a_booking_names_no_record_to_make():
    assert goals(run("book 45 w dana fri afternoon, need to go through the customer quote")) == [("create", "event")]
    assert goals(run("book an hour w ken tues at 2, gotta prep the initech account plan")) == [("create", "event")]
    assert goals(run("book the initech account for tuesday")) == [("create", "account")]


def test_a_person_given_before_the_ask_is_who_its_pronoun_is():
    said = "bumped into an old colleague at the summit - nora vance, hooli, nora.vance@hooli.com"
    line = run(f"{said}. add her as a contact")
    assert goals(line) == [("create", "contact")]
    fields = args(line, "create_entity")["fields"]
    assert fields["email"] == "nora.vance@hooli.com"
    assert "nora" in fields["name"].lower() and "hooli" in fields["company"].lower()


def test_a_plus_sign_joins_two_asks_and_him_is_the_record_named_before():
    names = NameIndex([("Omar Haddad", "lead"), ("Umbrella", "account")])
    service = GoalUnderstandingService(rules_only=True, grounding=names)
    said = "omar @ umbrella stopped replying. set him to unqualified + log a note on him: no budget"
    parse = service.parse(said, MONDAY_9AM)
    assert [(g.intent, g.entity) for g in parse.goals] == [("update", "lead"), ("create", "note")]
    assert parse.goals[0].slots.people == ("omar",)


def test_the_rest_of_a_series_is_searched_by_its_name():
    line = run("cancel the rest of the weekly syncs this month")
    assert args(line, "fetch_calendar_events")["query"] == "weekly sync"
    line = run("delete the remaining design reviews in march")
    assert args(line, "fetch_calendar_events")["query"].startswith("design review")


def test_a_cheer_before_the_ask_names_nothing_the_ask_acts_on():
    line = run("HOOLI CLOSED!! can you mark the hooli deal won")
    assert goals(line) == [("update", "deal")]
    assert args(line, "fetch_entity")["filters"] == {"company": "hooli"}
    line = run("INITECH CLOSED 🎉 could you mark the initech deal won")
    assert args(line, "fetch_entity")["filters"] == {"company": "initech"}


def test_an_arrow_after_words_that_ask_nothing_moves_the_thing_to_what_follows():
    line = run("tomorrow's design review → 3pm pls")
    assert goals(line) == [("update", "event")]
    assert args(line, "update_calendar_event")["startTime"].startswith("2026-03-03T15:00")
    line = run("email dana: q2 pricing -> final")
    assert goals(line) == [("send", "email")]


def test_a_question_before_an_ask_is_a_request_of_its_own_not_context():
    line = run("did the umbrella contract ever come back signed? also book 30 min w ken fri at 10")
    assert goals(line) == [("find", "email"), ("create", "event")]


def test_a_greeting_with_an_exclamation_mark_is_no_clause_of_its_own():
    assert goals(run("afternoon!! any new mail from the globex team?")) == [("find", "email")]


def test_when_to_book_by_free_time_is_never_context_nor_an_aside() -> None:
    """Merged session 12: "when we're both free" read as news beside the ask, and "whatever the first open slot is"
    as an aside: both bookings asked a start time instead of searching for one (fresh_a fa26, fresh_h fh12 dropped)."""
    for said in (
        "find 30 mins with omar when we're both free on thursday and book it",
        "grab 20 min w kim and lee fri morning, whatever the first open slot is",
    ):
        assert "find_free_slots" in [step["tool"] for step in run(said)["plan"]["steps"]], said


def test_a_change_naming_no_record_is_of_the_company_the_cheer_before_it_names():
    line = run("umbrella deal closed!! 🥂 set it to won in the crm")
    assert args(line, "fetch_entity")["filters"] == {"company": "umbrella"}
    names = NameIndex([("Initech", "account"), ("Initech renewal", "deal")])
    service = GoalUnderstandingService(rules_only=True, grounding=names)
    [goal] = service.parse("initech finally closed!!! mark the deal won 🥳", MONDAY_9AM).goals
    assert (goal.intent, goal.entity, goal.slots.companies) == ("update", "deal", ("initech",))


def test_an_amount_a_clause_beside_a_deal_change_ends_with_is_the_deals_amount():
    line = run("set the globex deal to closed won. signed total landed at 131k")
    assert args(line, "update_entity")["fields"].get("amount") == 131000
    line = run("move the initech deal to negotiation, they asked for 5k off")  # more said after it: a reason
    assert "amount" not in args(line, "update_entity")["fields"]


def test_a_statement_beside_a_free_time_search_is_context_and_the_two_of_us_is_who_it_names() -> None:
    """Session 14 (z20): "X wants to … before the 12th. find 45 min for the two of us …" booked an event on the 12th
    from the statement, and searched no one's free time but the requester's."""
    names = NameIndex([("Sarah Lee", "contact"), ("Tom Reyes", "contact")])
    service = GoalUnderstandingService(rules_only=True, grounding=names)
    for said, person in (
        ("sarah wants to go over the acme redlines before friday. find 30 min for the two of us thursday", "sarah"),
        ("tom is stuck on the launch deck. can you find an hour for both of us wednesday", "tom"),
    ):
        parse = service.parse(said, MONDAY_9AM)
        assert [(g.intent, g.entity) for g in parse.goals] == [("find", "availability")], said
        assert [p.lower() for p in parse.goals[0].slots.people] == [person]
        assert parse.goals[0].slots.title is None  # "the two of us" is who, not what for
