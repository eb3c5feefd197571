"""The LLM planner: a ``PlanRefiner`` that asks a chat model for a plan and keeps it only when it is valid.

    rule-based understanding + plan ─▶ prompt ─▶ model ─▶ PlanDraft ─▶ validate_plan + guards
                                                   ▲                              │ problems
                                                   └──── one repair round ◀───────┘
    still invalid, the model failed or timed out ─▶ the rule-based plan, the reason in the explanation

Every outcome is a ``PlanningEvent`` (``plan_generated`` / ``planning_error``) given to the observer and
logged. langchain is imported only when a model is configured (``llm_planner_from_settings``,
``LlmPlanner.from_chat_model``), so importing this module costs nothing on the rules-only path.
"""

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, Protocol

from integrations.base import ToolCatalog, ToolSpec
from planning.pipeline import Understood
from planning.planner.llm_guards import DEFAULT_MAX_STEPS, Baseline, check_llm_plan
from planning.planner.llm_prompt import Prompt, Turn, repair_turns, request_text, system_text
from planning.planner.llm_schema import PlanExample, UntrustedText, plan_from_draft
from planning.types import Plan
from planning.validation import Problem

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

    from planning.planner.llm_model import Draft

__all__ = [
    "LlmConfigError",
    "LlmPlanner",
    "PlanExample",
    "PlanningEvent",
    "UntrustedText",
    "llm_planner_from_settings",
]

logger = logging.getLogger(__name__)

DEFAULT_TIMEOUT_SECONDS = 45.0
EventName = Literal["plan_generated", "planning_error"]
Examples = Sequence[PlanExample] | Callable[[str], Sequence[PlanExample]]
"""Fixed examples, or a function of the request giving them (plan memory: the nearest approved plans); the
function runs in a worker thread, so it may block (an index query)."""


@dataclass(frozen=True, slots=True)
class PlanningEvent:
    """What happened to one request: ``plan_generated`` when the LLM plan is used, else ``planning_error``."""

    name: EventName
    model: str
    attempts: int
    steps: int = 0
    reason: str = ""
    problems: tuple[str, ...] = ()
    seconds: float = 0.0


Observer = Callable[[PlanningEvent], None]


class PlanDrafter(Protocol):
    """Asks a model for a plan; ``llm_model.ChatModelDrafter`` is the langchain one."""

    label: str

    async def draft(self, prompt: Prompt) -> "Draft": ...


class LlmConfigError(ValueError):
    """The configured model cannot be built (unknown provider, its package missing, bad options)."""


