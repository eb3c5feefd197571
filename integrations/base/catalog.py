"""The tool catalog: the contract's tools (§3, v2 included), and room for connectors to register more."""

from collections.abc import Iterable, Iterator

from integrations.base import arguments as a
from integrations.base.tools import FROM_ENTITY_TYPE, ToolSpec

SEND_EMAIL = ("send", "email")


class ToolCatalog:
    """An immutable name → spec map; ``with_tools`` returns a larger catalog."""

    def __init__(self, specs: Iterable[ToolSpec]) -> None:
        self._specs: dict[str, ToolSpec] = {}
        for spec in specs:
            if spec.name in self._specs:
                raise ValueError(f"tool {spec.name!r} registered twice")
            self._specs[spec.name] = spec

    def get(self, name: str) -> ToolSpec | None:
        return self._specs.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._specs

    def __iter__(self) -> Iterator[ToolSpec]:
        return iter(self._specs.values())

    def __len__(self) -> int:
        return len(self._specs)

    def names(self) -> list[str]:
        return list(self._specs)

    def with_tools(self, specs: Iterable[ToolSpec]) -> "ToolCatalog":
        return ToolCatalog([*self, *specs])


def _spec(
    name: str, kind: str, area: str, model: type, description: str, serves: tuple[str, str] | None = None
) -> ToolSpec:
    return ToolSpec.model_validate(
        {"name": name, "kind": kind, "area": area, "args_model": model, "description": description, "serves": serves}
    )


CATALOG = ToolCatalog(
    [
        _spec(
            "fetch_emails",
            "read",
            "email",
            a.FetchEmailsArgs,
            "Search the mailbox (inbox and sent); newest first. Filters: query, sender, to, subject, since, until, "
            "unreadOnly, hasAttachment; includeBody adds each body.",
        ),
        _spec("send_email", "write", "email", a.SendEmailArgs, "Send a new email, with attachments.", SEND_EMAIL),
        _spec(
            "reply_email",
            "write",
            "email",
            a.ReplyEmailArgs,
            "Reply to an email in its thread (replyAll keeps the other recipients).",
            SEND_EMAIL,
        ),
        _spec(
            "forward_email",
            "write",
            "email",
            a.ForwardEmailArgs,
            "Forward an email with its attachments, with an optional note above it.",
            SEND_EMAIL,
        ),
        _spec(
            "create_draft",
            "write",
            "email",
            a.CreateDraftArgs,
            "Save a draft in the mailbox, not sent: a new mail (to, subject, body) or a reply (replyTo: a messageId).",
            ("send", "email"),
        ),
        _spec(
            "update_email",
            "write",
            "email",
            a.UpdateEmailArgs,
            "Mark an email read (unread: false) or unread (unread: true); archive it (archived: true) or move it "
            "back to the inbox (archived: false).",
            ("update", "email"),
        ),
        _spec(
            "extract",
            "read",
            "core",
            a.ExtractArgs,
            "Read named values (datetime, date, time, duration, email, phone, number, text) out of text or an "
            "earlier step's result; a value the text does not give is null.",
        ),
        _spec("summarize", "read", "core", a.SummarizeArgs, "Summarize text or an earlier step's result."),
        _spec(
            "fetch_entity",
            "read",
            "crm",
            a.FetchEntityArgs,
            "Find CRM records (Contact, Lead, Deal, Account, Note, Task, Activity) by field filters.",
        ),
        _spec(
            "create_entity", "write", "crm", a.CreateEntityArgs, "Create a CRM record.", ("create", FROM_ENTITY_TYPE)
        ),
        _spec(
            "update_entity",
            "write",
            "crm",
            a.UpdateEntityArgs,
            "Change fields of a CRM record.",
            ("update", FROM_ENTITY_TYPE),
        ),
        _spec(
            "delete_entity", "write", "crm", a.DeleteEntityArgs, "Delete a CRM record.", ("delete", FROM_ENTITY_TYPE)
        ),
        _spec(
            "fetch_calendar_events",
            "read",
            "calendar",
            a.FetchCalendarEventsArgs,
            "List calendar events overlapping a range (start inclusive, end exclusive), in start order; query "
            "matches titles containing all its words.",
        ),
        _spec(
            "create_calendar_event",
            "write",
            "calendar",
            a.CreateCalendarEventArgs,
            "Create a calendar event (recurrence: an RRULE); attendees and optionalAttendees are email addresses; "
            "onlineMeeting adds a Meet or Teams link; calendarId: from fetch_calendars (default: the primary).",
            ("create", "event"),
        ),
        _spec(
            "update_calendar_event",
            "write",
            "calendar",
            a.UpdateCalendarEventArgs,
            "Change a calendar event: fields, addAttendees/removeAttendees, optionalAttendees (added as optional), "
            "onlineMeeting, or shiftMinutes to move it.",
            ("update", "event"),
        ),
        _spec(
            "respond_to_event",
            "write",
            "calendar",
            a.RespondToEventArgs,
            "Accept, decline or tentatively accept an invitation.",
            ("update", "event"),
        ),
        _spec(
            "delete_calendar_event",
            "write",
            "calendar",
            a.DeleteCalendarEventArgs,
            "Delete a calendar event (declines it when someone else organises it).",
            ("delete", "event"),
        ),
        _spec(
            "find_free_slots",
            "read",
            "calendar",
            a.FindFreeSlotsArgs,
            "Free time of the user and attendees within a window, for a duration.",
        ),
        _spec(
            "fetch_calendars",
            "read",
            "calendar",
            a.FetchCalendarsArgs,
            "The user's calendars ({id, name, primary, canWrite}); name keeps those whose name contains it.",
        ),
    ]
)


def tool_catalog() -> ToolCatalog:
    """The core catalog of contract §3."""
    return CATALOG
