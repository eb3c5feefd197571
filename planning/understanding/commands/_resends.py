"""The email just sent, or shown, wanted for someone else as well: "send the same thing to kim too", "and to omar as
well", "do the same for rita" — a lead of data/resend_leads.txt, then only the people (name spans, addresses, or the
words left before the tails that add them)."""

from planning.understanding import names
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.correct import Correct
from planning.understanding.commands.mail_follow_up import MailFollowUp


def resend(reply: Reply) -> MailFollowUp | None:
    """After an email was sent: the same email, to the people named."""
    who = _people(reply)
    return MailFollowUp("send_again", who) if who else None


def also_to(reply: Reply) -> Correct | None:
    """At a card of an email: the people named join its recipients; said with "instead", they replace them."""
    who = _people(reply)
    if not who:
        return None
    instead = any(phrases("instead").at(reply.words, i) is not None for i in range(len(reply.words)))
    return Correct(who, people=True, adding=not instead)  # "to sarah instead": she replaces them


def _people(reply: Reply) -> str | None:
    words = tuple(phrases("pointing_determiners").value((w,)) or w for w in reply.words)  # "that same note": "the"
    for index in dict.fromkeys((0, reply.after("polite"), reply.after("leads", "polite"))):
        lead = phrases("resend_leads").at(words, index)
        if lead is not None and index + lead[0] < len(words):
            start = index + lead[0]
            end = reply.end_before(start, "adding_tails", "instead")
            who = reply.rest(start, end)
            comma = next((i for i in range(start + 1, end) if words[i] == ","), None)
            if not only_people(who) and comma is not None:  # "to priya, she was asking about it": a reason after
                who = reply.rest(start, comma)
            return who if only_people(who) else None
    return None


def only_people(who: str) -> bool:
    """Whether ``who`` holds only people: addresses, or names ("kim and omar"), not words such as "be fair"."""
    parts = [p.strip() for p in who.replace(" and ", ",").replace("&", ",").split(",") if p.strip()]
    return bool(parts) and all("@" in part or names.listed(part) == [part] for part in parts)
