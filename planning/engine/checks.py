"""What the checks before an approval found, kept with the approval request (``Question.checks``) so that the card
shown again after a restart or a click on an old card says the same, and the run can tell what the card showed.

- ``notices``: a time that is busy (``conflicts``), a record or event that already exists (``duplicates``).
- ``choices``: what the user may do instead of approving: book the next free slot, use the existing record.
- ``seen``: the fields of the thing the write acts on, as the card showed them (``staleness``).
"""

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from planning.engine.hashing import args_hash

ChoiceKey = Literal["free_slot", "use_existing"]


class Notice(BaseModel):
    """A warning on the card: a title ("Not free at Thu 5 Mar, 14:00–14:30 EST") and its lines."""

    model_config = ConfigDict(frozen=True)
    title: str
    lines: list[str] = []


class Choice(BaseModel):
    """Something to do instead of approving, as a button (Slack) or a letter to type (chat)."""

    model_config = ConfigDict(frozen=True)
    key: ChoiceKey
    label: str  # "Book 15:00–15:30 instead", "Use the existing one"
    letter: str  # what to type at the approval: "f", "u"


class CardChecks(BaseModel):
    model_config = ConfigDict(frozen=True)
    notices: list[Notice] = []
    choices: list[Choice] = []
    approve_label: str = "Approve"  # "Create another" when the thing already exists
    free_slot: dict[str, str] | None = None  # {start, end} offered instead of a busy time
    existing: dict[str, Any] | None = None  # the record or event that already exists
    seen: dict[str, Any] | None = None  # the target's fields as the card showed them

    @property
    def empty(self) -> bool:
        return not (self.notices or self.choices or self.seen)


def card_hash(step_id: str, arguments: dict[str, Any], checks: CardChecks | None) -> str:
    """The approval's hash: its arguments and what the card showed of the target, so that a click on a card
    shown before the target changed never approves the card shown after."""
    if checks is None or checks.seen is None:
        return args_hash(step_id, arguments)
    return args_hash(step_id, {"arguments": arguments, "seen": checks.seen})


_WORDS: dict[ChoiceKey, re.Pattern[str]] = {
    "free_slot": re.compile(
        r"^\s*(?:f|free|next|instead|(?:(?:use|take|book|pick)\s+)?(?:the\s+)?(?:next\s+)?free\s+(?:slot|time)|"
        r"(?:book|move)\s+(?:it\s+)?(?:to\s+|at\s+)?.*\binstead)[\s.!]*$",
        re.I,
    ),
    "use_existing": re.compile(
        r"^\s*(?:u|use\s+(?:the\s+)?(?:existing|old|current)(?:\s+one)?|(?:the\s+)?existing(?:\s+one)?|"
        r"use\s+(?:it|that(?:\s+one)?))[\s.!]*$",
        re.I,
    ),
}
_CREATE_ANOTHER = re.compile(r"^\s*(?:create\s+(?:another|a\s+new\s+one|it\s+anyway)|another(?:\s+one)?)[\s.!]*$", re.I)


def chosen(checks: CardChecks | None, text: str) -> ChoiceKey | Literal["approve"] | None:
    """The choice a reply at the approval names ("f", "book 15:00 instead", "use the existing one"), or
    "approve" for "create another"; None for anything else."""
    if checks is None:
        return None
    if checks.existing is not None and _CREATE_ANOTHER.match(text):
        return "approve"
    for choice in checks.choices:
        if text.strip().casefold() == choice.label.casefold():
            return choice.key
        if _WORDS[choice.key].match(text) and _same_time(text, choice.label):
            return choice.key
    return None


_TIME = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?=\W|$)", re.I)


def _same_time(text: str, label: str) -> bool:
    """ "book 15:00 instead" or "book 3pm instead" picks the slot offered at 15:00; a reply naming another time is
    not this choice (it is asked about as any other reply)."""
    named = [_clock(m) for m in _TIME.finditer(text)]
    if not named:
        return True
    offered = _TIME.search(label)
    return offered is not None and named[0] == _clock(offered)


def _clock(match: re.Match[str]) -> tuple[int, int]:
    hour, minute, half = int(match.group(1)), int(match.group(2) or 0), (match.group(3) or "").lower()
    if half.startswith("p") and hour < 12:
        hour += 12
    elif half.startswith("a") and hour == 12:
        hour = 0
    elif not half and 1 <= hour <= 6:
        hour += 12  # a bare hour is read in working hours (contract §2.4)
    return hour, minute
