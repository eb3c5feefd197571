"""What one message, click or edit came to, as a value: done, refused (with its reason), asked, or nothing to do.

Every entry point of the conversation returns a :class:`Turn`: the replies to render, in order, and its
``outcome``, one of a closed set the front ends act on (a refused click keeps its card; a turn that asks waits for
an answer) without reading what the replies say.
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import wraps
from typing import ParamSpec

from planning.engine.replies import AskApproval, AskValue, Refused, Reply

P = ParamSpec("P")

__all__ = ["Asked", "Done", "NothingToDo", "Outcome", "Refused", "Turn", "as_turn"]


@dataclass(frozen=True, slots=True)
class Done:
    """It went through: what was asked ran, was decided or was said."""


@dataclass(frozen=True, slots=True)
class Asked:
    """It went through, and the plan now waits for an answer: ``question`` (a value, a choice, an approval)."""

    question: AskValue | AskApproval


@dataclass(frozen=True, slots=True)
class NothingToDo:
    """Nothing to do and nothing said (a request handled before, a file with no words, chatter in a channel)."""


Outcome = Done | Refused | Asked | NothingToDo


class Turn(list[Reply]):
    """The replies of one turn, in order, and what it came to (``outcome``)."""

    @property
    def outcome(self) -> Outcome:
        refused = next((reply for reply in self if isinstance(reply, Refused)), None)
        if refused is not None:
            return refused
        asked = next((reply for reply in reversed(self) if isinstance(reply, AskValue | AskApproval)), None)
        if asked is not None:
            return Asked(asked)
        return Done() if self else NothingToDo()

    @property
    def refusals(self) -> list[Refused]:
        """The refusals said in it (shown in place of a clicked card)."""
        return [reply for reply in self if isinstance(reply, Refused)]


def as_turn(method: Callable[P, Awaitable[list[Reply]]]) -> Callable[P, Awaitable[Turn]]:
    """An entry point that says its replies as a :class:`Turn`."""

    @wraps(method)
    async def said(*args: P.args, **kwargs: P.kwargs) -> Turn:
        return Turn(await method(*args, **kwargs))

    return said
