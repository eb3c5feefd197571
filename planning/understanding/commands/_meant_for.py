"""After an email was sent, taking it back with the reason that it was meant for someone else ("ugh undo that, it was
meant for john smith", "recall it - should have gone to priya"): a sent email cannot be unsent, so the same email
is offered to the person named (a new email, approved as usual)."""

from planning.understanding import names
from planning.understanding.commands import _followups, _resends, sent_fix
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.mail_follow_up import MailFollowUp


def meant_for(reply: Reply) -> MailFollowUp | None:
    """The same email to the people the reply names, when it takes the email back; None otherwise."""
    if sent_fix.unsend(reply) is None and _followups.undo(reply) is None:
        return None
    words = reply.words
    last = max((i for i, word in enumerate(words[:-1]) if phrases("meant_for_links").value((word,))), default=None)
    said = reply.rest(last + 1).rstrip(" .!") if last is not None else ""
    if said and _resends.only_people(said):  # "… meant for peter", "… should have gone to omar and kim"
        return MailFollowUp("send_again", said)
    named = [person.text for person in names.people(reply.text)]
    return MailFollowUp("send_again", " and ".join(named)) if named else None
