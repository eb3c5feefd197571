"""What the checks before an approval found, kept with the approval request (``Question.checks``) so that the card
shown again after a restart or a click on an old card says the same, and the run can tell what the card showed.

- ``notices``: a time that is busy (``conflicts``), a record or event that already exists (``duplicates``).
- ``choices``: what the user may do instead of approving: book the next free slot, use the existing record.
- ``seen``: the fields of the thing the write acts on, as the card showed them (``staleness``).
"""

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
