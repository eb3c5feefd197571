"""An event named by a shortening of its title: initials ("the AR sync"), its last words ("standup"), a subset of its
words that keeps the last ("budget review" for "Q2 budget planning review"); unique among the titles known, never
made only of words for a kind of event, initials alone only in capitals; a full name of a record wins."""

from planning.understanding.grounding import NameIndex
from planning.understanding.parser import GoalUnderstandingService
from planning.understanding.shortenings import shortenings
from tests.planning.conftest import MONDAY_9AM

TITLES = [
    ("Accounts receivable sync", "event"),
    ("Daily standup", "event"),
    ("Weekly pipeline review", "event"),
    ("Quarterly business review", "event"),
    ("Design crit", "event"),
    ("Onboarding office hours", "event"),
    ("Sync with Dana", "event"),
    ("All staff kickoff", "event"),
    ("Dana Whitfield", "contact"),
]
INDEX = NameIndex(TITLES)


def titles(text: str, index: NameIndex = INDEX) -> list[str]:
    return [m.name for m in index.mentions(text) if m.entities == {"event"}]


def topic(text: str) -> str | None:
    [goal] = GoalUnderstandingService(rules_only=True, grounding=INDEX).parse(text, MONDAY_9AM).goals
    return goal.slots.topic


def test_a_shortening_keeps_the_last_word_or_ends_in_initials():
    keys = {s.key for s in shortenings("Accounts receivable sync")}
    assert {"ar sync", "receivable sync", "accounts sync", "ars"} <= keys
    assert "accounts receivable" not in keys  # the head ("sync") is kept
    assert "sync" not in keys  # a word for a kind of event names none


def test_initials_and_last_words_name_the_one_title_they_shorten():
    assert titles("can we push the AR sync") == ["Accounts receivable sync"]
    assert titles("skip standup tomorrow") == ["Daily standup"]
    assert titles("what is the OOH about") == ["Onboarding office hours"]
    assert titles("move office hours to 4") == ["Onboarding office hours"]
    assert titles("the pipeline review and the business review") == [
        "Weekly pipeline review",
        "Quarterly business review",
    ]


def test_a_shortening_two_titles_share_names_neither():
    assert titles("when is the review") == []  # pipeline review or business review


def test_initials_alone_are_taken_in_capitals_or_when_no_word_after_the():
    assert titles("cancel the QBR") == ["Quarterly business review"]
    assert titles("ask dana about it") == []  # "All staff kickoff" is not "ask"
    assert titles("the ASK deck") == ["All staff kickoff"]
    assert titles("what's the ask") == []  # a word of English in lower case is that word
    index = NameIndex([("Monthly revenue forecast", "event"), ("Launch review", "event"), ("Ops review", "event")])
    assert titles("can we push the mrf to friday", index) == ["Monthly revenue forecast"]
    assert titles("i cant make our mrf", index) == ["Monthly revenue forecast"]
    assert titles("mrf numbers look off", index) == []  # lower case and after no "the": no event
    assert titles("cancel my lr", index) == []  # two lower-case letters: too short to be sure


def test_initials_of_the_last_three_words_or_more_name_a_title_with_words_before():
    index = NameIndex([("Initech monthly revenue forecast", "event"), ("Budget review", "event")])
    assert titles("move the MRF", index) == ["Initech monthly revenue forecast"]
    assert titles("when is the initech mrf", index) == ["Initech monthly revenue forecast"]
    assert titles("the rf", index) == []  # two initials do not drop the words before them


def test_words_after_a_joint_are_not_shortened():
    assert titles("sync tomorrow") == [] and titles("email dana") == []


def test_a_full_name_of_a_record_wins_over_a_shortening():
    index = NameIndex([*TITLES, ("Pipeline review", "deal")])
    [mention] = index.mentions("update the pipeline review")
    assert mention.entities == {"deal"}


def test_the_request_looks_for_the_title_it_shortens():
    assert topic("move the AR sync to 3pm") == "Accounts receivable sync"
    assert topic("move my standup to 10am") == "Daily standup"
    assert topic("cancel the QBR") == "Quarterly business review"
    assert topic("push the qbr to thursday") == "Quarterly business review"
    assert topic("when is the pipeline review") == "Weekly pipeline review"


def test_without_the_titles_the_shortening_is_looked_for_as_written():
    [goal] = GoalUnderstandingService(rules_only=True).parse("move the AR sync to 3pm", MONDAY_9AM).goals
    assert goal.slots.topic == "AR sync"


ABBREVIATED = NameIndex(
    [
        ("Engineering sync", "event"),
        ("Sprint retrospective", "event"),
        ("Performance review", "event"),
        ("Pipeline review", "event"),
        ("Dana Whitfield", "contact"),
    ]
)


def test_words_cut_short_name_the_one_title_they_begin():
    found = ABBREVIATED.mentions("after the eng sync, cancel the sprint retro and move the perf review")
    assert [(m.written, m.name) for m in found] == [
        ("eng sync", "Engineering sync"),
        ("sprint retro", "Sprint retrospective"),
        ("perf review", "Performance review"),
    ]
    assert [m.name for m in ABBREVIATED.mentions("email dana about the eng sync")] == [
        "Dana Whitfield",
        "Engineering sync",
    ]


def test_a_cut_short_word_alone_or_of_two_titles_or_too_short_names_none():
    for text in ("the retro", "the p review", "sync with eng", "the eng review", "the review"):
        assert ABBREVIATED.mentions(text) == (), text
    two = NameIndex([("Performance review", "event"), ("Personnel review", "event")])
    assert two.mentions("the per review") == ()  # both begin with "per"
    assert [m.name for m in two.mentions("the perf review")] == ["Performance review"]


def test_a_request_looks_for_the_title_its_words_abbreviate():
    [goal] = (
        GoalUnderstandingService(rules_only=True, grounding=ABBREVIATED)
        .parse("move the eng sync to 3pm", MONDAY_9AM)
        .goals
    )
    assert goal.slots.topic == "Engineering sync"


def test_lower_case_initials_after_a_day_name_the_title_and_someone_added_joins_it():
    """User test s12 (c23b): "add tom to thursdays qbr" made a new event titled "Tom"."""
    assert titles("add maria to thursdays qbr") == ["Quarterly business review"]
    assert titles("push friday's pr review") == []  # initials that are no title's stay words
    [goal] = (
        GoalUnderstandingService(rules_only=True, grounding=INDEX)
        .parse("pls add maria to thursday's qbr", MONDAY_9AM)
        .goals
    )
    assert (goal.intent, goal.entity, goal.slots.topic) == ("update", "event", "Quarterly business review")
