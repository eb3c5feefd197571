"""What a card changing an event's people must say when the change is already so: someone to take off who is not
invited ("take sarah off the globex pricing review" when she is not on it), or someone to add who already is. Without
it the card says "Remove − sarah@…" and the result "Changed", as if something happened."""

from typing import Any

from planning.engine.checks import Notice


def notices(arguments: dict[str, Any], event: dict[str, Any] | None) -> list[Notice]:
    """The notices for an ``update_calendar_event`` with these arguments, on ``event`` as read (none unknown)."""
    if not isinstance(event, dict) or not isinstance(event.get("attendees"), list):
        return []
    invited = {str(a).casefold() for a in event["attendees"]}
    title = event.get("title") or "the event"
    said: list[Notice] = []
    absent = [a for a in _addresses(arguments.get("removeAttendees")) if a.casefold() not in invited]
    if absent:
        said.append(Notice(title=f"Not invited to “{title}”: {', '.join(absent)}", lines=["Nothing to take off."]))
    there = [a for a in _addresses(arguments.get("addAttendees")) if a.casefold() in invited]
    if there:
        said.append(Notice(title=f"Already invited to “{title}”: {', '.join(there)}"))
    return said


def _addresses(value: Any) -> list[str]:
    return [a for a in value if isinstance(a, str) and "@" in a] if isinstance(value, list) else []
