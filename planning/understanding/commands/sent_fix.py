"""After an email was sent: asking to take it back ("can you unsend it?", "recall that") and a correction of what it
said ("its friday not thursday", "oops, i meant 3pm not 2pm"). A sent email cannot be unsent: the first is read as
an undo (which says so), the second as a change whose value is the right words and ``replaces`` the wrong ones (the
engine offers a correction to the same people)."""

from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.mail_follow_up import MailFollowUp
from planning.understanding.commands.text_values import sort_of
from planning.understanding.commands.undo import Undo

_MARKS = frozenset({",", ".", ";", "!", "?", "-", "–", "—", ":"})
_LONGEST = 4  # words of a value said right or wrong ("next friday at 3")


def unsend(reply: Reply) -> Undo | None:
    """A clause that asks to take back the email sent, past words of hesitation and asking ("ugh. can u unsend?")."""
    for clause in _clauses(reply):
        start = clause.after("leads", "polite")
        end = clause.end_before(start, "polite")
        asked = Reply(clause.text, clause.toks[start:end])
        if end > start and asked.is_one_of("unsend", objects=True, things=True) is not None:
            return Undo()
    return None


def corrected(reply: Reply) -> MailFollowUp | None:
    """The first clause that says the right words, then the wrong ones ("its friday not thursday", "3pm, not 2pm",
    "friday instead of thursday"), each of a few words and both a day or time, or both a number: never people ("sarah
    not tom" is about who it went to) nor a clause that asks for something ("book it for friday not thursday")."""
    for clause in _clauses(reply):
        words = clause.words
        if phrases("request_starts").at(words, clause.after("leads", "polite")) is not None:
            continue
        for index in range(1, len(words)):
            found = phrases("replaces").at(words, index)
            if found is None:
                continue
            end = index
            while end > 0 and words[end - 1] in _MARKS:
                end -= 1
            start, after = _right_start(clause, end), index + found[0]
            stop = next((i for i in range(after, len(words)) if words[i] in _MARKS), len(words))
            wrong, right = clause.rest(after, stop), clause.rest(start, end)
            if right and wrong and end - start <= _LONGEST and stop - after <= _LONGEST and _same_sort(right, wrong):
                return MailFollowUp("correct", right, replaces=wrong)
    return None


def _same_sort(right: str, wrong: str) -> bool:
    """Both a day or a time, both a number, or both words with a number in them ("room 2" for "room 5")."""
    sort = sort_of(right)
    if sort in ("time", "number") and sort_of(wrong) == sort:
        return True
    return any(c.isdigit() for c in right) and any(c.isdigit() for c in wrong)


def _right_start(clause: Reply, end: int) -> int:
    """Where the right words begin: after a lead of data/correction_leads.txt before ``end``, else one word back."""
    words = clause.words
    for start in range(max(0, end - _LONGEST - 3), end):
        lead = phrases("correction_leads").at(words, start)
        if lead is not None and start + lead[0] < end:
            return start + lead[0]
    return end - 1


def _clauses(reply: Reply) -> list[Reply]:
    """The reply cut at marks between sentences and clauses."""
    cuts = [i for i, word in enumerate(reply.words) if word in (".", "!", "?", ";")]
    out, start = [], 0
    for cut in [*cuts, len(reply.words)]:
        if cut > start:
            toks = reply.toks[start:cut]
            out.append(Reply(reply.text[: toks[-1].end], toks))
        start = cut + 1
    return out
