"""One way every calendar connector runs a tool: each tool's arguments model, and the connector's method of the same
name (``fetch_calendar_events``, ``create_calendar_event``, ``update_calendar_event``, ``respond_to_event``,
``delete_calendar_event``, ``find_free_slots``). A tool the connector does not list in ``tools`` is refused, never
run, even when it has the method."""

from typing import Any

from pydantic import BaseModel

from integrations.base.arguments import (
    CreateCalendarEventArgs,
    DeleteCalendarEventArgs,
    FetchCalendarEventsArgs,
    FetchCalendarsArgs,
    FindFreeSlotsArgs,
    RespondToEventArgs,
    UpdateCalendarEventArgs,
)
from integrations.base.errors import PermanentError

CALENDAR_TOOLS: dict[str, type[BaseModel]] = {
    "fetch_calendar_events": FetchCalendarEventsArgs,
    "create_calendar_event": CreateCalendarEventArgs,
    "update_calendar_event": UpdateCalendarEventArgs,
    "respond_to_event": RespondToEventArgs,
    "delete_calendar_event": DeleteCalendarEventArgs,
    "find_free_slots": FindFreeSlotsArgs,
    "fetch_calendars": FetchCalendarsArgs,  # (v3)
}
V3_EVENT_ARGUMENTS = frozenset({"optionalAttendees", "onlineMeeting", "calendarId"})
"""Arguments of contract v3 that a connector honours only when it lists them in ``v3_arguments``; others refuse
them, so that a card's promise (a meeting link, an optional guest, another calendar) is never dropped in silence."""


async def run_calendar_tool(connector: Any, tool: str, arguments: BaseModel, *, service: str, label: str) -> Any:
    """``connector.<tool>(arguments)`` for a calendar tool it lists, with that tool's own arguments model; anything
    else is refused with ``PermanentError``."""
    model = CALENDAR_TOOLS.get(tool)
    if model is None or tool not in connector.tools or not isinstance(arguments, model):
        raise PermanentError(f"the {label} connector cannot run {tool!r} with these arguments", service=service)
    given = {name for name in V3_EVENT_ARGUMENTS & arguments.model_fields_set if getattr(arguments, name) is not None}
    missing = sorted(given - getattr(connector, "v3_arguments", frozenset()))
    if missing:
        raise PermanentError(f"{label} does not support {missing[0]} yet: nothing was changed", service=service)
    return await getattr(connector, tool)(arguments)
