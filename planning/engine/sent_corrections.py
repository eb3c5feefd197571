"""A correction of the email the last plan sent ("its friday not thursday", said after it went): a sent email cannot
be unsent, so the same people get a correction, approved as usual: the same subject marked as a correction, and the
text as sent with the wrong words replaced by the right ones (contract §2.7)."""

from typing import Any

from planning.engine.followups import FollowUp, ran_with
from planning.engine.session import Session, StepRun
from planning.types import Goal, Plan, Step
from planning.understanding.commands import MailFollowUp

UNSENDABLE = "An email that was sent cannot be unsent"
_MARK = "Correction: "
OFFER = "Tell me what was wrong in it (“friday, not thursday”) and I will send the same people a correction."


def correction(earlier: Session, change: MailFollowUp) -> FollowUp | None:
    """The send of a correction of the email ``earlier`` sent last, to its people (a reply: in its thread); None when
    it sent none, or the wrong words are not in what it sent."""
    run = _last_send(earlier)
    if run is None:
        return None
    sent = ran_with(earlier, run)
    body, subject = str(sent.get("body") or ""), str(sent.get("subject") or "")
    fixed = _replaced(body, change.replaces, change.value)
    if fixed is None and _replaced(subject, change.replaces, change.value) is None:
        return None
    text = f"{_MARK}{change.value}, not {change.replaces}.\n\n{fixed if fixed is not None else body}".rstrip()
    if run.step.tool == "reply_email":
        inputs: dict[str, Any] = {"messageId": sent["messageId"], "body": text}
        intent = "Reply again with a correction"
    else:
        marked = subject if subject.lower().startswith(_MARK.lower().strip()) else f"{_MARK}{subject}"
        inputs = {key: sent[key] for key in ("to", "cc", "bcc") if sent.get(key)}
        inputs.update(subject=marked, body=text)
        intent = f"Send a correction of “{subject}”"
    step = Step(id="correction", intent=intent, tool=run.step.tool, arguments={"input": inputs})
    why = f"{UNSENDABLE}, so here is a correction to the same people"
    return FollowUp(Plan(steps=(step,)), Goal(intent="send", entity="email"), "follow-up: a correction", [why])


def sent_last(earlier: Session) -> bool:
    """Whether the last plan sent an email (a correction may be offered when its undo is asked)."""
    return _last_send(earlier) is not None


def _last_send(session: Session) -> StepRun | None:
    for run in reversed(session.steps):
        if run.state == "done" and run.step.tool in ("send_email", "reply_email"):
            return run
    return None


def _replaced(text: str, wrong: str, right: str) -> str | None:
    """``text`` with each whole-word ``wrong`` (any case) replaced by ``right``, capitalised where it was; None when
    ``wrong`` is not in it."""
    lowered, target = text.casefold(), wrong.casefold()
    out, at, found = [], 0, False
    while target and (hit := lowered.find(target, at)) >= 0:
        end = hit + len(target)
        whole = (hit == 0 or not text[hit - 1].isalnum()) and (end == len(text) or not text[end].isalnum())
        if whole:
            word = right[:1].upper() + right[1:] if text[hit].isupper() else right
            out += [text[at:hit], word]
            found = True
        else:
            out.append(text[at:end])
        at = end
    return "".join([*out, text[at:]]) if found else None
