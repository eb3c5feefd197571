"""A step waiting for approval, shown two ways.

- To the requester (a direct message, or the private card in a channel): the step with its resolved arguments,
  then Approve / Skip / Edit / Cancel (``approval_blocks``, ``approval_card``).
- To a channel: only what is waiting and for whom, with the same buttons (``waiting_blocks``); the arguments
  may hold mailbox, calendar or CRM contents, or a body the requester typed, so they stay off the channel.

After a click on the card (an ephemeral message: it cannot be updated, only replaced through its response URL),
``card_result`` takes its place.
"""

import json
from typing import Any

from bot.slack.blocks_buttons import CANCEL_CONFIRM, button, button_value
from bot.slack.blocks_text import MAX_SECTION_TEXT, clip, context, escape, join_lines, message, plain, readable, section
from bot.slack.declared import ACTION_IDS
from planning.engine.file_facts import ATTACHMENTS, AttachedFile
from planning.engine.replies import ApprovedCard, AskApproval
from planning.engine.texts import then_heading
from planning.engine.wording import label

_ARGUMENT_TEXT = 1000  # one argument's value in the approval section
_TITLE = 300


def approval_blocks(ask: AskApproval, *, title: str = "Waiting for your approval") -> list[dict[str, Any]]:
    """The step's resolved arguments, then Approve / Skip / Edit / Cancel, each carrying ``{s, t, h}``."""
    named = ask.target.heading if ask.target is not None and ask.target.heading else ask.intent
    head = f"*{title}:* {escape(clip(named, _TITLE))}"
    if ask.items:
        lines = [head, *_item_lines(ask)]
    elif ask.target is not None:  # the target says it all in words; the files by name
        files = {k: v for k, v in ask.arguments.items() if k == ATTACHMENTS}
        lines = [head, *_argument_lines(files, ask.files)]
    else:
        lines = [head, *_argument_lines(ask.arguments, ask.files)] if ask.arguments else [head, "_(no arguments)_"]
    if ask.checks is not None and ask.checks.notices:
        lines[1:1] = _notice_lines(ask)
    if ask.target is not None:
        lines[1:1] = _target_lines(ask)
    if ask.then:  # the plan's later changes: approved with this one
        lines += [f"*{then_heading(len(ask.then))}*", *(f"      • {escape(clip(line, 300))}" for line in ask.then)]
    text = join_lines(lines, MAX_SECTION_TEXT, lambda n: f"_… and {n} more lines: press Edit to see everything_")
    return [section(text), _buttons(ask, with_choices=True)]


def approval_card(ask: AskApproval, *, channel: str | None = None) -> dict[str, Any]:
    """``{"text", "blocks"}``: the private card for the requester (or an approver) of a plan in ``channel``, sent
    to their DM with the app."""
    where = f" The plan is in <#{channel}>." if channel else ""
    blocks = [
        *approval_blocks(ask, title="Your approval is needed"),
        context(f"Only you can see these details.{where}"),
    ]
    return message(f"Your approval is needed: {escape(clip(ask.intent, 500))}", blocks)


def approved_card(shown: ApprovedCard) -> dict[str, Any]:
    """``{"text", "blocks"}``: a card an earlier reply approved with every card of the plan ("yes both"): what it
    changes, for the requester, and the words that approved it, with no buttons (there is nothing left to decide)."""
    ask = shown.card
    section_only = approval_blocks(ask, title="Approved")[:-1]  # the buttons dropped
    said = f"✓ Approved with your “{escape(clip(shown.said, 300))}”"
    return message(f"Approved: {escape(clip(ask.intent, 500))}", [*section_only, context(said)])


def waiting_blocks(ask: AskApproval, requester: str, details: str | None = None) -> list[dict[str, Any]]:
    """For everyone in the channel: what waits, for whom, and the buttons (a click by anyone else is refused).
    ``details``: the link to the card in the requester's DM."""
    who = f"<@{requester}>"
    text = f"✋ *Waiting for {who} to approve:* {escape(clip(ask.intent, _TITLE))}"
    link = f" (<{details}|open>)" if details else ""
    note = f"The details are in {who}'s direct messages with me{link}, and approvers see them with Edit."
    return [section(text), context(note), _buttons(ask)]


def waiting_line(ask: AskApproval, requester: str) -> str:
    """The fallback text's line for a channel: "Waiting for <@U1> to approve: Forward an email"."""
    return f"Waiting for <@{requester}> to approve: {escape(clip(ask.intent, 500))}"


def card_result(text: str) -> dict[str, Any]:
    """What replaces a clicked card: a short line, no buttons (``text`` is raw; it is escaped here)."""
    shown = escape(clip(text, 2000))
    return message(shown, [section(shown)])


def delivery_problem(what: str, error: str) -> dict[str, Any]:
    """A short notice for the person a message was for, when Slack refused every way of showing it."""
    text = f"⚠️ I couldn't show you {escape(clip(what, 200))} (Slack said `{escape(clip(error, 60))}`)."
    return message(text, [section(text)])


