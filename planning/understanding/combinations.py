"""The (intent, entity) combinations planbot understands: one row each, with the artifact it yields.

Adding a combination is adding a row here and a recipe row in ``planning.planner.recipes``.
"""

from planning.types import Entity, Intent

COMBINATIONS: dict[tuple[str, str], str] = {
    ("send", "email"): "message",
    ("find", "email"): "messages",
    ("summarize", "email"): "summary",
    ("update", "email"): "message",  # (v3) marked read or unread, archived
    ("find", "event"): "events",
    ("create", "event"): "event",
    ("update", "event"): "event",
    ("delete", "event"): "event",
    ("find", "availability"): "free_slots",
    ("summarize", "event"): "summary",
    **{("find", e): "records" for e in ("contact", "lead", "deal", "account")},
    **{("create", e): "record" for e in ("contact", "lead", "deal", "account")},
    **{("update", e): "record" for e in ("contact", "lead", "deal", "account")},
    **{("delete", e): "record" for e in ("contact", "lead", "deal", "account")},
    **{("summarize", e): "summary" for e in ("contact", "lead", "deal", "account")},
    **{
        (i, e): ("records" if i == "find" else "record")
        for i in ("find", "create", "update", "delete")
        for e in ("note", "task")
    },
}

# A reading that names a combination we do not have maps to the nearest one we do.
REMAP: dict[tuple[str, str], tuple[Intent, Entity]] = {
    ("create", "availability"): ("create", "event"),
    ("update", "availability"): ("update", "event"),
    ("delete", "availability"): ("delete", "event"),
    ("summarize", "availability"): ("find", "availability"),
    ("create", "email"): ("send", "email"),
}


def supported(intent: str, entity: str) -> bool:
    return (intent, entity) in COMBINATIONS


def artifact(intent: str, entity: str) -> str:
    return COMBINATIONS.get((intent, entity), "none")
