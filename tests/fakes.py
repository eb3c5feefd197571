"""Fakes of our own narrow protocols (never of libraries): a scripted connector that records its calls."""

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import BaseModel

from integrations.base import CATALOG

Responder = Callable[[dict[str, Any]], Any]


@dataclass
class ScriptedConnector:
    """Answers each tool from ``responses`` (a value, a callable of the arguments, or an exception to raise,
    consumed in order when given as a list)."""

    responses: dict[str, Any] = field(default_factory=dict)
    name: str = "scripted"
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    @property
    def tools(self) -> frozenset[str]:
        return frozenset(CATALOG.names())

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        args = arguments.model_dump(mode="json", exclude_none=True)
        self.calls.append((tool, args))
        answer = self.responses.get(tool, {"id": f"{tool}-{len(self.calls)}"})
        if isinstance(answer, list) and answer and answer[0] == "__sequence__":
            answer = answer.pop(1) if len(answer) > 2 else answer[1]
        if isinstance(answer, BaseException):
            raise answer
        if callable(answer):
            result = answer(args)
            return await result if inspect.isawaitable(result) else result
        return answer

    def called(self, tool: str) -> list[dict[str, Any]]:
        return [args for name, args in self.calls if name == tool]


def sequence(*answers: Any) -> list[Any]:
    """Answers given one per call; the last one repeats."""
    return ["__sequence__", *answers]


class ManualClock:
    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 3, 2, 14, 0, tzinfo=UTC)  # Monday 09:00 in New York

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)
