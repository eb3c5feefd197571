"""Thread replies: a question, a plain message, and what a step did (records, emails, events, a summary).

In a channel, what came from a mailbox, a calendar or a CRM goes to the requester only; the channel gets
``shared_question_message`` (the question without its choices) and ``shared_outcome_message`` (that a change was
made, or failed, without the data or the error's details).

Nothing is dropped for length: a text longer than one message can show, or a list longer than ``MAX_ITEMS``,
comes whole in a file (the message's ``"file"``: title, filename, content) that ``Delivery`` attaches where the
message went (for a private message in a channel: in the person's DM)."""

import re
from collections.abc import Collection, Sequence
from typing import Any

from bot.slack.blocks_text import (
    MAX_BLOCKS,
    MAX_FALLBACK_TEXT,
    MAX_SECTION_TEXT,
    TEXT_BUDGET,
    clip,
    context,
    escape,
    join_lines,
    message,
    readable,
    section,
    size,
    split_mrkdwn,
    unnest_quotes,
)
from planning.engine.replies import AskValue, Say, StepOutcome

MAX_ITEMS = 10
TONE_ICONS = {"info": "", "refusal": "🙅 ", "problem": "⚠️ ", "done": "✅ "}
# the fields worth a glance, in the order shown; a label says what a bare value would not
ITEM_FIELDS: dict[str, str] = {
    "name": "",
    "title": "",
    "subject": "",
    "from": "from ",
    "email": "",
    "company": "",
    "stage": "stage ",
    "status": "",
    "amount": "amount ",
    "closeDate": "closes ",
    "dueDate": "due ",
    "owner": "owner ",
    "startTime": "",
    "start": "",
    "date": "",
}
_FIELDS_PER_ITEM = 5
IN_FILE, IN_DM = "in the attached file", "in the file I sent you in our direct messages"
_USER_ID = re.compile(r"[UW][A-Z0-9]{2,30}")


def question_message(ask: AskValue, *, answer_in: str | None = None) -> dict[str, Any]:
    """The question, the problem with the last answer, an example, numbered options, "or reply skip".
    ``answer_in``: the channel whose thread takes the answer (the choices were sent to a DM)."""
    question = f"*{escape(clip(ask.text, 1500))}*"
    if ask.problem:
        question = f"⚠️ Sorry, {escape(clip(ask.problem, 1000))}.\n{question}"
    blocks = [section(question)]
    if ask.options:
        lines = [f"{number}. {escape(clip(option, 300))}" for number, option in enumerate(ask.options, 1)]
        blocks.append(section(join_lines(lines, MAX_SECTION_TEXT, lambda n: f"_… and {n} more options_")))
    hints = []
    if ask.example:
        hints.append(f"e.g. {escape(clip(ask.example, 500))}")
    if ask.options:
        hints.append("reply with a number" + (f" in the plan's thread in <#{answer_in}>" if answer_in else ""))
    if ask.can_skip:
        hints.append("or reply `skip`")
    if hints:
        blocks.append(context(" · ".join(hints)))
    fallback = ask.text if not ask.problem else f"Sorry, {ask.problem}. {ask.text}"
    return message(escape(clip(fallback, 3000)), blocks)


def shared_question_message(ask: AskValue, requester: str, link: str | None = None) -> dict[str, Any]:
    """The question for a channel: its choices (records, emails, events found) went to the requester's DM
    (``link``: to them)."""
    shown = question_message(ask.model_copy(update={"options": []}))
    if not ask.options:
        return shown
    there = f" (<{link}|open>)" if link else ""
    count = len(ask.options)
    note = context(f"The {count} choices are in <@{requester}>'s direct messages with me{there}: reply with a number.")
    return message(str(shown["text"]), [*shown["blocks"], note])


def shared_outcome_message(outcome: StepOutcome, requester: str) -> dict[str, Any]:
    """What a change did, for a channel: done or failed; no data, no id, no error text."""
    intent = escape(unnest_quotes(clip(outcome.intent, 300)))
    text = f"⚠️ *{intent}* failed; the details went to <@{requester}>." if not outcome.ok else f"✅ {intent}"
    return message(text, [section(text)])


