"""The classes the classifier learns: seven (intent, entity) labels, out-of-scope, and "the rules decide".

The seven are the labels the training data has real examples of. Every other in-scope label (changes to
events, CRM records, notes, tasks, summaries, free time) is one class, ``RULES``: the classifier learns that
such a request is in scope, never which goal it is, and abstains on it.
"""

LEARNED: tuple[tuple[str, str], ...] = (
    ("send", "email"),
    ("find", "email"),
    ("find", "contact"),
    ("create", "contact"),
    ("create", "event"),
    ("find", "event"),
    ("delete", "event"),
)
OUT = "out"
RULES = "rules"
NO_PLAN = frozenset({"chat", "unsupported"})


def class_name(intent: str, entity: str) -> str:
    """The class of one data label: ``"find/email"``, :data:`OUT` or :data:`RULES`."""
    if intent in NO_PLAN:
        return OUT
    return f"{intent}/{entity}" if (intent, entity) in LEARNED else RULES


def is_write(name: str) -> bool:
    """Whether a learned class changes something (sends, creates, deletes) rather than reads."""
    return name.partition("/")[0] in ("send", "create", "delete", "update")


def as_pair(name: str) -> tuple[str, str] | None:
    """The (intent, entity) of a learned class; ``None`` for :data:`OUT` and :data:`RULES`."""
    intent, _, entity = name.partition("/")
    return (intent, entity) if (intent, entity) in LEARNED else None


CLASSES: tuple[str, ...] = (*(f"{i}/{e}" for i, e in LEARNED), OUT, RULES)
