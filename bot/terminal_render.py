"""How the terminal chat draws the engine's replies (rich renderables built by pure functions)."""

import json
import re
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from planning.engine.file_facts import ATTACHMENTS
from planning.engine.replies import (
    ApprovalItem,
    ApprovedCard,
    AskApproval,
    AskValue,
    Reply,
    Say,
    ShowPlan,
    StepOutcome,
)
from planning.engine.targets import Target, when_text
from planning.engine.texts import step_state, then_heading
from planning.engine.view import PlanView
from planning.engine.wording import label, value_text

_STATE_STYLE = {
    "pending": ("·", "dim"),
    "waiting for you": ("?", "bold yellow"),
    "running": ("…", "cyan"),
    "done": ("✓", "green"),
    "skipped": ("–", "dim"),
    "failed": ("✗", "red"),
    "unknown": ("!", "magenta"),
}
_TONE = {"info": "", "refusal": "yellow", "problem": "red", "done": "green"}
MAX_ITEMS = 8
_TITLE = 70
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}")


def render(reply: Reply) -> RenderableType:
    if isinstance(reply, ShowPlan):
        return plan_panel(reply.view)
    if isinstance(reply, AskApproval):
        return approval_panel(reply)
    if isinstance(reply, ApprovedCard):
        return approved_panel(reply)
    if isinstance(reply, AskValue):
        return question_text(reply)
    if isinstance(reply, StepOutcome):
        return outcome_text(reply)
    if isinstance(reply, Say):
        return Text(reply.text, style=_TONE[reply.tone])
    return Text(str(reply))


def plan_panel(view: PlanView) -> Panel:
    rows: list[RenderableType] = []
    for intention in view.intentions:
        marker = "▶" if intention.active else ("✓" if intention.achieved else ("–" if intention.complete else " "))
        rows.append(Text(f"{marker} {intention.title}", style="bold" if intention.active else ""))
        for step in intention.steps:
            icon, style = _STATE_STYLE[step.state]
            line = Text(f"    {icon} {step.detail or step.intent}", style=style)  # the chat is the requester's
            approval = ", needs approval" if step.kind == "write" else ""
            line.append(f"  [{step.tool}{approval}] {step_state(step.state, step.note)}", style="dim")
            rows.append(line)
    title = f"Plan · {view.understood} · {view.state}"
    subtitle = view.explanation if view.confidence >= 0.55 else f"{view.explanation} (confidence {view.confidence:.2f})"
    return Panel(Group(*rows), title=title, subtitle=subtitle, title_align="left", subtitle_align="left")


def approval_panel(ask: AskApproval) -> Panel:
    if ask.items:
        return _items_panel(ask)
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for key, value in ask.arguments.items():
        if ask.target is not None and key != ATTACHMENTS:
            continue  # the target says it in words
        shown = "\n".join(f"📎 {file.label}" for file in ask.files) if key == ATTACHMENTS and ask.files else None
        table.add_row(label(key), shown or _short(value))  # files by name, type and size, not by reference
    checks = ask.checks
    approve = "[a]pprove" if checks is None or checks.approve_label == "Approve" else f"[a] {checks.approve_label}"
    hint = Text(f"{approve}  [s]kip  [e]dit FIELD=VALUE  [c]ancel", style="bold yellow")
    for choice in checks.choices if checks is not None else []:
        hint.append(f"\n[{choice.letter}] {choice.label}")
    parts: list[RenderableType] = [table, hint] if table.row_count else [hint]
    if ask.then:  # the plan's later changes: approved with this one
        parts.insert(-1, Text(then_heading(len(ask.then)) + "\n" + "\n".join(f"  • {line}" for line in ask.then)))
    if checks is not None and checks.notices:
        parts.insert(0, _notices(checks.notices))
    if ask.target is not None:
        parts.insert(0, _target(ask.target))
    title = ask.target.heading if ask.target is not None and ask.target.heading else ask.intent
    if len(title) > _TITLE:  # a panel's title is cut to its width: a long one is the card's first line
        parts.insert(0, Text(title, style="bold"))
        title = ask.target.action if ask.target is not None and ask.target.action else _cut(ask.intent, _TITLE)
    return Panel(Group(*parts), title=f"Approve: {title}", title_align="left", border_style="yellow")


