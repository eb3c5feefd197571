"""The commands of a reply's clauses put in the order they are run (:mod:`.accounted`): as said, an approval last
(what it approves is the plan as changed); changes of one event or one record said in two clauses, one change with
both (``also``); from the first clause that starts a request of its own, the rest of the reply is that request.
After a plan ended, one plan runs at a time: what follows the first command is said again when its plan ends, as a
message of its own (a follow-up on that plan, or a request)."""

from collections.abc import Sequence
from dataclasses import replace

from planning.understanding.commands.decide import Decide
from planning.understanding.commands.event_change import EventChange
from planning.understanding.commands.kinds import Command
from planning.understanding.commands.new_request import NewRequest
from planning.understanding.commands.record_change import RecordChange

Said = tuple[int, tuple[Command, ...]]
"""A clause: where it starts in the reply's text, and its commands."""


def in_order(text: str, clauses: Sequence[Said], *, ended: bool) -> tuple[Command, ...] | None:
    """The commands of ``clauses`` (of the reply ``text``) in the order they run; ``ended``: no plan is open, the
    reply follows up the last one. None when a clause cancels (a change of mind, read as a whole by the reader)."""
    out: list[Command] = []
    approve: list[Command] = []
    for start, commands in clauses:
        for command in commands:
            if isinstance(command, Decide) and command.action == "cancel":
                return None
            if isinstance(command, NewRequest) or (ended and out and not _joins(out[-1], command)):
                return (*out, *approve, NewRequest(text[start:].strip()))  # run after what comes before
            if isinstance(command, Decide) and command.action == "approve" and command.target is None:
                approve = [command]
            elif out and _joins(out[-1], command):
                out[-1] = _joined(out[-1], command)
            elif command not in out:
                out.append(command)
    return (*out, *approve) or None


def _joins(before: Command, command: Command) -> bool:
    """Whether ``command`` changes, in other fields, the event or the record ``before`` changes: one change of both."""
    if isinstance(before, EventChange) and isinstance(command, EventChange):
        fields = {before.field, *(f for f, _ in before.also)}
        moved = before.one_occurrence != command.one_occurrence
        return "delete" not in (before.field, command.field) and command.field not in fields and not moved
    if isinstance(before, RecordChange) and isinstance(command, RecordChange):
        kept = {before.field, *(f for f, _ in before.also)}
        same = command.record in (None, before.record)
        return same and command.shift_days is None and command.field not in kept
    return False


def _joined(before: Command, command: Command) -> Command:
    if isinstance(before, EventChange) and isinstance(command, EventChange):
        return replace(before, also=(*before.also, (command.field, command.value), *command.also))
    if isinstance(before, RecordChange) and isinstance(command, RecordChange):
        return replace(before, also=(*before.also, (command.field, command.value), *command.also))
    return before
