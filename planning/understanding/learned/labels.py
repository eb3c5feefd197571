"""The classes the classifier learns: every contract goal label it has enough examples of, out of scope, and
"the rules decide".

Which goal labels are learned is a property of the training data, not a list here: a plannable (intent, entity)
combination with at least :data:`MIN_EXAMPLES` examples is a class of its own; every other in-scope label is
one class, :data:`RULES` (the classifier learns that such a request is in scope, never which goal it is, and
abstains on it). Small talk and out-of-scope requests are one class, :data:`OUT`.
"""

from collections import Counter
from collections.abc import Iterable

from planning.understanding.combinations import supported

OUT = "out"
RULES = "rules"
NO_PLAN = frozenset({"chat", "unsupported"})
# Below this many examples a label is left to the rules: cross-validation shows no label under it learned reliably.
MIN_EXAMPLES = 8
# Data labels that name the contract's goal differently: a draft is a message written ("draft a reply to Sam"),
# which the contract reads as send/email (``combinations.REMAP`` does the same for the rules).
ALIASES: dict[tuple[str, str], tuple[str, str]] = {("create", "email"): ("send", "email")}


def data_label(intent: str, entity: str) -> str:
    """The label of one data goal: ``"find/email"``, :data:`OUT`, or :data:`RULES` for a goal planbot does not
    plan; whether a label is learned is :func:`learned_classes`'."""
    if intent in NO_PLAN:
        return OUT
    intent, entity = ALIASES.get((intent, entity), (intent, entity))
    return f"{intent}/{entity}" if supported(intent, entity) else RULES


def learned_classes(labels: Iterable[str]) -> tuple[str, ...]:
    """The classes a model fitted on ``labels`` has: each goal label with enough examples (most frequent first),
    then :data:`OUT` and :data:`RULES`."""
    counts = Counter(labels)
    goals = sorted(
        (name for name, n in counts.items() if n >= MIN_EXAMPLES and as_pair(name) is not None),
        key=lambda name: (-counts[name], name),
    )
    return (*goals, OUT, RULES)


def class_of(label: str, classes: Iterable[str]) -> str:
    """``label`` when it is one of ``classes``, else :data:`RULES` (a goal with too few examples)."""
    return label if label in set(classes) else (OUT if label == OUT else RULES)


def is_write(name: str) -> bool:
    """Whether a goal class changes something (sends, creates, updates, deletes) rather than reads."""
    return name.partition("/")[0] in ("send", "create", "delete", "update")


def as_pair(name: str) -> tuple[str, str] | None:
    """The (intent, entity) of a goal class; ``None`` for :data:`OUT` and :data:`RULES`."""
    intent, _, entity = name.partition("/")
    return (intent, entity) if entity and supported(intent, entity) else None
