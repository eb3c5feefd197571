"""The plan message: the request, what was understood, the intentions with their steps, who decided what, and
the step waiting for approval with its buttons. Updated in place (``chat.update``) as the plan moves on.

In a channel the message is seen by everyone there: it shows what waits and for whom, not the step's arguments
(see ``blocks_approval``)."""

from typing import Any

from bot.slack.blocks_approval import approval_blocks, waiting_blocks, waiting_line
from bot.slack.blocks_text import (
    MAX_BLOCKS,
    MAX_MESSAGE_BLOCKS_TEXT,
    MAX_SECTION_TEXT,
    blocks_text_size,
    clip,
    context,
    escape,
    escape_keeping_mentions,
    join_lines,
    message,
    section,
    unnest_message,
)
from planning.engine.replies import AskApproval
from planning.engine.texts import step_state
from planning.engine.view import Intention, PlanView, StepLine, StepShown

STEP_ICONS: dict[StepShown, str] = {
    "pending": "⚪",
    "waiting for you": "✋",
    "running": "🔄",
    "done": "✅",
    "skipped": "⏭️",
    "failed": "❌",
    "unknown": "❔",
}
PLAN_STATES: dict[str, str] = {
    "understood": "understood",
    "clarifying": "checking what you meant",
    "collecting": "gathering details",
    "awaiting_approval": "waiting for your approval",
    "running": "running",
    "done": "finished",
    "failed": "failed",
    "cancelled": "cancelled",
    "expired": "expired",
}
FINISHED_PLAN = frozenset({"done", "failed", "cancelled", "expired"})
LOW_CONFIDENCE = 0.55
_DECISION_ICONS = {"Approved": "✅", "Skipped": "⏭️", "Cancelled": "🛑", "Edited": "✏️"}
_TITLE, _LINE = 300, 500


def plan_message(
    view: PlanView,
    approval: AskApproval | None = None,
    decided: list[str] | None = None,
    *,
    for_channel: str | None = None,
    details: str | None = None,
) -> dict[str, Any]:
    """``{"text", "blocks"}`` for the plan; buttons only while the plan is open and a step waits for approval.

    ``for_channel``: the requester's user id when a whole channel sees the message; the step waiting is then
    named with whom it waits for, and its arguments are left out (``details``: a link to them, in the
    requester's DM)."""
    finished = view.state in FINISHED_PLAN
    waiting = approval is not None and not finished
    view = view if for_channel is not None else _for_requester(view)
    head = [section(_summary(view)), context(_status(view))]
    tail: list[dict[str, Any]] = []
    if decided:
        tail.append(section(_decisions(decided)))
    if waiting and approval is not None:
        tail += approval_blocks(approval) if for_channel is None else waiting_blocks(approval, for_channel, details)
    body = _fitting_intentions(view.intentions, MAX_BLOCKS - len(head) - len(tail), blocks_text_size([*head, *tail]))
    fallback = escape(f"Plan for “{clip(view.request, 500)}”: {_status(view)}")
    if waiting and approval is not None:
        if for_channel is None:
            fallback += f"\nWaiting for your approval: {escape(clip(approval.intent, 500))}"
        else:
            fallback += "\n" + waiting_line(approval, for_channel)
    return unnest_message(message(fallback, [*head, *body, *tail]))


def _for_requester(view: PlanView) -> PlanView:
    """The plan as its requester alone sees it: each step by what it acts on, as their own data names it."""
    intentions = [
        intention.model_copy(
            update={"steps": [s.model_copy(update={"intent": s.detail}) if s.detail else s for s in intention.steps]}
        )
        for intention in view.intentions
    ]
    return view.model_copy(update={"intentions": intentions})


def decision_line(verb: str, user_id: str, intent: str) -> str:
    """A ``decided`` line as the plan message shows it: "✅ Approved by <@U1>: Email Priya"."""
    return f"{_DECISION_ICONS.get(verb, '•')} {verb} by <@{user_id}>: {intent}"


def progress(view: PlanView) -> str:
    """ "3 of 7 steps done · waiting for you: Email Priya" (raw text)."""
    steps = [step for intention in view.intentions for step in intention.steps]
    finished = sum(step.state in ("done", "skipped", "failed") for step in steps)
    line = f"{finished} of {len(steps)} {'step' if len(steps) == 1 else 'steps'} done"
    current = next((s for s in steps if s.state in ("waiting for you", "running", "unknown")), None)
    if current is not None:
        line += f" · {current.state}: {clip(current.intent, 200)}"
    return line


