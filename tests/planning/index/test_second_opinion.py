"""The goal parser with an example voter (a fake of our own protocol): when it asks, what it accepts.

The parser here runs without the trained classifier (``rules_only``), so that only the voter is at work."""

import subprocess
import sys
from datetime import datetime
from zoneinfo import ZoneInfo

from planning.understanding.examples import Neighbour, Vote
from planning.understanding.parser import GoalUnderstandingService

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))


class FakeVoter:
    def __init__(self, intent: str = "create", entity: str = "event", score: float = 0.9) -> None:
        self.asked: list[str] = []
        self._vote = Vote(intent, entity, score, (Neighbour("add lunch with Tom", intent, entity, 0.2),))  # type: ignore[arg-type]

    def vote(self, text: str) -> Vote | None:
        self.asked.append(text)
        return self._vote


def goals(service: GoalUnderstandingService, text: str) -> list[tuple[str, str]]:
    return [(g.intent, g.entity) for g in service.parse(text, NOW).meta.goals]


def test_a_loose_hint_becomes_the_voted_goal_with_its_slots():
    voter = FakeVoter()
    result = GoalUnderstandingService(voter=voter, rules_only=True).parse("lunch with Dana on Friday at noon", NOW)
    [goal] = result.meta.goals
    assert (goal.intent, goal.entity) == ("create", "event")
    assert goal.slots.when is not None and goal.slots.people == ("Dana",)
    assert "labelled examples 'add lunch with Tom'" in result.explanation
    assert voter.asked == ["lunch with Dana on Friday at noon"]


def test_without_a_voter_the_same_text_stays_out_of_scope():
    assert goals(GoalUnderstandingService(rules_only=True), "lunch with Dana on Friday at noon") == [
        ("unsupported", "none")
    ]


def test_a_confident_reading_is_never_overridden_or_even_questioned():
    voter = FakeVoter("find", "email")
    assert goals(GoalUnderstandingService(voter=voter, rules_only=True), "Email John the sales report") == [
        ("send", "email")
    ]
    assert voter.asked == []


def test_an_explicit_off_topic_cue_is_never_overridden():
    voter = FakeVoter()
    assert goals(GoalUnderstandingService(voter=voter, rules_only=True), "set an alarm for 5 am") == [
        ("unsupported", "none")
    ]
    assert voter.asked == []


def test_a_request_with_no_domain_concept_is_not_asked_about():
    voter = FakeVoter()
    assert goals(GoalUnderstandingService(voter=voter, rules_only=True), "how tall is mount everest") == [
        ("unsupported", "none")
    ]
    assert voter.asked == []


def test_an_out_of_scope_vote_changes_nothing():
    voter = FakeVoter("unsupported", "none")
    service = GoalUnderstandingService(voter=voter, rules_only=True)
    assert goals(service, "lunch with Dana on Friday at noon") == [("unsupported", "none")]
    assert goals(service, "search email for contact") == [("find", "contact")]
    assert len(voter.asked) == 2


def test_a_weak_in_scope_reading_can_be_corrected_and_keeps_the_rules_reading_as_runner_up():
    voter = FakeVoter("find", "email", score=0.7)
    result = GoalUnderstandingService(voter=voter, rules_only=True).parse("search email for contact", NOW)
    assert [(g.intent, g.entity) for g in result.meta.goals] == [("find", "email")]
    assert result.confidence == 0.66
    assert any("find/contact" in ambiguity for ambiguity in result.ambiguities)


def test_a_vote_for_a_pair_the_planner_does_not_support_is_ignored():
    voter = FakeVoter("send", "deal")
    assert goals(GoalUnderstandingService(voter=voter, rules_only=True), "lunch with Dana on Friday at noon") == [
        ("unsupported", "none")
    ]


def test_requests_of_several_clauses_are_left_to_the_rules():
    voter = FakeVoter()
    service = GoalUnderstandingService(voter=voter, rules_only=True)
    service.parse("find emails from john and book a meeting with him", NOW)
    assert voter.asked == []


def test_the_rules_only_path_imports_no_index_library():
    code = (
        "import sys\n"
        "from datetime import datetime, timezone\n"
        "from planning.pipeline import RequestPlanner\n"
        "RequestPlanner().understand('lunch with Dana on Friday at noon', datetime.now(timezone.utc))\n"
        "heavy = ('chromadb', 'onnxruntime', 'tokenizers', 'planning.index')\n"
        "print([m for m in heavy if m in sys.modules])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
