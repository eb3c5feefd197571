"""What a closed plan keeps in the store when redaction is on (``audit_redact``, ``PLANBOT_AUDIT_REDACT``).

Gone: the request's text and what was understood from it (goal texts, slots, scopes, the explanation), each step's
label (``intent``: "Email Priya: Q3 deck", kept as its tool's name in words: "Send an email") and id (the planner
names them after people: ``find_priya``; they become ``step1``, ``step2``, ... everywhere in the document),
arguments (planned and edited), the user's answers, results, ``for_each``/``run_if`` references, the history lines
and the files shared with it (their names).
Arguments, answers and results are kept as ``{"sha256": ...}`` of their JSON, as the audit trail keeps them.
What stays: the plan's shape (goals' intents and entities, steps' tools and kinds, dependencies), states, who
decided, notes, errors, recoveries and times. Open plans keep everything: they still need it to run.
"""

import hashlib
import json
from typing import Any

from integrations.base.titles import tool_title
from planning.engine.session import Session, StepRun
from planning.types import Goal, ParseResult

REDACTED_TEXT = "[redacted]"


def hashed(value: Any) -> dict[str, str]:
    """A value's stand-in: the sha256 of its JSON (keys sorted), as in the audit trail."""
    return {"sha256": hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()}


def redacted(session: Session) -> Session:
    """A copy of the closed ``session`` without its contents; the session itself is left as it is."""
    ids = redacted_ids(session)
    recoveries = [r.model_copy(update={"step_id": ids.get(r.step_id, REDACTED_TEXT)}) for r in session.recoveries]
    return session.model_copy(
        update={
            "text": REDACTED_TEXT,
            "parse": _parse(session.parse),
            "steps": [_run(run, ids) for run in session.steps],
            "question": None,
            "recoveries": recoveries,
            "history": [],
            "files": [],
            "then": "",
        },
        deep=True,
    )


def redacted_ids(session: Session) -> dict[str, str]:
    """Each step's id (``find_priya``) → the id it is kept under with redaction on (``step1``, ``step2``, ...)."""
    return {run.id: f"step{n}" for n, run in enumerate(session.steps, start=1)}


def _parse(parse: ParseResult) -> ParseResult:
    goals = tuple(Goal(intent=goal.intent, entity=goal.entity, artifact=goal.artifact) for goal in parse.goals)
    meta = parse.meta.model_copy(update={"goals": goals})
    return parse.model_copy(update={"meta": meta, "ambiguities": (), "explanation": "", "clarify": None})


def _run(run: StepRun, ids: dict[str, str]) -> StepRun:
    step = run.step.model_copy(
        update={
            "id": ids[run.id],
            "intent": tool_title(run.step.tool),
            "arguments": hashed(run.step.arguments),
            "depends_on": tuple(ids.get(need, REDACTED_TEXT) for need in run.step.depends_on),
            "for_each": None if run.step.for_each is None else REDACTED_TEXT,
            "run_if": (),
        }
    )
    return run.model_copy(
        update={
            "step": step,
            "answers": {name: hashed(value) for name, value in run.answers.items()},
            "edited": None if run.edited is None else hashed(run.edited),
            "result": None if run.result is None else hashed(run.result),
            "note": None if run.note is None else _renamed(run.note, ids),
        }
    )


def _renamed(text: str, ids: dict[str, str]) -> str:
    """``text`` (a note: "needs find_priya, which did not run") with the steps' new ids."""
    if not ids:
        return text
    out, word, index = [], [], 0
    for index, char in enumerate(text + " "):  # an id is a whole word of the note (letters, digits, "_")
        if char.isalnum() or char == "_":
            word.append(char)
            continue
        if word:
            out.append(ids.get("".join(word), "".join(word)))
            word = []
        if index < len(text):
            out.append(char)
    return "".join(out)
