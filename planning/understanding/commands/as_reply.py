"""At the approval of a new email, a reply that asks to send it as an answer to another email ("actually can you send
it as a reply to his launch plan email instead? keeps it all in one thread"): a correction of the field "email", the
words that describe the email answered its value. The engine finds that email and makes the new email a reply to it,
with the same text.

The description is what follows a lead of data/reply_leads.txt up to the end of its part (a comma, dash, semicolon
or full stop ends it), without words that only end a correction ("instead", "pls": data/instead.txt, polite.txt);
it must say a mail (data/mail_describing.txt: "email", "thread", "from" …). A reason beside it is another part and
is ignored."""

from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.context import Context
from planning.understanding.commands.correct import Correct

_NEW_MAIL = "send_email"
_ENDS = frozenset({",", "-", "\u2013", "\u2014", ";", ".", "!", "?"})


def as_reply(reply: Reply, context: Context) -> Correct | None:
    """The email to answer instead of sending a new one; None when the reply asks no such thing or no new email
    waits for approval."""
    if context.question != "approval" or context.doing != _NEW_MAIL:
        return None
    words = reply.words
    for index in range(len(words)):
        lead = phrases("reply_leads").at(words, index)
        if lead is None:
            continue
        start = index + lead[0]
        end = next((i for i in range(start, len(words)) if words[i] in _ENDS), len(words))
        while (tail := _trailing(words[start:end])) and end - tail > start:
            end -= tail  # "… his launch plan email instead pls"
        if any(phrases("mail_describing").value((word,)) is not None for word in words[start:end]):
            return Correct(reply.rest(start, end), field="email")
    return None


def _trailing(words: tuple[str, ...]) -> int:
    """How many words at the end only end a correction ("instead", "pls"): of the last such phrase; 0 for none."""
    for name in ("instead", "polite"):
        tail = phrases(name).ending(words)
        if tail is not None:
            return tail[0]
    return 0
