"""The mail of the person the last plan was about: "reply saying …" right after looking someone up is a reply to
that person's newest mail, never to the newest in the mailbox (which may be anyone's)."""

from __future__ import annotations

from typing import Any

from planning.engine.session import Session

_PERSON_RECORDS = ("Contact", "Lead")


def person_shown(earlier: Session) -> dict[str, Any] | None:
    """The one contact or lead the earlier plan's last read of people found (with an email), else None."""
    for run in reversed(earlier.steps):
        if run.state != "done" or run.step.tool != "fetch_entity":
            continue
        if run.step.inputs.get("entityType") not in _PERSON_RECORDS or not isinstance(run.result, list):
            return None
        people = [item for item in run.result if isinstance(item, dict) and item.get("email")]
        return people[0] if len(people) == 1 else None
    return None


def read_of_their_mail(person: dict[str, Any]) -> dict[str, Any]:
    """The arguments of a read of the person's newest mail."""
    return {"sender": person["email"], "limit": 1}
