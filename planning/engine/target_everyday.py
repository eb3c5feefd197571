"""The words of approval cards for the everyday writes of contract v3: a draft (not sent), mail marked read or
archived, an event's optional attendees, meeting link and calendar, a logged call, a person linked to a deal.
Pure, like ``target_text``, which calls these."""

from typing import Any

from planning.engine.wording import label

_DRAFT = "create_draft"
_MAIL_CHANGE = "update_email"
_KINDS = {"call": "a call", "email": "an email", "meeting": "a meeting"}


def draft_target(record: dict[str, Any] | None, arguments: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """The fields of the card of a draft: a new mail's, or a reply's to the mail ``record`` (the one answered)."""
    to = [names.get(str(p).strip().lower()) or str(p) for p in arguments.get("to") or []]
    if not to and record is not None:
        to = [_person(str(record.get("from") or ""))]
    who = ", ".join(to) or "the sender"
    subject = str(arguments.get("subject") or (f"Re: {record.get('subject')}" if record else "(no subject)"))
    return {
        "kind": "email",
        "name": subject,
        "summary": f"Draft: “{subject}” (saved, not sent)",
        "heading": f"Save a draft to {who} (not sent)",
        "action": "Save draft",
        "done": f"Saved a draft to {who}: “{subject}” (not sent)",
    }


def mail_change_words(record: dict[str, Any], arguments: dict[str, Any]) -> tuple[str, str]:
    """(heading, done) of a change to mail: "Mark as read: Invoice #4821", "Archive: Acme monthly newsletter"."""
    subject = str(record.get("subject") or "(no subject)")
    if arguments.get("archived") is True:
        return f"Archive: {subject}", f"Archived: {subject}"
    if arguments.get("archived") is False:
        return f"Move back to the inbox: {subject}", f"Moved back to the inbox: {subject}"
    if arguments.get("unread") is True:
        return f"Mark as unread: {subject}", f"Marked as unread: {subject}"
    return f"Mark as read: {subject}", f"Marked as read: {subject}"


def event_extra_lines(arguments: dict[str, Any], names: dict[str, str]) -> list[tuple[str, str]]:
    """(label, words) lines of an event's v3 arguments: "Tom Reyes (optional)", "with a meeting link"."""
    lines: list[tuple[str, str]] = []
    optional = [names.get(str(p).strip().lower()) or str(p) for p in arguments.get("optionalAttendees") or []]
    if optional:
        lines.append(("Optional", ", ".join(f"{person} (optional)" for person in optional)))
    if arguments.get("onlineMeeting") is True:
        lines.append(("Online", "with a Google Meet or Teams link (made by your calendar)"))
    elif arguments.get("onlineMeeting") is False:
        lines.append(("Online", "without a meeting link"))
    calendar = arguments.get("calendarId")
    if calendar and "{{" not in str(calendar):
        lines.append(("Calendar", f"on the {names.get(str(calendar).lower(), str(calendar))} calendar"))
    return lines


def activity_words(fields: dict[str, Any], on: str) -> dict[str, Any]:
    """The card of a logged call: "Log a call on Acme (account): They want a discount"."""
    kind = str(fields.get("kind") or "call")
    body = str(fields.get("body") or fields.get("subject") or "")
    where = f" on {on}" if on else ""
    return {
        "kind": "activity",
        "name": str(fields.get("subject") or kind),
        "summary": f"Log {_KINDS.get(kind, kind)}{where}: {body}",
        "heading": f"Log {_KINDS.get(kind, kind)}{where}",
        "done": f"Logged {_KINDS.get(kind, kind)}{where}",
    }


def linked_contacts(record: dict[str, Any], arguments: dict[str, Any], names: dict[str, str]) -> tuple[str, str] | None:
    """(heading, done) of a person linked to a deal ("Link Dana Whitfield to the Acme deal") or unlinked."""
    fields = arguments.get("fields") or {}
    key = next((k for k in ("addContacts", "removeContacts") if set(fields) == {k}), None)
    if key is None or not fields[key]:
        return None
    known = [names.get(str(p).strip().lower()) for p in fields[key]]
    count = len(known)
    people = ", ".join(k for k in known if k) if all(known) else f"{count} contact{'s' if count > 1 else ''}"
    deal = str(record.get("name") or "the deal")
    deal = deal if deal.lower().endswith("deal") else f"{deal} deal"
    if key == "removeContacts":
        return f"Unlink {people} from the {deal}", f"Unlinked {people} from the {deal}"
    return f"Link {people} to the {deal}", f"Linked {people} to the {deal}"


def _person(address: str) -> str:
    shown = address.strip()
    name = shown[: shown.rindex("<")] if shown.endswith(">") and "<" in shown else shown
    return name.strip().strip('"') or address.strip("<> ")


__all__ = ["activity_words", "draft_target", "event_extra_lines", "label", "linked_contacts", "mail_change_words"]
