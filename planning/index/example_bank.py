"""The example bank: labelled utterances whose nearest neighbours vote on an (intent, entity).

Implements ``planning.understanding.examples.ExampleVoter``. Seed examples come from labelled files and are
replaced as a whole on a rebuild; examples from plans users approved are kept across rebuilds. Out-of-scope
examples are in the bank too, so text near them votes ``unsupported`` (which never changes a reading), and
text far from every example (beyond ``max_distance``) gets no vote at all.
"""

import hashlib
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from planning.index.sources import LabelledExample, text_key
from planning.index.store import Collection, Match, Metadata, forget_requester
from planning.types import Entity, Intent
from planning.understanding.examples import Neighbour, Vote, as_label

SEED = "seed"
APPROVED = "approved"
APPROVED_TEXT = "(a request a user approved)"  # never shown to others: requests stay private


@dataclass(frozen=True, slots=True)
class VotePolicy:
    """Tuned with leave-one-out on the paraphrase and SLURP devel sets (see ``planbot eval --examples``)."""

    k: int = 7  # neighbours asked
    max_distance: float = 0.55  # cosine distance; farther neighbours do not vote
    min_share: float = 0.6  # of the similarity-weighted votes of the near neighbours
    min_votes: int = 2  # near neighbours that carry the winning label


@dataclass(frozen=True, slots=True)
class LeaveOut:
    """What an evaluation hides from the bank while it scores one item: the item itself (by source and id),
    any example with the same text, and optionally everything users approved (for reproducible figures)."""

    source: str
    item_id: str
    text: str
    seed_only: bool = True

    def exclusions(self) -> Metadata:
        """Key/value pairs: an example with any of them is hidden."""
        hidden = {"item": f"{self.source}/{self.item_id}", "key": text_key(self.text)}
        return {**hidden, "origin": APPROVED} if self.seed_only else hidden


class ExampleBank:
    def __init__(self, collection: Collection, policy: VotePolicy | None = None) -> None:
        self._collection = collection
        self.policy = policy or VotePolicy()

    def with_policy(self, policy: VotePolicy) -> "ExampleBank":
        """The same examples under another vote policy (for tuning)."""
        return ExampleBank(self._collection, policy)

    def vote(self, text: str, *, leave_out: LeaveOut | None = None) -> Vote | None:
        near = [n for n in self.neighbours(text, leave_out=leave_out) if n.distance <= self.policy.max_distance]
        weights: dict[tuple[Intent, Entity], float] = defaultdict(float)
        counts: dict[tuple[Intent, Entity], int] = defaultdict(int)
        for neighbour in near:
            label = (neighbour.intent, neighbour.entity)
            weights[label] += 1.0 - neighbour.distance
            counts[label] += 1
        if not weights:
            return None
        winner = min(weights, key=lambda label: (-weights[label], label))
        share = weights[winner] / sum(weights.values())
        if share < self.policy.min_share or counts[winner] < self.policy.min_votes:
            return None
        return Vote(winner[0], winner[1], round(share, 3), tuple(near))

    def neighbours(self, text: str, *, k: int | None = None, leave_out: LeaveOut | None = None) -> list[Neighbour]:
        exclude = leave_out.exclusions() if leave_out else None
        matches = self._collection.nearest(text, k or self.policy.k, exclude=exclude)
        return [n for n in map(_neighbour, matches) if n is not None]

    def replace_seed(self, examples: Sequence[LabelledExample]) -> None:
        """Drop every seed example, then add these (the last of a repeated source/id wins)."""
        self._collection.remove(where={"origin": SEED})
        unique = {f"{e.source}/{e.item_id}": e for e in examples}
        self._collection.add(
            list(unique),
            [e.text for e in unique.values()],
            [_metadata(e, SEED) for e in unique.values()],
        )

    def add_approved(self, text: str, intent: str, entity: str, *, requester: str = "") -> bool:
        """Learn from a request (asked by ``requester``) whose plan a user approved; ``False`` (nothing stored) for a
        label the planner does not support. The same text approved again replaces its label."""
        label = as_label(intent, entity)
        key = text_key(text)
        if label is None or label[0] in ("chat", "unsupported") or not key:
            return False
        item_id = hashlib.sha256(key.encode()).hexdigest()[:24]
        example = LabelledExample(APPROVED, item_id, key, label[0], label[1], key=key)
        metadata = {**_metadata(example, APPROVED), **({"requester": requester} if requester else {})}
        self._collection.add([f"{APPROVED}/{item_id}"], [example.text], [metadata])
        return True

    def forget(self, requester: str) -> int:
        """Delete the examples learned from ``requester``'s requests; how many went."""
        return forget_requester(self._collection, requester)

    def count(self) -> int:
        return self._collection.count()


def _metadata(example: LabelledExample, origin: str) -> Metadata:
    return {
        "item": f"{example.source}/{example.item_id}",
        "key": example.key,
        "intent": example.intent,
        "entity": example.entity,
        "origin": origin,
    }


def _neighbour(match: Match) -> Neighbour | None:
    label = as_label(match.metadata.get("intent"), match.metadata.get("entity"))
    if label is None:
        return None
    text = APPROVED_TEXT if match.metadata.get("origin") == APPROVED else match.document
    return Neighbour(text, label[0], label[1], round(match.distance, 4))