def state_label(state: str) -> str:
    return PLAN_STATES.get(state, state.replace("_", " "))


def _summary(view: PlanView) -> str:
    """The request; how it was understood (intents, classifier figures, rules) is the engine's business, not the
    channel's: the steps below say what will happen. A reading the engine is unsure of says so in words."""
    summary = f"*Request:* {escape(clip(view.request, 1200))}"
    if view.confidence < LOW_CONFIDENCE:
        summary += "\n_I am not sure I understood this: tell me if the steps below are not what you meant._"
    return summary


def _status(view: PlanView) -> str:
    return f"{state_label(view.state)} · {escape(progress(view))}"


def _decisions(decided: list[str]) -> str:
    lines = [_decided_line(line) for line in decided]
    return join_lines(lines, MAX_SECTION_TEXT, lambda n: f"_… and {n} earlier decisions_", keep="last")


def _decided_line(line: str) -> str:
    """ "Approved by <@U1>: Email Priya": the mention before the first ": " is ours and stays a mention; what
    follows is the step's intent (content), shown escaped, so it cannot mention anyone."""
    text = clip(line, _LINE)
    verb = text.split(" ", 1)[0]
    if verb in _DECISION_ICONS:
        text = f"{_DECISION_ICONS[verb]} {text}"
    who, colon, what = text.partition(": ")
    return escape_keeping_mentions(who) + colon + escape(what)


def _fitting_intentions(intentions: list[Intention], budget: int, used: int) -> list[dict[str, Any]]:
    """The intentions within ``budget`` blocks and what is left of Slack's text limit (``used`` taken)."""
    room = MAX_MESSAGE_BLOCKS_TEXT - used - 200  # the fold and count lines
    body = _intention_blocks(intentions, budget)
    while blocks_text_size(body) > room and budget > 2:
        budget -= 1
        body = _intention_blocks(intentions, budget)
    return body


def _intention_blocks(intentions: list[Intention], budget: int) -> list[dict[str, Any]]:
    """One section per intention; past the budget, finished ones fold into one line, then the rest is counted."""
    budget = max(budget, 2)
    if len(intentions) <= budget:
        return [section(_intention_text(i)) for i in intentions]
    folded = [i for i in intentions if i.complete and not i.active]
    rest = [i for i in intentions if not (i.complete and not i.active)]
    blocks = [section(_folded_text(folded))] if folded else []
    room = budget - len(blocks)
    if len(rest) > room:
        room -= 1  # keep a block for "… and N more steps"
    shown = list(range(min(room, len(rest))))
    active = next((k for k, i in enumerate(rest) if i.active), None)
    if active is not None and active not in shown and shown:
        shown[-1] = active
    blocks += [section(_intention_text(rest[k])) for k in shown]
    hidden = [rest[k] for k in range(len(rest)) if k not in shown]
    if hidden:
        steps = sum(len(i.steps) for i in hidden)
        blocks.append(context(f"… and {steps} more {'step' if steps == 1 else 'steps'} in {len(hidden)} more goals"))
    return blocks


def _intention_text(intention: Intention) -> str:
    title = escape(clip(intention.title, _TITLE))
    if intention.active:
        head = f"▶️ *{title}*  _(now)_"
    elif intention.achieved:
        head = f"☑️ {title}"
    elif intention.complete:  # over without everything done (skipped, cancelled, failed): never a tick
        head = f"➖ {title}"
    else:
        head = f"◻️ {title}"
    lines = [head, *(_step_line(step) for step in intention.steps)]
    return join_lines(lines, MAX_SECTION_TEXT, lambda n: f"      _… and {n} more steps_")


def _step_line(step: StepLine) -> str:
    icon = STEP_ICONS.get(step.state, "❔")
    line = f"      {icon} {escape(clip(step.intent, _TITLE))}"  # never the tool's name (fetch_entity)
    if step.kind == "write":
        line += " · needs approval"
    said = step_state(step.state, step.note)  # starts with the state: "skipped: no start time was given"
    line += f" · _{step.state}_{escape(clip(said[len(step.state) :], _TITLE))}"
    return line


def _folded_text(folded: list[Intention]) -> str:
    states = [step.state for i in folded for step in i.steps]
    counts = ", ".join(f"{states.count(s)} {s}" for s in ("done", "skipped", "failed") if states.count(s))
    titles = " · ".join(escape(clip(i.title, 80)) for i in folded)
    return f"☑️ *{len(folded)} finished goals* ({counts or 'no steps'}): {titles}"