def _buttons(ask: AskApproval, *, with_choices: bool = False) -> dict[str, Any]:
    """Approve / Skip / Edit / Cancel; ``with_choices`` (where the details are shown): also what to do instead
    ("Book 15:00–15:30 instead", "Use the existing one"), each with its own action id."""
    value = button_value(ask.session_id, ask.step_id, ask.args_hash)
    approve = ask.checks.approve_label if ask.checks is not None and not ask.items else "Approve"
    elements = [
        button("Approve all" if ask.items else approve, "approve", value, style="primary"),
        button("Skip", "skip", value),
    ]
    if with_choices and ask.checks is not None:
        elements += [button(choice.label, choice.key, value) for choice in ask.checks.choices]
    if ask.items:
        if len(ask.items) > 1:
            elements.append(_remove_menu(ask))
    else:
        elements.append(button("Edit", "edit", value))
    elements.append(button("Cancel plan", "cancel", value, style="danger", confirm=CANCEL_CONFIRM))
    return {"type": "actions", "block_id": "approval", "elements": elements}


_ITEM_IDS = frozenset({"eventId", "messageId", "id"})
MAX_MENU_OPTIONS = 100


def _item_lines(ask: AskApproval) -> list[str]:
    """A step repeated for each item: what it does to each (once, when the same), then every item numbered."""
    said = [
        item.words or {label(k): readable(v, 200) for k, v in item.arguments.items() if k not in _ITEM_IDS}
        for item in ask.items
    ]  # what the step does to each, in the engine's words (a move as each event's new time)
    shared = {key: value for key, value in said[0].items() if all(words.get(key) == value for words in said)}
    lines = [
        f"*For each of these {len(ask.items)}:* "
        + ", ".join(f"{escape(k)} {escape(clip(v, 200))}" for k, v in shared.items())
    ]
    for item, words in zip(ask.items, said, strict=True):
        own = {k: v for k, v in words.items() if k not in shared}
        extra = "; ".join(f"{escape(k)} {escape(clip(v, 200))}" for k, v in own.items())
        lines.append(f"*{item.index}.* {escape(readable(item.label, 300))}" + (f" — {extra}" if extra else ""))
    if ask.left_out:
        lines.append("*Not part of this:*")
        lines += [f"      • {escape(clip(line, 300))}" for line in ask.left_out]
    return lines


def _target_lines(ask: AskApproval) -> list[str]:
    """What the step acts on, in words, and each change before → after (nothing cut that decides the approval)."""
    target = ask.target
    assert target is not None
    kind, colon, rest = target.line().partition(": ")
    lines = [f"*{escape(kind)}:* {escape(rest)}" if colon else f"*{escape(kind)}*"]
    for change in target.changes:
        shown = f"{change.before} → {change.after}" if change.before else change.after
        lines.append(f"      *{escape(change.field)}:* {escape(clip(shown, _ARGUMENT_TEXT))}")
    return lines


def _notice_lines(ask: AskApproval) -> list[str]:
    """ "⚠️ *Not free at Thu 5 Mar, 14:00–14:30 EST*" and its lines; "⚠️ *Account “Acme” already exists*"."""
    assert ask.checks is not None
    lines = []
    for notice in ask.checks.notices:
        lines.append(f"⚠️ *{escape(clip(notice.title, _TITLE))}*")
        lines += [f"      • {escape(clip(line, _ARGUMENT_TEXT))}" for line in notice.lines]
    return lines


def _remove_menu(ask: AskApproval) -> dict[str, Any]:
    """A menu to take one item out before approving (the card comes back without it)."""
    options = [
        {
            "text": plain(f"{item.index}. {item.label}", 75),
            "value": json.dumps({"s": ask.session_id, "t": ask.step_id, "i": str(item.index)}, separators=(",", ":")),
        }
        for item in ask.items[:MAX_MENU_OPTIONS]
    ]
    return {
        "type": "static_select",
        "action_id": ACTION_IDS["remove_item"],
        "placeholder": plain("Remove an item", 75),
        "options": options,
    }


def _argument_lines(arguments: dict[str, Any], files: list[AttachedFile]) -> list[str]:
    """Each argument; the files of ``attachments`` by name, type and size (``files``), not by reference."""
    lines: list[str] = []
    for key, value in arguments.items():
        name = escape(clip(label(str(key)), 100))
        if key == ATTACHMENTS and files:
            lines.append(f"*{name}:* " + ", ".join(f"📎 {escape(clip(file.label, 200))}" for file in files))
        elif isinstance(value, dict) and value:
            lines.append(f"*{name}:*")
            lines += [
                f"      {escape(clip(label(str(k)), 100))}: {escape(readable(v, _ARGUMENT_TEXT))}"
                for k, v in value.items()
            ]
        else:
            lines.append(f"*{name}:* {escape(readable(value, _ARGUMENT_TEXT))}")
    return lines