def say_message(say: Say, people: Collection[str] = ()) -> dict[str, Any]:
    """A plain message, its tone as an icon; a long one spreads over several sections, a very long one is
    attached whole as a file. ``people``: user ids the engine names in parentheses ("Approved … (U0TOM)"), shown
    as mentions (Slack shows the person's name)."""
    icon = TONE_ICONS.get(say.tone, "")
    text = unnest_quotes(say.text)
    shown, fallback = escape(text), escape(clip(text, 3000))
    for user in people:
        if _USER_ID.fullmatch(user):
            shown, fallback = (t.replace(f"({user})", f"(<@{user}>)") for t in (shown, fallback))
    return _long_text(icon + shown, icon + fallback, "message", say.text)


def _long_text(shown: str, fallback: str, title: str, whole: str) -> dict[str, Any]:
    """``shown`` (escaped) over sections; past ``TEXT_BUDGET``, its start and ``whole`` (raw) as a file."""
    if size(shown) <= TEXT_BUDGET:
        return message(fallback, [section(part) for part in split_mrkdwn(shown, MAX_SECTION_TEXT, MAX_BLOCKS)])
    parts = split_mrkdwn(shown, MAX_SECTION_TEXT, TEXT_BUDGET // MAX_SECTION_TEXT)
    note = context(f"The whole {escape(clip(title, 200))} ({len(whole):,} characters) is {IN_FILE}.")
    return attach(message(fallback, [*(section(part) for part in parts), note]), title, whole)


def file_elsewhere(shown: dict[str, Any], comment: str) -> dict[str, Any]:
    """``shown`` as said where its file cannot go along (a private message in a channel: the file goes to the
    person's DM): its note says where the file is, and the file comes with ``comment``."""
    blocks = []
    for block in shown.get("blocks", []):
        if block.get("type") == "context":
            elements = [{**e, "text": str(e.get("text", "")).replace(IN_FILE, IN_DM)} for e in block["elements"]]
            block = {**block, "elements": elements}
        blocks.append(block)
    file = {**shown["file"], "comment": comment} if shown.get("file") else None
    return {**shown, "blocks": blocks, **({"file": file} if file else {})}


def together(messages: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Thread messages said at one time (who approved, what it did, that the plan finished) as one message."""
    if len(messages) == 1:
        return messages[0]
    text = "\n".join(str(m.get("text", "")) for m in messages)
    return message(clip(text, MAX_FALLBACK_TEXT), [block for m in messages for block in m.get("blocks", [])])


def attach(shown: dict[str, Any], title: str, content: str) -> dict[str, Any]:
    """A message with a text file to go with it."""
    name = "".join(c if c.isalnum() else "-" for c in title.lower())[:60].strip("-") or "result"
    return {**shown, "file": {"title": clip(title, 200), "filename": f"{name}.txt", "content": content}}


def outcome_message(outcome: StepOutcome) -> dict[str, Any]:
    """What a step did: a failure, a compact list, a summary, a written record's id, or a short result."""
    intent = escape(unnest_quotes(clip(outcome.intent, 300)))
    data = outcome.data
    if not outcome.ok:
        text = f"⚠️ *{intent}* failed: {escape(clip(outcome.error or 'unknown error', 2000))}"
        return message(text, [section(text)])
    if outcome.done:  # a write, in words: "Moved “Pipeline review” to Thu 5 Mar, 15:00–16:00 EST"
        text = f"✅ {escape(clip(outcome.done, 2900))}"
        return message(text, [section(text)])
    if outcome.answer is not None and not outcome.tool.startswith(("fetch", "find")):  # items of a repeated write
        text = f"✅ *{intent}*: {escape(clip(outcome.answer, 2000))}"
        return message(text, [section(text)])
    if isinstance(data, list) and outcome.answer is not None and not outcome.answer[:1].isdigit():
        text = f"*{intent}*: {escape(clip(outcome.answer, 2000))}"  # "No events on Sunday 8 March.", yes/no, a field
        return message(text, [section(text)])
    if isinstance(data, list):
        return _list_message(intent, data, outcome.answer, outcome.intent, outcome.zone)
    if isinstance(data, dict) and "summary" in data:
        whole = readable(data["summary"], 1_000_000)
        summary = escape(whole)
        return _long_text(f"*{intent}*\n{summary}", f"{intent}: {summary}", outcome.intent, whole)
    if isinstance(data, dict) and data.get("id"):
        text = f"✅ {intent}"  # an id says nothing to people
        return message(text, [section(text)])
    text = f"✅ {intent}" + (
        f" ({escape(readable(data, 500, outcome.zone))})" if data not in (None, "", {}, []) else ""
    )
    return message(text, [section(text)])


def _list_message(
    intent: str, items: list[Any], answer: str | None = None, intent_raw: str | None = None, zone: str | None = None
) -> dict[str, Any]:
    if not items:
        text = f"🔍 *{intent}*: nothing found."
        return message(text, [section(text)])
    extra = max(len(items) - MAX_ITEMS, 0)
    head = f"*{intent}* · {escape(clip(answer, 300))}" if answer else f"*{intent}* · {len(items)} found"
    lines = [head, *(f"• {_item_line(item, zone)}" for item in items[:MAX_ITEMS])]
    if extra:
        lines.append(f"_and {extra} more_")
    # lines cut for length are items too (the last one, when present, is the "and N more" note itself)
    text = join_lines(lines, MAX_SECTION_TEXT, lambda n: f"_and {n + extra - (1 if extra else 0)} more_")
    names = ", ".join(_item_name(item) for item in items[:3]) + (", …" if len(items) > 3 else "")
    shown = message(f"{intent}: {len(items)} found: {names}", [section(text)])
    if not extra:
        return shown
    shown["blocks"].append(context(f"All {len(items)} are {IN_FILE}."))
    return attach(
        shown, intent_raw or "results", "\n\n".join(_item_text(n, item, zone) for n, item in enumerate(items, 1))
    )


def _item_text(number: int, item: Any, zone: str | None = None) -> str:
    """An item whole, as plain text for a file: its fields in words, without ids and empty fields."""
    if not isinstance(item, dict):
        return f"{number}. {readable(item, 100_000)}"
    lines = [f"{number}. {_item_name(item, escaped=False)}"]
    lines += [
        f"   {_field_words(key)}: {readable(value, 100_000, zone)}"
        for key, value in item.items()
        if not _internal(str(key)) and value not in (None, "", [], {})
    ]
    return "\n".join(lines)


def _internal(key: str) -> bool:
    """An id or a reference between records (id, threadId, eventId): nothing a person reads."""
    return key.lower() in ("id", "uid", "etag", "entitytype") or key.endswith(("Id", "Ids", "_id"))


def _field_words(key: str) -> str:
    """A field name in words: "startTime" → "start time", "close_date" → "close date"."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", key).replace("_", " ").lower()


def _item_line(item: Any, zone: str | None = None) -> str:
    if not isinstance(item, dict):
        return escape(readable(item, 300))
    keys = [key for key in ITEM_FIELDS if item.get(key) not in (None, "")][:_FIELDS_PER_ITEM]
    if not keys:
        shown = [f"{escape(clip(str(k), 50))}: {escape(readable(v, 100))}" for k, v in list(item.items())[:3]]
        return " · ".join(shown) or "—"
    first, *others = keys
    parts = [f"*{escape(readable(item[first], 200))}*"]
    parts += [f"{ITEM_FIELDS[key]}{escape(readable(item[key], 200, zone))}" for key in others]
    return " · ".join(parts)


def _item_name(item: Any, *, escaped: bool = True) -> str:
    show = escape if escaped else str
    if isinstance(item, dict):
        key = next((k for k in ITEM_FIELDS if item.get(k) not in (None, "")), None)
        return show(readable(item[key], 80)) if key else "—"
    return show(readable(item, 80))
