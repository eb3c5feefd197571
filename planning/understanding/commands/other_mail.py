"""At the approval of a step that acts on one email a search found (forwarded, answered), a reply that describes
another email ("wait no, not the nda - the signed msa john sent fri", "wrong one, i meant the pricing mail from
tom"): a correction of which email it is, the description its value and the words that turn down the one shown
(after "not") what it replaces.

A description is one part of the reply (parts end at a comma, a dash, a semicolon or a full stop) that starts with
"the" or someone's ("laura's") and has a word that says a mail (data/mail_describing.txt: a mail word, a verb of
sending, "from") and a word that says which (not only "the one"). Parts of other shapes (a reason, "wrong one") are
ignored."""

from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.context import Context
from planning.understanding.commands.correct import Correct

ON_A_MAIL = ("forward_email", "reply_email")  # steps that act on one email a search found
_ENDS = frozenset({",", "-", "\u2013", "\u2014", ";", ".", "!", "?"})


def other_mail(reply: Reply, context: Context) -> Correct | None:
    """The email described instead of the one shown, as a correction of the field "email"; None when the reply
    describes none, or nothing acting on one email waits for approval."""
    if context.question != "approval" or context.doing not in ON_A_MAIL:
        return None
    described: str | None = None
    replaced: str | None = None
    for start, end in _parts(reply):
        first = min(reply.after("leads", "polite", start=start), end)  # "…, i meant the one from tom"
        words = reply.words[first:end]
        not_lead = phrases("mail_not_leads").at(words)
        if not_lead is not None:
            replaced = reply.rest(first + not_lead[0], end) or replaced
        elif _describes(words):
            described = reply.rest(first, end)
    return Correct(described, field="email", replaces=replaced) if described else None


def _parts(reply: Reply) -> list[tuple[int, int]]:
    """The token spans between marks that end a part."""
    spans, first = [], 0
    for index in range(len(reply.words) + 1):
        if index == len(reply.words) or reply.words[index] in _ENDS:
            if index > first:
                spans.append((first, index))
            first = index + 1
    return spans


def _describes(words: tuple[str, ...]) -> bool:
    """Whether ``words`` describe an email: "the …" or "someone's …", a word that says a mail, and (after "the") a
    word that says which one."""
    if len(words) < 2 or not (words[0] == "the" or (words[0].endswith("'s") and len(words[0]) > 2)):
        return False
    mail_words = phrases("mail_describing")
    saying = [w for w in words[1:] if mail_words.value((w,)) is not None]
    which = [w for w in words[1:] if mail_words.value((w,)) is None and phrases("stop_words").value((w,)) is None]
    return bool(saying) and bool(which or words[0].endswith("'s"))  # "thursday's too late": no mail said
