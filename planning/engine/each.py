"""Steps repeated for each item a read found (contract §2.6 ``for_each``).

The items are resolved once, when the step is shown for approval, and kept with the step: the approval lists every
item with its own arguments, the user approves them all or removes some first, and what runs is exactly what was
shown. Each item is claimed on its own (``claim_key(run, item)``), so after a crash the items that ran are not run
again and the one that was running is asked about, never repeated silently.
"""

from typing import Any
from zoneinfo import ZoneInfo

from planning.engine.checks import Notice
from planning.engine.replies import ApprovalItem
from planning.engine.resolve import ResolutionError, resolve
from planning.engine.session import Session, StepRun
from planning.engine.stored_values import as_stored
from planning.engine.target_text import cannot_change_text, describe, organised_by_other
from planning.engine.targets import when_text
from planning.engine.wording import clipped, label, value_text
from planning.understanding.held_words import holds
from planning.understanding.words import FUNCTION_WORDS

LABEL_KEYS = ("title", "subject", "name", "startTime", "from", "email", "company", "body", "id")  # a note: its body
MATCHED_FIELDS = ("title", "subject", "name")
KEPT = "kept"  # an item the step's ``exclude`` names (contract §2.9)
LEFT_OUT = "left out"  # an item the step cannot change (someone else organises it): said before approval
_ID_KEYS = frozenset({"eventId", "messageId", "id"})


def resolve_items(session: Session, run: StepRun) -> list[Any]:
    """The list ``for_each`` names, from the earlier step's result; ``ResolutionError`` if it is not a list."""
    assert run.step.for_each is not None
    found = resolve(run.step.for_each, session.results(), run.answers)
    if not isinstance(found, list):
        raise ResolutionError(f"{run.step.for_each} is not a list")
    return found


def excluded(run: StepRun, item: Any) -> bool:
    """Whether ``exclude`` leaves ``item`` out: every word of its query is in the title (or subject, name),
    case-insensitively, in any order (as ``query`` matches in reads, contract §2.6), or is the initials of words
    that follow one another there ("the acme qbr": "Acme quarterly business review"). When no item found is named so,
    an item whose title's words are all said in the query ("the launch review i guess": "Launch review"): the person
    said more than the title, and keeping what they named is the safe reading."""
    if run.step.exclude is None or not isinstance(item, dict):
        return False
    query = run.step.exclude.query
    if _named(query, item):
        return True
    if any(_named(query, other) for other in run.items or () if isinstance(other, dict)):
        return False
    return _said_within(query, item)


def _named(query: str, item: dict[str, Any]) -> bool:
    title = _title(item)
    text = title.casefold().split()
    return all(any(word in found for found in text) or holds(title, word) for word in query.casefold().split())


def _said_within(query: str, item: dict[str, Any]) -> bool:
    said = set(query.casefold().split())
    words = [word for word in _title(item).casefold().split() if word not in FUNCTION_WORDS]
    return bool(words) and all(word in said for word in words)


def _title(item: dict[str, Any]) -> str:
    return " ".join(str(item.get(key) or "") for key in MATCHED_FIELDS)


def settle(run: StepRun) -> None:
    """Items that will not run, each with why, before the card is shown: those ``exclude`` names (kept), and those
    the step cannot change because someone else organises them (left out, instead of failing after approval)."""
    for index, item in enumerate(run.items or []):
        if index in run.item_notes or index in run.item_results:
            continue
        if excluded(run, item):
            assert run.step.exclude is not None
            run.item_notes[index] = f"{KEPT}: it matches “{run.step.exclude.query}”"
        elif run.step.tool == "update_calendar_event" and isinstance(item, dict):
            organizer = organised_by_other(item)
            if organizer is not None:
                run.item_notes[index] = f"{LEFT_OUT}: {cannot_change_text(organizer)}"


def unmatched_exclusion(run: StepRun) -> Notice | None:
    """A warning for the card when ``exclude`` named an item and none of those found is it ("clear my thursday except
    the acme qbr" where no title is the QBR): nothing is kept out, and the card says so plainly."""
    if run.step.exclude is None or not run.items or any(note.startswith(KEPT) for note in run.item_notes.values()):
        return None
    count = len(run.open_items())
    return Notice(
        title=f"Nothing here matches “{run.step.exclude.query}”, so nothing is kept out",
        lines=[f"Approving goes ahead with all {count} listed; reply “remove N” to keep one, or “cancel”."],
    )


def left_out_lines(session: Session, run: StepRun) -> list[str]:
    """The items kept or left out, each with why ("1:1 with Priya · Fri 6 Mar, 10:00 EST — kept: it matches
    “1:1”"), for the card."""
    return [
        f"{label_of(session, run, index)} — {note}"
        for index, note in sorted(run.item_notes.items())
        if note.startswith((KEPT, LEFT_OUT))
    ]


