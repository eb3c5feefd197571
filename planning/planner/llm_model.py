"""The langchain side of the LLM planner: build a chat model, ask it for a ``PlanDraft``, read its answer.

Only this module (and ``llm.py``, lazily) imports langchain; ``planbot plan`` on rules alone never loads it.
The answer is read leniently (a tool call, or JSON in the text) and every failure to read it comes back as a
message for the repair round, never as an exception.
"""

import json
import re
from dataclasses import dataclass
from typing import Any

from langchain.chat_models import init_chat_model
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.runnables import Runnable
from pydantic import ValidationError

from planning.planner.llm_prompt import Prompt
from planning.planner.llm_schema import PlanDraft

PLANNING_TEMPERATURE = 0.1
_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Draft:
    """One answer of the model: the plan it submitted (or ``None``), why it could not be read, and the answer
    as text (shown back to the model in the repair round)."""

    plan: PlanDraft | None
    error: str | None
    echo: str


def chat_model(spec: str, *, temperature: float = PLANNING_TEMPERATURE, **options: Any) -> BaseChatModel:
    """``init_chat_model("provider:model", temperature=...)``; ``options`` go to the provider's class
    (``api_key``, ``base_url``, ``max_retries``, ...)."""
    model = init_chat_model(spec, temperature=temperature, **options)
    if not isinstance(model, BaseChatModel):  # only a configurable model (not used here) is anything else
        raise TypeError(f"{spec!r} did not give a chat model")
    return model


def model_label(model: BaseChatModel) -> str:
    for attribute in ("model_name", "model"):
        value = getattr(model, attribute, None)
        if isinstance(value, str) and value:
            return f"{model._llm_type}:{value}"
    return model._llm_type


class ChatModelDrafter:
    """Asks a langchain chat model for a ``PlanDraft`` through its structured output (a forced tool call)."""

    def __init__(self, model: BaseChatModel, label: str | None = None) -> None:
        self.label = label or model_label(model)
        self._structured: Runnable[Any, Any] = model.with_structured_output(
            PlanDraft, method="function_calling", include_raw=True
        )

    async def draft(self, prompt: Prompt) -> Draft:
        answer = await self._structured.ainvoke(messages(prompt))
        raw = answer.get("raw")
        echo = _echo(raw)
        parsed = answer.get("parsed")
        if isinstance(parsed, PlanDraft):
            return Draft(parsed, None, echo)
        error = answer.get("parsing_error")
        if error is not None:
            return Draft(None, f"the {PlanDraft.__name__} call did not fit its schema: {_short(error)}", echo)
        return _from_text(raw, echo)


def messages(prompt: Prompt) -> list[BaseMessage]:
    out: list[BaseMessage] = [SystemMessage(content=prompt.system)]
    for turn in prompt.turns:
        out.append(HumanMessage(content=turn.text) if turn.role == "user" else AIMessage(content=turn.text))
    return out


def _from_text(raw: Any, echo: str) -> Draft:
    """No tool call: a model without tool calling may still have answered with the plan as JSON text."""
    if isinstance(raw, AIMessage) and raw.invalid_tool_calls:
        call = raw.invalid_tool_calls[0]
        return Draft(None, f"the arguments of the {call.get('name')} call are not valid JSON", echo)
    text = raw.text if isinstance(raw, BaseMessage) else ""
    fenced = _FENCE.search(text)
    candidate = (fenced.group(1) if fenced else text).strip()
    if not candidate:
        return Draft(None, f"the answer held no plan: call {PlanDraft.__name__} with the plan", echo)
    try:
        return Draft(PlanDraft.model_validate_json(candidate), None, echo)
    except ValidationError as error:
        return Draft(None, f"the answer is not a plan (call {PlanDraft.__name__}): {_short(error)}", echo)


def _echo(raw: Any) -> str:
    if not isinstance(raw, AIMessage):
        return ""
    if raw.tool_calls:
        return json.dumps(raw.tool_calls[0].get("args"), ensure_ascii=False)
    if raw.invalid_tool_calls:
        return str(raw.invalid_tool_calls[0].get("args") or "")
    return raw.text


def _short(error: BaseException) -> str:
    """Where and what, never the values (the answer may echo the request or an email body into logs)."""
    if isinstance(error, ValidationError):
        return "; ".join(f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in error.errors()[:10])
    return type(error).__name__
