"""A second opinion from labelled examples, for the clauses the rules are unsure about.

``ExampleVoter`` is the narrow protocol the goal parser knows: the nearest labelled utterances vote on an
``(intent, entity)``. The semantic index (``planning.index``) implements it; the rules-only path never
imports it. :func:`second_opinion` is the policy: when to ask, and when a vote may replace the rules'
reading. A confident rules reading and an explicit off-topic cue ("set an alarm", "the weather") are never
overridden, and only an in-scope vote changes anything: out-of-scope text stays out of scope.
"""

from dataclasses import dataclass
from typing import Protocol, get_args

from planning.types import Entity, Intent
from planning.understanding.combinations import supported
from planning.understanding.interpret import Reading

CONSULT_BELOW = 0.65  # the rules' weak readings: loose hints (0.6), a weak in-scope reading (<= 0.6)
NO_PLAN = frozenset({"chat", "unsupported"})


@dataclass(frozen=True, slots=True)
class Neighbour:
    """One labelled example near the text: its words, its label and its cosine distance (0 = same)."""

    text: str
    intent: Intent
    entity: Entity
    distance: float


@dataclass(frozen=True, slots=True)
class Vote:
    """The label the neighbours agree on; ``score`` is its share of their similarity-weighted votes (0–1)."""

    intent: Intent
    entity: Entity
    score: float
    neighbours: tuple[Neighbour, ...]


class ExampleVoter(Protocol):
    def vote(self, text: str) -> Vote | None:
        """The nearest examples' label for ``text``; ``None`` when none is near enough or they disagree."""
        ...


@dataclass(frozen=True, slots=True)
class ConsultPolicy:
    consult_below: float = CONSULT_BELOW


def unsure(reading: Reading, policy: ConsultPolicy) -> bool:
    """Whether the rules want a second opinion: a reading below the policy's confidence (only loose hints
    of a calendar or email request, or a weak in-scope reading). Small talk and an explicit off-topic cue
    are sure; so is "no email, CRM or calendar concept at all" (0.7): measured, asking the examples then
    turned more out-of-scope requests into plans than it rescued in-scope ones."""
    if reading.intent == "chat" or reading.offtopic is not None:
        return False
    return reading.confidence < policy.consult_below


def second_opinion(text: str, reading: Reading, voter: ExampleVoter, policy: ConsultPolicy | None = None) -> Reading:
    """``reading`` itself, or the voted reading when the rules are unsure and the examples name another
    supported in-scope (intent, entity)."""
    policy = policy or ConsultPolicy()
    if not unsure(reading, policy):
        return reading
    vote = voter.vote(text)
    if vote is None or vote.intent in NO_PLAN or not supported(vote.intent, vote.entity):
        return reading
    if (vote.intent, vote.entity) == (reading.intent, reading.entity):
        return reading
    runner_up = None if reading.intent in NO_PLAN else (reading.intent, reading.entity)
    return Reading(
        vote.intent,
        vote.entity,
        round(0.45 + 0.3 * vote.score, 2),
        runner_up,
        _explain(vote),
    )


def as_label(intent: object, entity: object) -> tuple[Intent, Entity] | None:
    """A label read from data: an in-scope pair the planner supports, or chat/unsupported with no entity."""
    known_intent = _INTENTS.get(intent) if isinstance(intent, str) else None
    known_entity = _ENTITIES.get(entity) if isinstance(entity, str) else None
    if known_intent is None or known_entity is None:
        return None
    if known_intent in NO_PLAN:
        return (known_intent, known_entity) if known_entity == "none" else None
    return (known_intent, known_entity) if supported(known_intent, known_entity) else None


_INTENTS: dict[str, Intent] = {name: name for name in get_args(Intent)}
_ENTITIES: dict[str, Entity] = {name: name for name in get_args(Entity)}


def _explain(vote: Vote) -> str:
    shown = ", ".join(f"'{n.text}'" for n in vote.neighbours if (n.intent, n.entity) == (vote.intent, vote.entity))
    return f"like the labelled examples {shown} -> {vote.intent}/{vote.entity}"
