"""The words to send said right after a mail's recipient as a clause of their own: "email tom the launch dates work
for me", "send priya the numbers look off" — the thing named after the recipient is the subject of a verb that
follows it (data/cues/given_clause_verbs.txt, statement_verbs.txt), so what follows the recipient is the message, not
what the mail is about ("email tom the launch plan", "send dana the slides from the offsite")."""

from planning.understanding.commands._words import tokens
from planning.understanding.cues import cues

_TRAILING = " ,;:-"
_MAX_THING = 5  # at most this many words name the thing before its verb


def given_clause(text: str, people: list[str]) -> str | None:
    """The clause after the giving verb and its recipient (capitalised), or None."""
    toks = tokens(text)
    said = [t.word for t in toks]
    verb = next((i for i, w in enumerate(said) if w in cues("giving_verbs")), None)
    if verb is None:
        return None
    start = _after_people(said, verb + 1, people)
    if start is None or start >= len(said) or said[start] not in cues("given_object_determiners"):
        return None
    for index in range(start + 2, min(start + 2 + _MAX_THING, len(said))):
        word = said[index]
        if word in cues("given_clause_verbs") or word in cues("statement_verbs"):
            clause = text[toks[start].start :].strip().rstrip(_TRAILING + ".!")
            return clause[0].upper() + clause[1:]
        if not word.isalpha() or word in cues("given_object_ends"):
            return None
    return None


def _after_people(said: list[str], at: int, people: list[str]) -> int | None:
    """Where the words after the recipients named at ``at`` begin, None when no recipient is named there."""
    names = [p.lower().split() for p in people]
    moved = True
    start = at
    while moved:
        moved = False
        for name in names:
            if name and said[start : start + len(name)] == name:
                start += len(name)
                moved = True
        if start < len(said) and said[start] in ("and", ",") and start > at:
            start += 1
            moved = True
    return start if start > at else None
