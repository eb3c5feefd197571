"""Where private things are, said in public; and private text asked for privately.

A plan in a channel keeps its private things (the approval card, choices, results with mailbox, calendar or CRM
contents) in the requester's direct messages with the app, where Slack keeps them; the thread says where they are
(``in_dm_line``, with a link when Slack gave one). An email's text is not typed in a channel thread: the question
comes with a *Write it* button (``write_it_question``) that opens a modal with a multi-line input
(``write_modal``; ``read_written`` reads what came back). A Slack Connect channel gets one line
(``shared_channel_line``) and the plan lives in the requester's DM (``moved_to_dm``).
"""

import json
from typing import Any

from bot.slack.blocks_buttons import button
from bot.slack.blocks_text import clip, context, escape, message, plain, section
from bot.slack.declared import WRITE_CALLBACK_ID
from planning.engine.replies import AskValue

WRITE_BLOCK, WRITE_ACTION = "written", "text"
MAX_WRITTEN = 3000  # a plain-text input holds at most 3,000 characters
_LABEL = 2000


def dm_link(link: str | None, words: str = "open") -> str:
    """`` (<link|open>)`` when Slack gave a link to the DM message, else nothing."""
    return f" (<{link}|{escape(words)}>)" if link else ""


def in_dm_line(requester: str, what: str, link: str | None) -> dict[str, Any]:
    """ "📬 <@U1>: the results are in our direct messages (open)." for a channel thread."""
    text = f"📬 <@{requester}>: {escape(clip(what, 200))} in our direct messages{dm_link(link)}."
    return message(text, [context(text)])


def write_it_question(ask: AskValue, requester: str, value: str) -> dict[str, Any]:
    """A question for a text the requester writes (an email's text), for a channel: asked with a *Write it*
    button, so that the text stays between them and the app. ``value``: what the button carries (the thread)."""
    question = f"*{escape(clip(ask.text, 1500))}*"
    if ask.problem:
        question = f"⚠️ Sorry, {escape(clip(ask.problem, 1000))}.\n{question}"
    note = f"<@{requester}>: write it with the button, only you and I see it."
    if ask.can_skip:
        note += " Or reply `skip`."
    actions = {"type": "actions", "block_id": "write", "elements": [button("Write it", "write", value)]}
    return message(escape(clip(ask.text, 3000)), [section(question), context(note), actions])


def write_value(team: str, channel: str, thread_ts: str) -> str:
    """What the *Write it* button carries: the plan's thread."""
    return json.dumps({"team": team, "c": channel, "th": thread_ts}, separators=(",", ":"))


def read_write_value(raw: object) -> dict[str, str]:
    """The thread a *Write it* button names (``team``, ``c``, ``th``), or ``{}``."""
    try:
        data = json.loads(str(raw or ""))
    except (ValueError, RecursionError):
        return {}
    if not isinstance(data, dict) or not all(isinstance(data.get(k), str) and data.get(k) for k in ("c", "th")):
        return {}
    return {k: str(data.get(k) or "") for k in ("team", "c", "th")}


def write_modal(question: str, value: str) -> dict[str, Any]:
    """The modal the *Write it* button opens: the question and a multi-line input; ``value`` comes back in
    ``private_metadata``."""
    field = {
        "type": "input",
        "block_id": WRITE_BLOCK,
        "label": plain(question, _LABEL) if len(question) <= 150 else plain("Your text", 150),
        "element": {
            "type": "plain_text_input",
            "action_id": WRITE_ACTION,
            "multiline": True,
            "max_length": MAX_WRITTEN,
        },
    }
    blocks = [field]
    if len(question) > 150:  # an input's label holds 2,000 characters, but shows only a line: the question above
        blocks.insert(0, section(escape(clip(question, 2900))))
    return {
        "type": "modal",
        "callback_id": WRITE_CALLBACK_ID,
        "title": plain("Write it", 24),
        "submit": plain("Send to the plan", 24),
        "close": plain("Cancel", 24),
        "private_metadata": value,
        "blocks": blocks,
    }


def read_written(view: dict[str, Any]) -> tuple[dict[str, str], str]:
    """The thread (as ``read_write_value``) and the text written in the modal ("" when none)."""
    values = ((view.get("state") or {}).get("values") or {}).get(WRITE_BLOCK) or {}
    text = str((values.get(WRITE_ACTION) or {}).get("value") or "")
    return read_write_value(view.get("private_metadata")), text.strip()


def shared_channel_line(requester: str, link: str | None) -> dict[str, Any]:
    """The one line a Slack Connect channel sees: the plan goes on in the requester's DM (``link``: to it)."""
    text = (
        f"🔒 <@{requester}>: this channel is shared with other organisations, so I'll work on this with you "
        f"in our direct messages{dm_link(link)}."
    )
    return message(text, [context(text)])


def their_own_line(requester: str, owner: str, link: str | None) -> dict[str, Any]:
    """A mention in the thread of someone else's open plan: the new plan is the requester's own, in their DM."""
    text = (
        f"<@{requester}>: this thread holds <@{owner}>'s plan, so I started yours in our direct messages"
        f"{dm_link(link)}."
    )
    return message(text, [context(text)])


def planning_line(requester: str) -> dict[str, Any]:
    """The first message of a ``/plan`` thread, until the plan message takes its place."""
    text = f"📝 <@{requester}> is making a plan with me…"
    return message(text, [context(text)])


def moved_to_dm(request: str, channel: str) -> dict[str, Any]:
    """The first message of a plan moved to the requester's DM: what they asked, and where."""
    text = f"You asked me in <#{channel}>: {escape(clip(request, 2500))}"
    return message(text, [section(text)])
