"""The user's open plans (``/plans``, ephemeral) and the App Home tab: accounts, open plans, recent results, how to
use."""

import re
from typing import Any

from bot.slack.blocks_buttons import cancel_plan_button
from bot.slack.blocks_plan import progress, state_label
from bot.slack.blocks_text import (
    MAX_BLOCKS,
    clip,
    context,
    divider,
    escape,
    header,
    message,
    section,
    unnest_quotes,
)
from bot.slack.connect_blocks import AccountRow, account_blocks
from bot.slack.declared import SLASH_COMMANDS
from planning.engine.view import PlanView

NO_OPEN_PLANS = "You have no open plans."
NO_RECENT = "Nothing yet: results of your plans show up here."
HOME_PLANS = 20  # open plans shown on the Home tab (``/plans`` lists them all, up to the block limit)
HOME_RECENT = 10
_AN_ID = re.compile(r" \(id [^()]*\)")


def open_plans_message(views: list[PlanView]) -> dict[str, Any]:
    """``{"text", "blocks"}``: each open plan with its request, state, progress and a Cancel button."""
    if not views:
        return message(NO_OPEN_PLANS, [section(NO_OPEN_PLANS)])
    count = f"You have {len(views)} open {'plan' if len(views) == 1 else 'plans'}."
    blocks = [section(f"*{count}*"), *_plan_rows(views, MAX_BLOCKS - 1)]
    return message(count, blocks)


def home_view(
    open_plans: list[PlanView], recent: list[tuple[str, str]], accounts: list[AccountRow] | None = None
) -> dict[str, Any]:
    """The App Home tab for ``views.publish``: with ``accounts``, first each kind of account and its state."""
    blocks: list[dict[str, Any]] = []
    if accounts:
        blocks += [header("Your accounts"), *account_blocks(accounts), divider()]
    blocks.append(header("Your open plans"))
    blocks += _plan_rows(open_plans, HOME_PLANS + 1) if open_plans else [section(NO_OPEN_PLANS)]
    blocks += [divider(), header("Recent results")]
    if recent:
        blocks += [section(_recent_text(title, line)) for title, line in recent[:HOME_RECENT]]
        if len(recent) > HOME_RECENT:
            blocks.append(context(f"… and {len(recent) - HOME_RECENT} earlier results"))
    else:
        blocks.append(section(NO_RECENT))
    blocks += [divider(), header("How to use"), section(how_to_use())]
    return {"type": "home", "blocks": blocks}


def how_to_use() -> str:
    commands = "\n".join(f"• `{escape(name)}`: {escape(what)}" for name, what in SLASH_COMMANDS.items())
    return (
        "Mention me in a channel or send me a direct message with what you need, for example "
        "_email Priya the Q3 deck and book 30 minutes with her Thursday at 2pm_.\n"
        "I plan the steps and look things up at once, but I ask you before anything is sent, created, changed "
        "or deleted: *Approve*, *Skip*, *Edit* or *Cancel*. Reply `cancel` in the thread to stop a plan.\n"
        f"{commands}"
    )


def _plan_rows(views: list[PlanView], room: int) -> list[dict[str, Any]]:
    """One section per plan with its Cancel button; past ``room`` blocks, the rest is counted."""
    shown = views if len(views) <= room else views[: room - 1]
    rows = [_plan_row(view) for view in shown]
    if len(shown) < len(views):
        rows.append(context(f"… and {len(views) - len(shown)} more open plans (`/plans` lists them)"))
    return rows


def _plan_row(view: PlanView) -> dict[str, Any]:
    text = f"*{escape(clip(view.request, 1500))}*\n{escape(state_label(view.state))} · {escape(progress(view))}"
    return {**section(text), "accessory": cancel_plan_button(view.session_id)}


def _recent_text(title: str, line: str) -> str:
    """A result as it was said in its thread, without a record's id (kept from before ids were left out)."""
    line = _AN_ID.sub("", line)
    return f"*{escape(unnest_quotes(clip(title, 300)))}*\n{escape(unnest_quotes(clip(line, 1500)))}"
