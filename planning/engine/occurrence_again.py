"""Another occurrence said at the card of an action on the event a search found ("not today's, next monday's" at the
delete of the standup found for today): the request said again on the day said, planned anew in the place of this
plan, while nothing of it is written yet (the understanding reads the day:
:func:`planning.understanding.commands.occurrence_said.other_occurrence`)."""

from datetime import datetime

from planning.engine.session import Session
from planning.understanding.commands import restated


def on_other_day(session: Session, day: str, now: datetime) -> str | None:
    """The plan's request said on ``day`` (its own day replaced, else the day added); None once a write of the plan
    ran, or when the request cannot be said again so."""
    if any(run.kind == "write" and run.state not in ("pending", "waiting") for run in session.steps):
        return None
    return restated(session.text, session.created_at, day, now, writes=False)
