"""``/plans`` in pages: as many open plans as one message holds (Slack's block and text limits), and a
**Show more** button for the next page, which replaces the list (its value is where the next page starts)."""

from typing import Any

from bot.slack.blocks_buttons import cancel_plan_button
from bot.slack.blocks_plan import progress, state_label
from bot.slack.blocks_text import MAX_BLOCKS, TEXT_BUDGET, blocks_text_size, clip, escape, message, plain, section
from bot.slack.declared import ACTION_IDS
from planning.engine.view import PlanView

NO_OPEN_PLANS = "You have no open plans."


def open_plans_page(views: list[PlanView], start: int = 0) -> dict[str, Any]:
    """``{"text", "blocks"}``: the open plans from ``start`` on, each with its Cancel button, while they fit."""
    if not views:
        return message(NO_OPEN_PLANS, [section(NO_OPEN_PLANS)])
    start = min(max(start, 0), len(views) - 1)
    rows: list[dict[str, Any]] = []
    used = 0
    for view in views[start:]:
        row = _plan_row(view)
        if rows and (len(rows) + 3 > MAX_BLOCKS or used + blocks_text_size(row) > TEXT_BUDGET):
            break
        rows.append(row)
        used += blocks_text_size(row)
    end = start + len(rows)
    count = f"You have {len(views)} open {'plan' if len(views) == 1 else 'plans'}"
    count += "." if start == 0 and end == len(views) else f" (showing {start + 1}–{end})."
    blocks = [section(f"*{count}*"), *rows]
    if end < len(views):
        more = {"type": "button", "action_id": ACTION_IDS["plans_more"], "text": plain("Show more", 30)}
        blocks.append({"type": "actions", "elements": [{**more, "value": str(end)}]})
    return message(count, blocks)


def _plan_row(view: PlanView) -> dict[str, Any]:
    text = f"*{escape(clip(view.request, 1500))}*\n{escape(state_label(view.state))} · {escape(progress(view))}"
    return {**section(text), "accessory": cancel_plan_button(view.session_id)}
