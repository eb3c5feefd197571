"""A tool's name in words ("Send an email"): what a step's title becomes where nothing of the request may be kept
(redaction), because a title made from the request carries its words ("Email Priya: the deck is ready")."""

_TITLES = {
    "fetch_emails": "Find emails",
    "send_email": "Send an email",
    "reply_email": "Reply to an email",
    "forward_email": "Forward an email",
    "create_draft": "Write a draft",
    "update_email": "Change an email",
    "extract": "Read values from text",
    "summarize": "Summarize",
    "fetch_entity": "Find CRM records",
    "create_entity": "Create a CRM record",
    "update_entity": "Change a CRM record",
    "delete_entity": "Delete a CRM record",
    "fetch_calendar_events": "Find calendar events",
    "fetch_calendars": "Find calendars",
    "create_calendar_event": "Create a calendar event",
    "update_calendar_event": "Change a calendar event",
    "respond_to_event": "Answer an invitation",
    "delete_calendar_event": "Delete a calendar event",
    "find_free_slots": "Find free time",
}


def tool_title(tool: str) -> str:
    """``tool``'s name in words; a tool not listed (a connector's own) is named after its identifier
    ("log_call" → "Log call"), and no tool at all is "A step"."""
    known = _TITLES.get(tool)
    if known is not None:
        return known
    words = " ".join(tool.replace("_", " ").split())
    return words[:1].upper() + words[1:] if words else "A step"
