"""The later changes an approval card approves too (:mod:`.standing`), said on the card in words: an email among them
says what it will say and, when known, to whom (the card is the only place the person sees it before it goes); an
email whose text cannot be known yet (it comes from a step that has not run) is not approved with the card: it waits
for a card of its own. User test s12 (c21, c52b): "delete the acme call tmrw and tell laura we'll reschedule" sent
the mail to Laura on the delete's approval, its address and text shown only after it had gone."""

from collections.abc import Callable, Mapping
from typing import Any

from planning.engine.resolve import ResolutionError
from planning.engine.session import Session, StepRun
from planning.engine.wording import clipped

_MAIL = ("send_email", "reply_email", "forward_email")
_SAID = 120  # characters of an email's text said on the card


def said_later(
    session: Session,
    later: list[StepRun],
    arguments: Callable[[Session, StepRun], dict[str, Any]],
    planned: Mapping[str, str] | None = None,
) -> list[tuple[StepRun, str]]:
    """The later changes the card may approve, each with its line: a change that writes no email, by its line in
    ``planned`` (the card's words for it, :func:`.news.then_lines`) or its intent; an email, with its recipients and
    text when they are known now — its text may be the news of the changes before it (``StepRun.news_shown``) — else
    it is left out, to be asked on its own."""
    lines = planned or {}
    out: list[tuple[StepRun, str]] = []
    for run in later:
        if run.step.tool not in _MAIL:
            out.append((run, lines.get(run.id, run.step.intent)))
            continue
        try:
            filled = arguments(session, run)
        except ResolutionError:  # its address comes from a lookup not run yet: said by its text alone, if known
            filled = {key: value for key, value in run.answers.items() if key == "body"}
        line = _mail_line(run.step.intent, filled, run.news_shown)
        if line is not None:
            out.append((run, line))
    return out


def _mail_line(intent: str, filled: dict[str, Any], news: str | None = None) -> str | None:
    """ "Email laura, saying “We'll reschedule” — to laura.chen@acme.com"; None when the text or a recipient is not
    known. ``news``: the text the email will say when none is given (what the changes before it did)."""
    text = filled.get("body")
    if news and (not isinstance(text, str) or "{{" in text or not text.strip()):
        text = news
    to = filled.get("to")
    recipients = [to] if isinstance(to, str) else list(to or [])
    if not isinstance(text, str) or not text.strip() or any(not isinstance(r, str) or "{{" in r for r in recipients):
        return None
    if "{{" in text:
        return None
    where = f" — to {', '.join(recipients)}" if recipients else ""
    return f"{intent}, saying “{clipped(text.strip(), _SAID)}”{where}"
