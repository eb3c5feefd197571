"""A summary asked for after a search of mail, naming nothing of its own ("any emails from maria this week?" —
"summarize pls"): it summarizes what that search was about, not the whole mailbox. The new plan's search takes the
earlier search's words (sender, recipient, words, period, unread, files); when the earlier search found nothing in
its period ("No emails from maria since Mon 2 Mar"), the summary is of the same search without the period, so it
still says what she wrote last."""

from typing import Any

from planning.engine.session import Session
from planning.references import references_in
from planning.types import Plan
from planning.understanding.commands import points_back
from planning.understanding.lexicon import evidence_in

# a search's inputs that say which mail: a summary whose search gives none of them names nothing of its own
_DESCRIBING = ("sender", "to", "query", "subject", "since", "until", "unreadOnly", "hasAttachment")
_PERIOD = ("since", "until")


def summary_of_shown(earlier: Session, text: str, plan: Plan) -> Plan:
    """``plan`` with the mail search its summary reads taken from ``earlier``'s last search, when the request
    ``text`` names no mail of its own ("summarize pls", "summarize those", not "summarize my inbox") and that
    search is given nothing else; ``plan`` as it is otherwise."""
    searched = _last_search(earlier)
    if searched is None or (_names_a_thing(text) and not points_back(text)):
        return plan
    inputs, found = searched
    summarized = {
        ref.step_id for step in plan.steps if step.tool == "summarize" for ref in references_in(step.arguments)
    }
    steps = []
    for step in plan.steps:
        own = step.inputs
        if step.id in summarized and step.tool == "fetch_emails" and not any(own.get(k) for k in _DESCRIBING):
            carried = {k: v for k, v in inputs.items() if k in _DESCRIBING and v not in (None, "")}
            if not found:  # nothing in its period: what that search is about, whenever it was written
                carried = {k: v for k, v in carried.items() if k not in _PERIOD}
            if carried:
                step = step.model_copy(update={"arguments": {**step.arguments, "input": {**own, **carried}}})
        steps.append(step)
    return plan.model_copy(update={"steps": tuple(steps)})


def _names_a_thing(text: str) -> bool:
    """Whether ``text`` names a kind of thing of its own ("my inbox", "all my emails")."""
    return any(found.kind == "entity" for found in evidence_in(text))


def _last_search(earlier: Session) -> tuple[dict[str, Any], bool] | None:
    """The inputs of the earlier plan's last search of mail that ran, and whether it found any."""
    for run in reversed(earlier.steps):
        if run.step.tool == "fetch_emails" and run.state == "done":
            inputs = run.edited if run.edited is not None else run.step.inputs
            return dict(inputs), bool(run.result)
    return None