def approved_panel(shown: ApprovedCard) -> Panel:
    """A card approved by an earlier reply that approved every card ("yes both"): what it changes, and by what it
    was approved, in the place of the choices."""
    card = approval_panel(shown.card)
    parts = list(card.renderable.renderables) if isinstance(card.renderable, Group) else [card.renderable]
    said = Text(f"✓ Approved with your “{shown.said}”", style="bold green")
    kept = [part for part in parts if not (isinstance(part, Text) and part.plain.startswith(("[a]", "[a] ")))]
    title = str(card.title).replace("Approve: ", "Approved: ", 1)
    return Panel(Group(*kept, said), title=title, title_align="left", border_style="green")


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


def _notices(notices: list[Any]) -> Text:
    """ "⚠ Not free at Thu 5 Mar, 14:00–14:30 EST", "  You have “Pipeline review” 14:00–15:00"; an existing record."""
    text = Text()
    for number, notice in enumerate(notices):
        text.append(("\n" if number else "") + f"⚠ {notice.title}", style="bold red")
        for line in notice.lines:
            text.append(f"\n  {line}")
    return text


def _target(target: Target) -> Text:
    """ "Event: Globex pricing review · Wed 4 Mar, 10:00–10:30 EST · with …", then each line, before → after."""
    kind, colon, rest = target.line().partition(": ")
    text = Text(kind + colon, style="bold")
    text.append(rest)
    for change in target.changes:
        text.append(f"\n  {change.field}: ", style="bold")
        text.append(f"{change.before} → {change.after}" if change.before else change.after)
    return text


_ITEM_IDS = frozenset({"eventId", "messageId", "id"})


def _items_panel(ask: AskApproval) -> Panel:
    """A step repeated for each item: every item, numbered, and what the step does to each."""
    said = [_item_words(item) for item in ask.items]  # what the step does to each, in the engine's words
    shared = {key: value for key, value in said[0].items() if all(words.get(key) == value for words in said)}
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    table.add_column(style="dim")
    for item, words in zip(ask.items, said, strict=True):
        own = {k: v for k, v in words.items() if k not in shared}
        shown = " · ".join(_short(part) for part in item.label.split(" · "))
        table.add_row(f"{item.index}.", shown, ", ".join(f"{k}: {_short(v)}" for k, v in own.items()))
    count = len(ask.items)
    heading = Text(f"{count} item{'s' if count != 1 else ''}", style="bold")
    if shared:
        heading.append(": " + ", ".join(f"{k}: {_short(v)}" for k, v in shared.items()), style="")
    parts: list[RenderableType] = [heading, table]
    if ask.left_out:
        parts.append(Text("Not part of this:\n" + "\n".join(f"  {line}" for line in ask.left_out), style="dim"))
    if ask.checks is not None and ask.checks.notices:
        parts.insert(0, _notices(ask.checks.notices))
    parts.append(Text("[a]pprove all  [r]emove N  [s]kip  [c]ancel", style="bold yellow"))
    return Panel(Group(*parts), title=f"Approve: {ask.intent}", title_align="left", border_style="yellow")


def _item_words(item: ApprovalItem) -> dict[str, str]:
    """An item's changes in words; its arguments labelled when the engine gave none."""
    if item.words:
        return dict(item.words)
    return {label(k): _short(v) for k, v in item.arguments.items() if k not in _ITEM_IDS}


def question_text(ask: AskValue) -> Text:
    text = Text()
    if ask.problem:
        text.append(f"Sorry, {ask.problem}.\n", style="red")
    text.append(ask.text, style="bold cyan")
    if ask.example:
        text.append(f"  (e.g. {ask.example})", style="dim")
    if ask.can_skip:
        text.append("  — or “skip”", style="dim")
    for number, option in enumerate(ask.options, 1):
        text.append(f"\n  {number}. {option}")
    return text


