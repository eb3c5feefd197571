"""The requester is never among the people an email goes to because a record listed them: "email everyone on the
launch review" sends to its other attendees, not back to the requester, who is an attendee of every meeting they
are invited to. Only recipients taken from what a step found are left out; an address the request typed is kept."""

from typing import Any

from planning.references import references_in

_SENDS = {"send_email": ("to", "cc"), "create_draft": ("to", "cc"), "forward_email": ("to", "cc")}


def without_requester(
    tool: str, planned: dict[str, Any], filled: dict[str, Any], address: str | None
) -> dict[str, Any]:
    """``filled`` (the step's resolved arguments) without ``address`` in the recipients that ``planned`` takes from
    an earlier step's result; unchanged when there is no address, or nothing to leave out."""
    keys = _SENDS.get(tool, ())
    if not address or not keys:
        return filled
    own = address.strip().casefold()
    out = dict(filled)
    for key in keys:
        value = out.get(key)
        if not references_in(planned.get(key)) or not isinstance(value, list):
            continue
        kept = [item for item in value if not (isinstance(item, str) and item.strip().casefold() == own)]
        if kept:  # the requester alone: kept, the card shows it (a mail to oneself is asked for, not guessed)
            out[key] = kept
    return out
