"""The tool catalog: the contract's 13 tools, and room for connectors to register more."""

from collections.abc import Iterable, Iterator

from integrations.base import arguments as a
from integrations.base.tools import ToolSpec


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


def _spec(name: str, kind: str, area: str, model: type, description: str) -> ToolSpec:
    return ToolSpec.model_validate(
        {"name": name, "kind": kind, "area": area, "args_model": model, "description": description}
    )


CATALOG = ToolCatalog(
    [
        _spec(
            "fetch_emails",
            "read",
            "email",
            a.FetchEmailsArgs,
            "Search the mailbox; newest first. Filters: query, sender, to, subject, since, until, unreadOnly.",
        ),
        _spec("send_email", "write", "email", a.SendEmailArgs, "Send a new email."),
        _spec("reply_email", "write", "email", a.ReplyEmailArgs, "Reply to an email in its thread."),
        _spec("summarize", "read", "core", a.SummarizeArgs, "Summarize text or an earlier step's result."),
        _spec(
            "fetch_entity",
            "read",
            "crm",
            a.FetchEntityArgs,
            "Find CRM records (Contact, Lead, Deal, Account) by field filters.",
        ),
        _spec("create_entity", "write", "crm", a.CreateEntityArgs, "Create a CRM record."),
        _spec("update_entity", "write", "crm", a.UpdateEntityArgs, "Change fields of a CRM record."),
        _spec("delete_entity", "write", "crm", a.DeleteEntityArgs, "Delete a CRM record."),
        _spec(
            "fetch_calendar_events",
            "read",
            "calendar",
            a.FetchCalendarEventsArgs,
            "List calendar events in a range (start inclusive, end exclusive), in start order.",
        ),
        _spec(
            "create_calendar_event",
            "write",
            "calendar",
            a.CreateCalendarEventArgs,
            "Create a calendar event; attendees are email addresses.",
        ),
        _spec("update_calendar_event", "write", "calendar", a.UpdateCalendarEventArgs, "Change a calendar event."),
        _spec("delete_calendar_event", "write", "calendar", a.DeleteCalendarEventArgs, "Delete a calendar event."),
        _spec(
            "find_free_slots",
            "read",
            "calendar",
            a.FindFreeSlotsArgs,
            "Free time of the user and attendees within a window, for a duration.",
        ),
    ]
)


def tool_catalog() -> ToolCatalog:
    """The core catalog of contract §3."""
    return CATALOG
