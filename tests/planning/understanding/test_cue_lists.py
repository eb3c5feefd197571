"""Cue words are data (issue 23): every list the understanding reads loads from ``data/cues``, and what a list
says is what the readers do, so a newcomer adds a word to a file, not to code."""

import re
from pathlib import Path

import pytest

import planning.understanding
from planning.understanding import acting_on, conditions, existing, reported, values
from planning.understanding.classifier import QueryClassifier, next_clause
from planning.understanding.cues import Words, cues, names
from planning.understanding.normalize import clean

_ROOT = Path(planning.understanding.__file__).parent
_CALL = re.compile(r"""\bcues\(\s*["']([\w-]+)["']""")
_REWRITE = re.compile(r"""\.rewritten\(\s*["']([\w-]+)["']""")


_LIST_IN_PHRASE = re.compile(r"<([a-z][\w-]*)>")


def _named_in_code() -> set[str]:
    """The lists code names, and the lists their phrases use (``<said_event_nouns>``)."""
    found: set[str] = set()
    for path in _ROOT.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(_CALL.findall(text)) | set(_REWRITE.findall(text))
    for name in list(found):
        if name in names():
            lines = (_ROOT / "data" / "cues" / f"{name}.txt").read_text(encoding="utf-8").splitlines()
            phrases = (line.split(" #", 1)[0] for line in lines if not line.lstrip().startswith("#"))
            found |= {listed for phrase in phrases for listed in _LIST_IN_PHRASE.findall(phrase)}
    return found - {"number"}


def test_every_cue_list_named_in_code_loads_from_data() -> None:
    named = _named_in_code()
    assert named, "no reader uses a cue list"
    missing = named - set(names())
    assert not missing, f"cue lists named in code with no data/cues file: {sorted(missing)}"
    for name in named:
        assert cues(name).entries, f"data/cues/{name}.txt has no phrase"


def test_every_cue_file_is_read_somewhere() -> None:
    unused = set(names()) - _named_in_code()
    assert not unused, f"data/cues files no code reads: {sorted(unused)}"


def test_phrases_match_whole_words_and_hyphens_read_as_spaces() -> None:
    assert cues("reply_all").find(Words.of("Reply-all to Dana")) is not None
    assert cues("invitation_responses").find(Words.of("the maybeline launch")) is None
    assert cues("repeats").find(Words.of("the weeklyish sync")) is None
    assert Words.of("we’re in the 1:1, tom@acme.com").words == ("we're", "in", "the", "1:1", ",", "tom@acme.com")


def test_a_map_keeps_the_file_order_of_its_values() -> None:
    assert cues("invitation_responses").values == ("tentative", "declined", "accepted")


@pytest.mark.parametrize(
    ("phrase", "value"),
    [
        entry
        for entry in (
            line.partition(" = ")[::2]
            for line in (_ROOT / "data" / "cues" / "invitation_responses.txt").read_text(encoding="utf-8").splitlines()
        )
        if entry[1]
    ],
)
def test_every_invitation_answer_in_the_file_is_read(phrase: str, value: str) -> None:
    assert existing.invitation_response(f"please {phrase} the launch review") == value


@pytest.mark.parametrize("phrase", [p for p, _ in cues("except").entries])
def test_every_except_phrase_in_the_file_leaves_something_out(phrase: tuple[str, ...]) -> None:
    said = " ".join(phrase)
    assert existing.excepted(f"cancel all my Friday meetings {said} the Acme review") == (
        "Acme review",
        "cancel all my Friday meetings",
    )


@pytest.mark.parametrize(("phrase", "rule"), [(" ".join(p), rule) for p, rule in cues("repeats").entries])
def test_every_repeat_in_the_file_gives_its_rule(phrase: str, rule: str) -> None:
    assert existing.recurrence(f"book the team sync {phrase} at 9") == rule


@pytest.mark.parametrize(("phrase", "value"), [(" ".join(p), v) for p, v in cues("deal_stages").entries])
def test_every_deal_stage_in_the_file_is_read(phrase: str, value: str) -> None:
    assert values.stage(f"set the Acme deal to {phrase}") == value


@pytest.mark.parametrize(("phrase", "value"), [(" ".join(p), v) for p, v in cues("lead_statuses").entries])
def test_every_lead_status_in_the_file_is_read(phrase: str, value: str) -> None:
    assert values.status(f"mark the lead Tina as {phrase}") == value


@pytest.mark.parametrize(("word", "scale"), [(p[0], float(v)) for p, v in cues("amount_scales").entries])
def test_every_scale_in_the_file_scales_an_amount_glued_or_spaced(word: str, scale: float) -> None:
    assert values.amount(f"a deal for Acme worth 3{word}") == 3 * scale
    assert values.amount(f"a deal for Acme worth 3 {word}") == 3 * scale


def test_a_number_is_money_by_its_words_and_a_time_or_length_is_not() -> None:
    assert values.amount("log a deal Initech valued at $20,000") == 20000
    assert values.amount("a deal worth 500 bucks") == 500
    assert values.amount("book it at 5 pm") is None
    assert values.amount("block 30 minutes for review") is None
    assert values.limit("show my last 5 emails") == 5
    assert values.limit("emails from the last 3 days") is None
    assert values.limit("what's my next meeting") == 1
    assert values.limit("meetings next week") is None


