"""The new text of an email said at its card: "say we're in, see you friday", "tell him the quote stands",
"reply: …" (data/new_text_leads.txt). The text is all the words after the lead, to the end of the reply."""

from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.decide import Decide

_MAIL_STEPS = ("send_email", "create_draft", "reply_email", "forward_email")
_MARKS = (",", "-", "–", "—", ":")
_LEAST_WORDS = 2  # "say yes" is a decision said oddly, not a text


def new_text(reply: Reply, doing: str | None) -> Decide | None:
    """The body edit a reply at a mail card asks for, or None when no saying lead starts it (after "hold on -")."""
    if doing not in _MAIL_STEPS:
        return None
    words = reply.words
    start = reply.after("leads", "polite")
    while start < len(words) and words[start] in _MARKS:
        start += 1
    lead = phrases("new_text_leads").at(words, start)
    if lead is None:
        return None
    index = start + lead[0]
    while index < len(words) and words[index] in _MARKS:
        index += 1
    reported = phrases("said_text_leads").at(words, index)  # "say that we're in": the text is after "that"
    index += reported[0] if reported is not None else 0
    if len(words) - index < _LEAST_WORDS:
        return None
    said = reply.rest(index).strip("\"“”'")
    return Decide("edit", field="body", value=said[:1].upper() + said[1:])
