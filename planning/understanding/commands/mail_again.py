"""After a plan changed mail (marked it read or unread, archived it): the same change for more mail, described by the
reply ("the overdue invoice one from maria too", "and the ones from priya as well", "also the signed nda email")."""

from planning.understanding.commands._followups import thanks
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.mail_follow_up import MailFollowUp


def mail_again(reply: Reply) -> MailFollowUp | None:
    """``MailFollowUp("same_change", described)``: the words that describe the mail, said with "too" / "as well"
    after them, "also" / "and" / "same for" before them; None for a request of its own ("also email maria …") or a
    reply with neither."""
    words = reply.words
    led = reply.after("leads", "also_leads", "polite")
    same = phrases("same_leads").at(words, led)  # "same for john park's": the change again, for his
    also = same is not None or any(phrases("also_leads").at(words, index) is not None for index in range(led))
    led += same[0] if same is not None else 0
    end = reply.end_before(led, "adding_tails", "polite")
    if not also and end == len(words):
        return None  # neither "also …" nor "… too": not more of the same
    if phrases("request_starts").at(words, led) is not None:
        return None
    described = reply.rest(led, end)
    if not described or thanks(Reply.of(described)) is not None:  # "thanks too"
        return None
    return MailFollowUp("same_change", described)
