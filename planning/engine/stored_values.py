"""Values written to a CRM record in the form they are stored in, whatever form the person typed them in: a phone
number international, with its country code ("512 555 0190" → "+1 512 555 0190", read in the requester's region).
The step machine puts them in this form when it fills a step's arguments, so the card shows what the write stores."""

from typing import Any

from planning.understanding.phones import region_of, stored_form

_RECORD_WRITES = frozenset({"create_entity", "update_entity"})
_PHONE_FIELDS = ("phone",)


def as_stored(tool: str, arguments: dict[str, Any], *, locale: str | None, zone: str | None) -> dict[str, Any]:
    """``arguments`` with each phone number of a record's fields in its stored form; as given for another tool, a
    number that cannot be dialled (kept as typed), or no phone."""
    fields = arguments.get("fields") if tool in _RECORD_WRITES else None
    if not isinstance(fields, dict) or not any(isinstance(fields.get(name), str) for name in _PHONE_FIELDS):
        return arguments
    region = region_of(locale, zone)
    stored = dict(fields)
    for name in _PHONE_FIELDS:
        typed = fields.get(name)
        if isinstance(typed, str):
            stored[name] = stored_form(typed, region) or typed
    return {**arguments, "fields": stored}
