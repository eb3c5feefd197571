"""An email's subject made from its body when the request names no subject or topic (trial 2): a phrase that
means something or nothing (the plan then asks for it), never words cut mid-clause ("Salary review notes are")."""

import re

from planning.understanding.phrases import capitalise
from planning.understanding.verbforms import AUXILIARIES, HAVE, past_base
from planning.understanding.word_lists import words as word_list

_WHOLE = 8  # a first sentence this short is the subject as it is
_WRAPPER = 8  # "could you let me know if …": the words before the opener that may only ask about what follows
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_NOT_IN_A_NAME = frozenset("i you we they he she it there that which who what".split())
_LEADS_ON = frozenset(
    "to next on at the a an by for of in and with this that my our your from until about or but so as "
    "because if when while before after".split()
)
_BOUNDARY = frozenset("to for on at in by with from before after until about and but so because since when".split())
_OPENS_CLAUSE = frozenset("that which who whether if because when while".split())
_STARTS_NAME = frozenset("the a an my our your this these those".split())


def from_body(body: str, topic: str | None = None) -> str | None:
    """ "The deck is ready" → itself; "My salary review notes are in the shared folder" → "Salary review notes";
    a long question → its ``topic`` ("Globex pricing review"); else a leading clause that stands on its own; else
    the clause a request wraps ("could you let me know if …"), or the first part of the sentence, short. None only
    for a body without words: a person who said what to write gets a subject made of it, shown on the card and
    correctable, not a question."""
    first = _SENTENCE_END.split(body.strip(), maxsplit=1)[0]
    words = first.split()
    if not words:
        return None
    if len(words) <= _WHOLE:
        return capitalise(first) + ("?" if first.rstrip().endswith("?") else "")
    if topic:
        return capitalise(topic)
    inner = _wrapped(words)
    made = _leading_name(words) or (from_body(" ".join(inner)) if inner else None)
    return made or _leading_clause(words) or _first_clause(words) or _first_part(words)


def _wrapped(words: list[str]) -> list[str] | None:
    """The clause a request wraps: "could you let me know if [the invoice got paid]", "can you confirm that [the
    room is booked]" — an opener early in the sentence, after words that address the reader."""
    for index, word in enumerate(words[:_WRAPPER]):
        if word.lower() in _OPENS_CLAUSE and index + 1 < len(words):
            before = {w.lower().strip(",").split("'")[0] for w in words[:index]}  # "you've been told that …"
            asked = word.lower() in word_list("asked_question_words")  # "… know who is covering it": "Who is …"
            inner = words[index:] if asked else words[index + 1 :]
            return inner if before & word_list("subject_wrapper_words") else None
    return None


def _first_part(words: list[str]) -> str:
    """The first part of the sentence, up to a comma, a dash or a joining word ("the draft looks great | and we're
    good to go"), at most eight words and never ending on a word that leads on ("… to", "… the")."""
    ends = word_list("subject_part_ends")
    head: list[str] = []
    for index, word in enumerate(words[: _WHOLE + 1]):
        low = word.lower()
        if index >= 2 and (low in ends or low in _OPENS_CLAUSE or word in ("-", "–", "—")):
            break
        head.append(word)
        if word.endswith((",", ";", ":")) and index >= 1:
            break
    head = head[:_WHOLE]
    while len(head) > 1 and head[-1].lower().strip(",;:") in _LEADS_ON:
        head.pop()
    return capitalise(" ".join(head).rstrip(",;:"))


def _first_clause(words: list[str]) -> str | None:
    """A first clause, up to its comma, short enough to be the subject as it is ("Launch review still on for fri
    10am", then ", bring the deck")."""
    end = next((i + 1 for i, w in enumerate(words) if w.endswith(",")), None)
    if end is None or not 2 <= end <= _WHOLE:
        return None
    head = [*words[: end - 1], words[end - 1].rstrip(",")]
    return None if head[-1].lower() in _LEADS_ON else capitalise(" ".join(head))


def _finite(word: str) -> bool:
    low = word.lower()
    return low in AUXILIARIES or low in HAVE or low.endswith(("'s", "'re", "'m", "'ll", "'ve", "'d"))


def _leading_name(words: list[str]) -> str | None:
    """The noun phrase before the first verb ("the revised Umbrella statement of work" has been sent …)."""
    verb = next((i for i, w in enumerate(words[:8]) if _finite(w)), None)
    if verb is None or verb < 2:
        return None
    name = words[:verb]
    if any(w.lower().strip(",") in _NOT_IN_A_NAME for w in name) or any(w.endswith(",") for w in name):
        return None
    if name[0].lower() not in _STARTS_NAME and not name[0][:1].isupper():
        return None
    if name[-1].lower() in _LEADS_ON or len(name) - (name[0].lower() in _STARTS_NAME) < 2:
        return None  # one word ("The offsite") says too little: a leading clause may say more
    return capitalise(" ".join(name)) or None


def _leading_clause(words: list[str]) -> str | None:
    """The longest start of the sentence, up to eight words, that ends before a preposition or conjunction and
    holds a verb ("I will be about twenty minutes late" to the standup …)."""
    for end in range(min(_WHOLE, len(words) - 1), 2, -1):
        head, nxt = words[:end], words[end].lower()
        last = head[-1].lower().rstrip(",")
        passive = (past_base(last) is not None and _finite(head[-2])) or head[-2].lower() == "been"  # "is moved"
        ends_on_verb = _finite(last) or (past_base(last) is not None and not passive)
        ends_on_verb = ends_on_verb or (last.endswith("ing") and nxt == "to")
        if nxt not in _BOUNDARY or last in _LEADS_ON or ends_on_verb or head[-1].endswith(","):
            continue
        if any(w.lower() in _OPENS_CLAUSE for w in head[1:]):
            return None  # a clause opened inside ("told that we are …") is not cut
        said = "'" in head[0] and _finite(head[0])  # "I'll be 10 minutes late": the verb is in the contraction
        if said or any(_finite(w) or past_base(w) is not None for w in head[1:]):
            return capitalise(" ".join(head))
    return None