@pytest.mark.parametrize(("phrase", "state"), [(" ".join(p), v) for p, v in cues("calendar_states").entries])
def test_every_calendar_state_in_the_file_guards_the_action(phrase: str, state: str) -> None:
    guarded = conditions.split_condition(f"book the sync at 3 if {phrase}")
    assert guarded.action == "book the sync at 3"
    assert guarded.condition is not None
    assert guarded.condition.wants_free is (state == "free")


@pytest.mark.parametrize(("phrase", "kind"), [(" ".join(p), v) for p, v in cues("condition_leads").entries])
def test_every_condition_lead_in_the_file_opens_a_condition_before_or_after(phrase: str, kind: str) -> None:
    after = conditions.split_condition(f"book the sync at 3 {phrase} I'm free")
    before = conditions.split_condition(f"{phrase} I'm free at 3, book the sync")
    for guarded in (after, before):
        assert guarded.action == "book the sync at 3" if guarded is after else "book the sync"
        assert guarded.condition is not None
        assert guarded.condition.wants_free is (kind == "if")


def test_a_day_is_named_by_weekday_and_month_names_and_their_abbreviations() -> None:
    assert conditions.names_a_day("to march 11 2-3pm")
    assert conditions.names_a_day("to weds at 11")
    assert conditions.names_a_day("to 3/14")
    assert not conditions.names_a_day("to 4pm")


@pytest.mark.parametrize(("word", "kind"), [(p[0], v) for p, v in cues("record_types").entries])
def test_every_record_type_in_the_file_names_what_a_note_is_about(word: str, kind: str) -> None:
    assert acting_on.record_scope(f"add a note on the Globex {word} saying they signed") == {"about_type": kind}


@pytest.mark.parametrize("verb", [" ".join(p) for p, _ in cues("attach_verbs").entries])
def test_a_request_to_attach_a_file_is_no_part_of_the_mail(verb: str) -> None:
    assert acting_on.without_file_request(f"here it is, and {verb} the deck") == "here it is"
    assert acting_on.without_file_request("here it is, with the Q3 deck attached") == "here it is"
    assert acting_on.without_file_request("thanks for the deck") == "thanks for the deck"


@pytest.mark.parametrize(("verb", "kind"), [(p[0], v) for p, v in cues("reporting_verbs").entries])
def test_every_reporting_verb_in_the_file_says_the_mail_to_its_recipient(verb: str, kind: str) -> None:
    said = {
        "ask": (f"email Tom {verb} him if he can cover the review", "Can you cover the review?"),
        "tell": (f"email Tom {verb} him the deck is ready", "The deck is ready"),
        "let": (f"email Tom to {verb} him know the deck is ready", "The deck is ready"),
    }[kind]
    message = reported.message(said[0], several=False)
    assert message is not None
    assert message.body == said[1]


@pytest.mark.parametrize("name", [p[0] for p, _ in cues("wake_names").entries])
def test_every_wake_name_in_the_file_is_dropped_before_reading(name: str) -> None:
    assert clean(f"hey {name}, book lunch with Kim") == "book lunch with Kim"


@pytest.mark.parametrize("opener", [" ".join(p) for p, _ in cues("polite_openers").entries])
def test_every_polite_opening_in_the_file_is_dropped_before_reading(opener: str) -> None:
    assert clean(f"please {opener} book lunch with Kim, thanks!") == "book lunch with Kim"


def test_an_address_said_aloud_is_an_address() -> None:
    assert clean("email tom at acme dot com the deck") == "email tom@acme.com the deck"
    assert clean("email tom@acme dot co dot uk") == "email tom@acme.co.uk"


@pytest.mark.parametrize("thing", [" ".join(p) for p, _ in cues("feeder_things").entries])
def test_every_thing_fetched_for_the_next_clause_keeps_the_request_single(thing: str) -> None:
    first, second = QueryClassifier().clauses(f"find Tom's {thing} and send it to Ana")
    assert first.feeds_next and not second.feeds_next


@pytest.mark.parametrize("verb", [" ".join(p) for p, _ in cues("booking_verbs").entries])
def test_every_booking_verb_books_a_second_thing_with_details_of_its_own(verb: str) -> None:
    clauses = QueryClassifier().clauses(f"{verb} a sync with Priya at 2 and then a follow-up with them on Friday")
    assert [c.text for c in clauses] == [f"{verb} a sync with Priya at 2", f"{verb} a follow-up with them on Friday"]


@pytest.mark.parametrize(("phrase", "kind"), [(" ".join(p), v) for p, v in cues("clause_boundaries").entries])
def test_every_clause_boundary_in_the_file_starts_a_clause_with_an_action(phrase: str, kind: str) -> None:
    text = f"email Tom the deck, {phrase} book lunch with Kim"
    clauses = QueryClassifier().clauses(text)
    assert [c.text for c in clauses] == ["email Tom the deck", "book lunch with Kim"]
    assert next_clause(text, 0) == len("email Tom the deck")
    if kind != "after a comma":
        assert len(QueryClassifier().clauses(f"email Tom the deck {phrase} book lunch with Kim")) == 2


@pytest.mark.parametrize("unit", [p[0] for p, _ in cues("time_grab_units").entries])
def test_grabbing_time_starts_a_clause_of_its_own(unit: str) -> None:
    clauses = QueryClassifier().clauses(f"email Tom the deck and grab a quick {unit} with Ana")
    assert [c.text for c in clauses] == ["email Tom the deck", f"grab a quick {unit} with Ana"]
