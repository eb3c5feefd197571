"""What a reply is read with: the open question and its kind, what was shown, what the last plan left."""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from planning.understanding.commands.values import ValueType as ValueKind

QuestionKind = Literal[
    "clarify", "value", "pick", "recover", "unknown_outcome", "past_start", "approval", "connect", "none"
]
LeftBehind = Literal["event", "email", "unsent", "mail_marks", "record", "records", "changes", "free_time"]


@dataclass(frozen=True)
class PickMade:
    """A lookup of the open plan answered by a pick: the things it was picked from, and the one picked (from 0)."""

    options: tuple[Mapping[str, Any], ...]
    chosen: int


@dataclass(frozen=True)
class Context:
    """``question``: what the open plan asks ("none": it asks nothing, or no plan is open — a follow-up).
    ``name`` / ``value_kind``: the value asked; ``optional``: it may be left out. ``options``: the labels shown for
    a pick or a clarification; ``candidates``: the records behind them (name, company, email, title).
    ``choices``: the named choices of an approval card (free slot, existing record). ``left``: what the last plan in
    the thread made, when it ended (an event, an email sent, "unsent": an email written and not sent, its plan cancelled
    or the email skipped, "mail_marks": mail marked read or unread or archived, a
    CRM record made or changed, any change; "free_time":
    the free times it found, as ``candidates``, and nothing else; "records": the CRM records its last read listed, as
    ``candidates``, and nothing changed). ``offered``:
    the bot asked whether the last reply was a new request. ``open_plan``: a plan is open in the thread (else the reply
    may follow up on the last one). ``correctable``: the kinds of value a bare correction ("actually make it 4pm") may
    change in the open plan. ``doing``: what the step shown for approval does (its tool; for an answer to an
    invitation, the answer), so that "yep, accept" approves it. ``record_fields``: the fields of the CRM record the
    open plan makes or changes ("his email's …, and put him as contacted" at its approval corrects them);
    ``record_kind``: the kind of the record the step shown for approval writes ("Deal"), whose own name for a field
    named is taken (data/record_field_synonyms.txt: "name it …" at a deal's card is its name). ``now``: the
    time the reply is read at, in the requester's zone ("yesterday's" picks the email that came yesterday).
    ``people``: the names looked up and the addresses of those the open plan writes to or invites ("take tom off"
    changes them). ``sought``: at a ``recover`` question, the name the lookup found nobody for ("skip bob" leaves that
    person out). ``shown``: the values the step of the open question shows, (field, value as text), a list one
    entry an item ("4:30 not 4" corrects the field shown at 4: :mod:`.grounded`). ``picked``: the lookups of the open
    plan answered by a pick ("wait no - park" at the card picks another of those shown: :mod:`._repicked`).
    ``steps``: at an approval, the plan's changes still to run, the one shown first, each (its id, what it does as
    ``doing`` says it, what its card says it does): "skip the priya move" names one (:mod:`._steps_named`)."""

    question: QuestionKind = "none"
    name: str | None = None
    value_kind: ValueKind | None = None
    optional: bool = False
    options: tuple[str, ...] = ()
    candidates: tuple[Mapping[str, Any], ...] = ()
    choices: tuple[tuple[str, str], ...] = ()
    existing: bool = False
    offered: bool = False
    open_plan: bool = False
    correctable: tuple[ValueKind, ...] = ()
    record_fields: tuple[str, ...] = ()
    record_kind: str | None = None
    left: frozenset[LeftBehind] = frozenset()
    doing: str | None = None
    now: datetime | None = None
    people: tuple[str, ...] = ()
    sought: str | None = None
    shown: tuple[tuple[str, str], ...] = ()
    picked: tuple[PickMade, ...] = ()
    steps: tuple[tuple[str, str, str], ...] = ()
