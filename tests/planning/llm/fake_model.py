"""A tool-calling fake chat model (langchain's own fake, made to accept ``bind_tools``) with scripted answers.

Each answer is an ``AIMessage``, a plan dict (sent as a ``PlanDraft`` tool call), or an exception to raise.
Every prompt it receives is recorded, and so is every ``bind_tools`` call.
"""

import asyncio
import itertools
from typing import Any

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatResult
from pydantic import Field

_ids = itertools.count(1)


def plan_call(steps: list[dict[str, Any]], name: str = "PlanDraft") -> AIMessage:
    """The model's answer calling the plan tool with ``{"steps": steps}``."""
    return AIMessage(content="", tool_calls=[{"name": name, "args": {"steps": steps}, "id": f"call_{next(_ids)}"}])


def step(
    id_: str, tool: str, inputs: dict[str, Any], depends_on: tuple[str, ...] = (), goal: int = 0
) -> dict[str, Any]:
    return {
        "id": id_,
        "intent": id_.replace("_", " "),
        "tool": tool,
        "arguments": {"input": inputs},
        "depends_on": list(depends_on),
        "goal": goal,
    }


class ScriptedChatModel(GenericFakeChatModel):
    """``GenericFakeChatModel`` whose ``bind_tools`` returns itself, answering from ``script`` in order."""

    script: list[Any] = Field(default_factory=list)
    prompts: list[list[BaseMessage]] = Field(default_factory=list)
    bound: list[dict[str, Any]] = Field(default_factory=list)
    delay: float = 0.0

    def __init__(self, *answers: Any, **kwargs: Any) -> None:
        super().__init__(messages=iter(()), script=list(answers), **kwargs)

    def bind_tools(self, tools: Any, *, tool_choice: Any = None, **kwargs: Any) -> "ScriptedChatModel":
        self.bound.append({"tools": tools, "tool_choice": tool_choice})
        return self

    def _next(self, messages: list[BaseMessage]) -> AIMessage:
        self.prompts.append(list(messages))
        if not self.script:
            raise AssertionError("the model was asked more often than scripted")
        answer = self.script.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        if isinstance(answer, dict):
            return plan_call(answer["steps"])
        if isinstance(answer, str):
            return AIMessage(content=answer)
        assert isinstance(answer, AIMessage)
        return answer

    def _generate(
        self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kwargs: Any
    ) -> ChatResult:
        self.messages = iter([self._next(messages)])
        return super()._generate(messages, stop, run_manager, **kwargs)

    async def _agenerate(
        self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kwargs: Any
    ) -> ChatResult:
        if self.delay:
            await asyncio.sleep(self.delay)
        return self._generate(messages, stop, None, **kwargs)

    @property
    def calls(self) -> int:
        return len(self.prompts)