class LlmPlanner:
    """Implements ``planning.pipeline.PlanRefiner``: ``RequestPlanner(refiner=LlmPlanner(...))``."""

    name = "llm"

    def __init__(
        self,
        drafter: PlanDrafter,
        *,
        tools: Sequence[ToolSpec],
        examples: Examples = (),
        observer: Observer | None = None,
        timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS,
        max_steps: int = DEFAULT_MAX_STEPS,
    ) -> None:
        self._drafter = drafter
        self._tools = list(tools)
        self._catalog = ToolCatalog(self._tools)
        self._examples = examples
        self._observer = observer
        self._timeout = timeout_seconds
        self._max_steps = max_steps

    @classmethod
    def from_chat_model(cls, model: "BaseChatModel", *, tools: Sequence[ToolSpec], **options: Any) -> "LlmPlanner":
        """A planner over any langchain chat model (``options``: those of ``__init__``)."""
        from planning.planner.llm_model import ChatModelDrafter

        return cls(ChatModelDrafter(model), tools=tools, **options)

    @property
    def model(self) -> str:
        return self._drafter.label

    async def refine(self, text: str, understood: Understood, now: datetime) -> Understood:
        return await self.plan(text, understood, now)

    async def plan(
        self, text: str, understood: Understood, now: datetime, *, context: Sequence[UntrustedText] = ()
    ) -> Understood:
        """The LLM's plan when it passes every check, else ``understood`` with the reason in its explanation.

        ``context`` is untrusted content (email bodies, records, events): it reaches the model only inside
        ``<data>`` blocks, and while it is present no unrequested write step is accepted.
        """
        started = time.monotonic()
        run = _Run(Baseline(text, understood.parse, understood.plan, untrusted_context=bool(context)), started)
        try:
            async with asyncio.timeout(self._timeout):
                plan, problems = await self._draft_and_check(run, now, context)
        except TimeoutError:
            return self._reject(understood, run, f"timed out after {self._timeout:g} s")
        except Exception as error:  # a model failure must never lose the rule-based plan
            logger.warning("the LLM planner failed: %s", type(error).__name__, exc_info=True)
            return self._reject(understood, run, f"the model failed ({type(error).__name__})")
        if problems:
            return self._reject(understood, run, "; ".join(map(str, problems[:3])), problems)
        if not plan.steps:
            return self._reject(understood, run, "it proposed no steps")
        self._emit(PlanningEvent("plan_generated", self.model, run.attempts, len(plan.steps), seconds=run.seconds()))
        explanation = _join(understood.parse.explanation, f"planned by the LLM ({self.model})")
        parse = understood.parse.model_copy(update={"explanation": explanation})
        return Understood(parse=parse, plan=plan, planner=self.name)

    async def _draft_and_check(
        self, run: "_Run", now: datetime, context: Sequence[UntrustedText]
    ) -> tuple[Plan, list[Problem]]:
        baseline = run.baseline
        prompt = Prompt(
            system_text(self._tools, await self._examples_for(baseline.text), self._max_steps),
            (Turn("user", request_text(baseline.text, baseline.parse, baseline.rule_plan, now, context)),),
        )
        run.attempts += 1
        draft = await self._drafter.draft(prompt)
        plan, problems = self._check(draft, baseline)
        if not problems:
            return plan, problems
        logger.info("LLM plan has %d problem(s); asking for one repair", len(problems))
        run.attempts += 1
        draft = await self._drafter.draft(prompt.then(*repair_turns(draft.echo, problems, self._tools)))
        return self._check(draft, baseline)

    def _check(self, draft: "Draft", baseline: Baseline) -> tuple[Plan, list[Problem]]:
        if draft.plan is None:
            return Plan(), [Problem("", draft.error or "the answer held no plan")]
        plan, problems = plan_from_draft(draft.plan)
        return plan, problems + check_llm_plan(plan, self._catalog, baseline, self._max_steps)

    async def _examples_for(self, text: str) -> Sequence[PlanExample]:
        if not callable(self._examples):
            return self._examples
        try:
            return await asyncio.to_thread(self._examples, text)  # an index query may block
        except Exception:  # examples help; planning goes on without them
            logger.warning("the plan examples could not be loaded", exc_info=True)
            return ()

    def _reject(self, understood: Understood, run: "_Run", reason: str, problems: Sequence[Problem] = ()) -> Understood:
        shown = tuple(str(p) for p in problems)
        event = PlanningEvent("planning_error", self.model, run.attempts, reason=reason, problems=shown)
        self._emit(replace(event, seconds=run.seconds()))
        explanation = _join(understood.parse.explanation, f"LLM plan rejected: {reason}")
        return Understood(
            parse=understood.parse.model_copy(update={"explanation": explanation}),
            plan=understood.plan,
            planning_problem=understood.planning_problem,
            planner=understood.planner,
        )

    def _emit(self, event: PlanningEvent) -> None:
        if event.name == "plan_generated":
            logger.info("plan_generated model=%s steps=%d attempts=%d", event.model, event.steps, event.attempts)
        else:
            logger.warning("planning_error model=%s attempts=%d reason=%s", event.model, event.attempts, event.reason)
        if self._observer is None:
            return
        try:
            self._observer(event)
        except Exception:  # observability must not break planning
            logger.exception("the planning observer failed")


def llm_planner_from_settings(model: str | None, *, tools: Sequence[ToolSpec], **options: Any) -> LlmPlanner | None:
    """``None`` when no model is configured (rules only, langchain never imported); otherwise a planner over
    ``init_chat_model(model, temperature=0.1)``.

    ``options``: ``examples``, ``observer``, ``timeout_seconds``, ``max_steps`` for the planner; anything else
    (``api_key``, ``base_url``, ``max_retries``, ...) goes to the chat model. Raises ``LlmConfigError``.
    """
    if not model or not model.strip():
        return None
    planner_keys = {"examples", "observer", "timeout_seconds", "max_steps"}
    planner_options = {k: v for k, v in options.items() if k in planner_keys}
    model_options = {k: v for k, v in options.items() if k not in planner_keys}
    from planning.planner.llm_model import ChatModelDrafter, chat_model

    try:
        chat = chat_model(model.strip(), **model_options)
    except Exception as error:  # unknown provider, its package missing, no API key, bad options
        raise LlmConfigError(f"cannot use the LLM {model!r}: {error}") from error
    return LlmPlanner(ChatModelDrafter(chat, label=model.strip()), tools=tools, **planner_options)


def _join(explanation: str, note: str) -> str:
    return f"{explanation}; {note}" if explanation else note


@dataclass(slots=True)
class _Run:
    """One request's planning: what it is checked against, and how many model calls it made."""

    baseline: Baseline
    started: float
    attempts: int = 0

    def seconds(self) -> float:
        return round(time.monotonic() - self.started, 3)