def item_words(session: Session, run: StepRun, index: int, arguments: dict[str, Any]) -> dict[str, str]:
    """What the step does to one item, in words, label → text: a move as the item's new time ("New time: Mon 9 Mar,
    14:00–14:30 EDT"), a decline for someone else's meeting; other arguments as values (ids left out)."""
    tz = ZoneInfo(session.tz)
    item = (run.items or [])[index]
    words: dict[str, str] = {}
    said: set[str] = set()
    if isinstance(item, dict) and run.step.tool in ("update_calendar_event", "delete_calendar_event"):
        for change in describe(run.step.tool, item, arguments, tz).changes:
            words["New time" if change.field == "When" else change.field] = change.after
        if "New time" in words:
            said |= {"startTime", "shiftMinutes", "durationMinutes"}
        organizer = organised_by_other(item) if run.step.tool == "delete_calendar_event" else None
        if organizer is not None:  # short on a list: declined, not deleted for everyone (contract §2.6)
            words["For you"] = f"declined, not deleted ({organizer} organises it)"
        said |= {key for key in arguments if label(key) in words}
    for key, value in arguments.items():
        if key not in _ID_KEYS and key not in said:
            words[label(key)] = value_text(key, value, tz)
    return words


def item_arguments(session: Session, run: StepRun, index: int) -> dict[str, Any]:
    """One item's arguments: the step's inputs with ``{{item...}}`` filled from that item, in stored form."""
    items = run.items or []
    filled = resolve(run.step.inputs, session.results(), run.answers, item=items[index])
    given = {key: value for key, value in filled.items() if value is not None}
    return as_stored(run.step.tool, given, locale=session.principal.locale, zone=session.tz)


def approval_items(session: Session, run: StepRun) -> list[ApprovalItem]:
    """Every item still to run, numbered from 1 as the user sees them."""
    tz = ZoneInfo(session.tz)
    items = []
    for index in run.open_items():
        arguments = item_arguments(session, run, index)
        items.append(
            ApprovalItem(
                index=index + 1,
                label=item_label((run.items or [])[index], tz),
                arguments=arguments,
                words=item_words(session, run, index, arguments),
            )
        )
    return items


def approved_arguments(session: Session, run: StepRun) -> dict[str, Any]:
    """What an approval of the step is bound to: the items still to run, each with its arguments."""
    return {"each": [{"item": index + 1, **item_arguments(session, run, index)} for index in run.open_items()]}


def label_of(session: Session, run: StepRun, index: int) -> str:
    """The item at ``index`` of a repeated step, as the requester reads it."""
    return item_label((run.items or [])[index], ZoneInfo(session.tz))


def item_label(item: Any, tz: ZoneInfo) -> str:
    """An item as a person reads it, its time in the requester's zone ("Launch review · Fri 6 Mar, 10:00 EST")."""
    if not isinstance(item, dict):
        return str(item)
    if isinstance(item.get("start"), str) and isinstance(item.get("end"), str) and "title" not in item:
        return when_text(item["start"], tz, item["end"])  # a free slot: "Wed 4 Mar, 12:00–12:45 EST"
    parts = [
        when_text(item[key], tz) if key == "startTime" else clipped(str(item[key]))
        for key in LABEL_KEYS
        if item.get(key) and key != "id"
    ][:3]
    return " · ".join(parts) or str(item.get("id") or "an item")


def remove(run: StepRun, numbers: list[int]) -> tuple[list[int], list[int]]:
    """Remove items by the numbers shown (from 1); returns (removed, not found)."""
    still = set(run.open_items())
    removed, unknown = [], []
    for number in numbers:
        index = number - 1
        if index in still:
            run.removed.append(index)
            still.discard(index)
            removed.append(number)
        else:
            unknown.append(number)
    return removed, unknown


def summary(run: StepRun) -> str:
    """How a repeated step went: "3 of 4 done; 1 removed by you; 1 kept; 1 failed"."""
    total = len(run.items or [])
    done = len(run.item_results)
    parts = [f"{done} of {total} done"]
    if run.removed:
        parts.append(f"{len(run.removed)} removed by you")
    for prefix in (KEPT, LEFT_OUT, "failed"):
        count = sum(1 for note in run.item_notes.values() if note.startswith(prefix))
        if count:
            parts.append(f"{count} {prefix}")
    return "; ".join(parts)


def failures(session: Session, run: StepRun) -> list[str]:
    """Each item that failed, with its reason ("Acme review · Thu 5 Mar, 16:00 EST: laura@acme.com organises …")."""
    return [
        f"{label_of(session, run, index)}: {note.removeprefix('failed: ')}"
        for index, note in sorted(run.item_notes.items())
        if note.startswith("failed")
    ]