def outcome_text(outcome: StepOutcome) -> RenderableType:
    if not outcome.ok:
        return Text(f"✗ {outcome.intent}: {outcome.error}", style="red")
    if outcome.done:
        return Text(f"✓ {outcome.done}", style="green")
    data = outcome.data
    if outcome.answer is not None and not outcome.tool.startswith(("fetch", "find")):  # items of a repeated write
        return Text(f"✓ {outcome.intent}: {outcome.answer}", style="green")
    if outcome.answer is not None and isinstance(data, list):
        said = Text(outcome.answer, style="bold")
        listing = outcome.answer[:1].isdigit()  # "3 events on ...": the items follow; yes/no and fields stand alone
        return Group(said, _table(outcome, data)) if listing and data else said
    if isinstance(data, list):
        verb = "found" if outcome.tool.startswith(("fetch", "find")) else "done"
        table = _table(outcome, data)
        table.title, table.title_justify = f"{outcome.intent} · {len(data)} {verb}", "left"
        return table
    if isinstance(data, dict) and "summary" in data:
        return Panel(str(data["summary"]), title=outcome.intent, title_align="left")
    if isinstance(data, dict) and data.get("id"):
        return Text(f"✓ {outcome.intent}", style="green")  # an id says nothing to people
    return Text(f"✓ {outcome.intent}" + (f" ({_short(data, zone=outcome.zone)})" if data else ""), style="green")


# a column's heading in words; a time column shows the item's whole span ("Tue 10 Mar, 11:00–11:45 EDT")
_HEADERS = {"startTime": "When", "start": "When", "date": "Date", "attendees": "With", "from": "From"}
_ENDS = {"startTime": "endTime", "start": "end"}


def _table(outcome: StepOutcome, data: list[Any]) -> Table:
    table = Table(title=None)
    columns = _columns(data)
    for column in columns:
        table.add_column(_HEADERS.get(column) or label(column))
    for item in data[:MAX_ITEMS]:
        table.add_row(*(_cell(item, c, outcome.zone) if isinstance(item, dict) else str(item) for c in columns))
    if len(data) > MAX_ITEMS:
        table.caption = f"and {len(data) - MAX_ITEMS} more"
    return table


def _cell(item: dict[str, Any], column: str, zone: str | None) -> str:
    value = item.get(column)
    end = item.get(_ENDS.get(column, ""))
    if isinstance(value, str) and isinstance(end, str) and _when(value, zone) and _when(end, zone):
        at = datetime.fromisoformat(value)
        return when_text(value, _zone(zone) or at.tzinfo or ZoneInfo("UTC"), end)
    if column in _IN_WORDS and value is not None:  # "$48,000", "Closed won", "Mon 30 Mar 2026"
        return value_text(column, value, _zone(zone) or ZoneInfo("UTC"))
    if column == "attendees" and isinstance(value, list):
        return _short(", ".join(str(person) for person in value)) if value else "—"
    if column == "body":  # a note's words are what was asked for: shown whole, or nearly
        return _short(value, limit=600, zone=zone)
    return _short(value, zone=zone)


_IN_WORDS = frozenset({"amount", "stage", "status", "closeDate", "dueDate"})


def _columns(items: list[Any]) -> list[str]:
    preferred = [
        "name",
        "title",
        "subject",
        "from",
        "email",
        "company",
        "stage",
        "status",
        "amount",
        "closeDate",
        "dueDate",
        "owner",
        "startTime",
        "date",
        "start",
        "attendees",
        "end",
        "unread",
    ]
    keys = {k for item in items if isinstance(item, dict) for k in item}
    owned = any(isinstance(item, dict) and item.get("owner") for item in items)
    if "email" in keys or not owned:  # a person's record: who keeps it is no news (a task's or account's owner is)
        keys.discard("owner")
    # a record named by none of those (a CRM note): its words and when they were written, never its ids
    written = [k for k in ("body", "createdAt") if k in keys]
    return [k for k in preferred if k in keys][:5] or written or sorted(keys)[:5]


def _when(text: str, zone: str | None = None) -> str | None:
    """An ISO time with an offset, as people read it: in the requester's ``zone`` with its name ("Thu 5 Mar, 14:00
    EST", "… UTC"); with no zone known, at the value's own offset."""
    if not _ISO.match(text):
        return None
    try:
        at = datetime.fromisoformat(text)
    except ValueError:
        return None
    if at.tzinfo is None:
        return None
    return when_text(text, _zone(zone) or at.tzinfo)


def _zone(name: str | None) -> ZoneInfo | None:
    try:
        return ZoneInfo(name) if name else None
    except (KeyError, ValueError):
        return None


def _short(value: Any, limit: int = 90, zone: str | None = None) -> str:
    if isinstance(value, str) and (shown := _when(value, zone)):
        return shown
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"
