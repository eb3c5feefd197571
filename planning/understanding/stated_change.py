"""A change asked of what the clause before states ("globex deal is at 140k now, can you update it", "ana has a new
number, 555 0100, pls fix her record"): the statement holds the record and its new values, the clause after it only
asks for the change. The two read as one update of that record (contract §2.9: one request in two clauses).

The request clause is polite words (``cues/polite_words``, ``cues/polite_openers``), a verb of
``data/change_back_verbs.txt``, what it points back at (``data/change_back_objects.txt``), and nothing more than
``data/change_back_tails.txt``."""

from planning.understanding.commands._words import tokens
from planning.understanding.cues import cues
from planning.understanding.verbforms import past_base
from planning.understanding.word_lists import listed

RECORDS = ("contact", "deal", "lead", "account")


def pointed_kind(text: str) -> str | None:
    """The kind of record a clause that only asks to change what was stated points at ("any" when it does not
    say), or None when the clause is not such a request."""
    words = tuple(t.word.lower() for t in tokens(text) if t.word not in (",", ".", "!", "?"))
    at = _past_polite(words)
    verb = listed("change_back_verbs").at(words, at)
    if verb is None:
        return None
    at += verb[0]
    pointed = listed("change_back_objects").at(words, at)
    if pointed is None:
        return None
    at += pointed[0]
    while at < len(words) and (tail := listed("change_back_tails").at(words, at)) is not None:
        at += tail[0]
    return pointed[1] if at == len(words) else None


def _past_polite(words: tuple[str, ...]) -> int:
    at = 0
    while at < len(words):
        if words[at] in cues("polite_words"):
            at += 1
            continue
        opener = cues("polite_openers").at(words, at)
        if opener is None:
            break
        at = opener.end
    return at


_MOST_NAME_WORDS = 4


def stated_subject(text: str) -> str | None:
    """The person a statement is about: its words before its first verb ("peter gibbons has a new number" → "peter
    gibbons", "kemal moved to initech" → "kemal"), when they are one to four plain words and no pronoun."""
    words = [t.word for t in tokens(text)]
    verb = next((i for i, w in enumerate(words) if w.lower() in cues("statement_verbs") or past_base(w.lower())), None)
    if verb is None or not 0 < verb <= _MOST_NAME_WORDS:
        return None
    subject = words[:verb]
    if not all(w.isalpha() for w in subject) or subject[0].lower() in cues("statement_subjects"):
        return None
    return " ".join(subject)
