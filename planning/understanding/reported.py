"""What an email says to its recipient when the request reports it (trial 2): "asking if he can cover the review"
→ "Can you cover the review?", "asking her to send the slides" → "Could you send the slides?", "telling him the
deck is ready" → "The deck is ready", "to let her know she's invited" → "You're invited".

The person asked or told becomes "you" (he/she for one recipient, they for several, or the pronoun the request
names: "asking them if they …"); a question that cannot be turned round surely is asked as "Could you let me know
whether …?" rather than guessed."""

from collections.abc import Callable
from dataclasses import dataclass

from planning.understanding.cues import Found, Words, cues
from planning.understanding.verbforms import AUXILIARIES, HAVE, is_participle, past_base, present_base
from planning.understanding.word_lists import words as word_list

_CLOSING = ",.;:!?"  # marks that close a clause or a noun phrase
_FAMILIES = {
    "him": {"he": "you", "him": "you", "his": "your", "himself": "yourself"},
    "her": {"she": "you", "her": "you", "hers": "yours", "herself": "yourself"},
    "them": {"they": "you", "them": "you", "their": "your", "theirs": "yours", "themselves": "yourselves"},
}
_SUBJECTS = frozenset({"i", "you", "we", "they", "he", "she", "it", "there"})
_ADVERBS = frozenset("already still ever also really actually definitely just finally even now yet".split())
_CONTRACTED = {"'re": "are", "'m": "am", "'ll": "will", "'ve": "have"}
# words after "her" that show it is an object ("ask her about"), not a possessive ("her comments")
_NOT_A_NOUN = frozenset(
    "to for on at in by with from about before after until if whether that and or but so the a an this "
    "today tomorrow tonight know through thru over into up out off back around along down".split()
)
_NP_STOP = frozenset(
    "on at by for before after until till to in with from about and or but so if when while because "
    "today tomorrow tonight this next".split()
)
_DETERMINERS = frozenset("the a an our your my this that these those their his her its".split())
_PARTICLES = frozenset("over out up back along across".split())
_CHANNEL_MARKS = frozenset(",:-\u2013\u2014")  # marks between the way the news goes and the news
_WHOLE_TOPIC = 8  # a question said in at most this many words is the mail's topic as it is


@dataclass(frozen=True, slots=True)
class Message:
    body: str
    start: int  # where the reporting words begin in the request ("asking if …")
    # what a question or request is about ("Globex pricing review"), for a subject when the body is long
    topic: str | None = None


@dataclass(frozen=True, slots=True)
class _Reported:
    """Reporting words found: where they start, the pronoun of the person told, the words said, and the "if" or
    "whether" of a question."""

    start: int
    pronoun: str | None
    clause: str
    whether: str | None = None


def _person_told(words: Words, at: int, people: tuple[str, ...]) -> tuple[str | None, int]:
    """The pronoun of the person asked or told at word ``at`` and where the words after it begin: "him" → ("him",
    at + 1); the name of one of ``people`` ("ask john smith when …") → (None, after the name); else (None, at)."""
    seq = words.words
    if at < len(seq) and seq[at] in cues("recipient_pronouns"):
        return seq[at], at + 1
    for person in sorted(people, key=lambda p: -len(p.split())):
        name = tuple(person.lower().split())
        if name and tuple(w.lower() for w in seq[at : at + len(name)]) == name:
            return None, at + len(name)
    return None, at


def _question(words: Words, verb: Found, people: tuple[str, ...] = ()) -> _Reported | None:
    """ "asking (him) if he can cover the review", "ask dana when the room is free"."""
    seq = words.words
    pronoun, at = _person_told(words, verb.end, people)
    asked = seq[at] in cues("whether_words") or seq[at] in word_list("asked_question_words") if at < len(seq) else False
    if verb.value != "ask" or at + 1 >= len(seq) or not asked:
        return None
    return _Reported(words.char_start(verb.start), pronoun, words.text[words.char_start(at + 1) :], seq[at])


def _request(words: Words, verb: Found, people: tuple[str, ...] = ()) -> _Reported | None:
    """ "asking her to send the slides", "tell them to join", "ask kim to …"; "ask him for the deck" (``for``)."""
    seq = words.words
    pronoun, at = _person_told(words, verb.end, people)
    if verb.value not in ("ask", "tell") or at == verb.end or at + 1 >= len(seq):
        return None
    if seq[at] == "for" and verb.value == "ask":
        return _Reported(words.char_start(verb.start), pronoun, words.text[words.char_start(at + 1) :], "for")
    if seq[at] != "to":
        return None
    return _Reported(words.char_start(verb.start), pronoun, words.text[words.char_start(at + 1) :])


def _statement(words: Words, verb: Found, people: tuple[str, ...] = ()) -> _Reported | None:
    """ "telling him (that) the deck is ready", "to let her know (that) she's invited"."""
    seq, at = words.words, verb.end
    if verb.value not in ("tell", "let") or at >= len(seq) or seq[at] not in cues("recipient_pronouns"):
        return None
    pronoun, at = seq[at], at + 1
    if verb.value == "let":
        if at >= len(seq) or seq[at] != "know":
            return None
        at += 1
    channel = cues("told_channels").at(words, at) if at < len(seq) else None  # "let her know by email - …"
    if channel is not None:
        at = channel.end
        while at < len(seq) and seq[at] in _CHANNEL_MARKS:
            at += 1
        if at < len(seq) and cues("said_leads").at(words, at) is not None:
            return None  # "- just say sorry for the shuffle": the words after the lead, read as said
    at += 1 if at + 1 < len(seq) and seq[at] == "that" else 0
    if at >= len(seq) or seq[at] == "to" or (verb.value == "let" and seq[at] in cues("whether_words")):
        return None
    return _Reported(words.char_start(verb.start), pronoun, words.text[words.char_start(at) :])


def _first(
    words: Words, read: Callable[[Words, Found, tuple[str, ...]], _Reported | None], people: tuple[str, ...]
) -> _Reported | None:
    verbs = cues("reporting_verbs").find_all(words)
    return next((found for found in (read(words, verb, people) for verb in verbs) if found), None)


def message(text: str, *, several: bool, people: tuple[str, ...] = ()) -> Message | None:
    """The body to send, said to the recipient, when ``text`` reports it; None when it does not. ``people``: the
    names of the recipients as said, which may stand where a pronoun would ("ask dana if …")."""
    words = Words.of(text)
    question, request, statement = (_first(words, read, people) for read in (_question, _request, _statement))
    found = [r for r in (question, request, statement) if r is not None]
    if not found:
        return None
    first = min(found, key=lambda r: r.start)
    clause = _clean(first.clause).split()
    said = _shift(clause, _family(first.pronoun, several, _says_him_or_her(clause)))
    if first is question and first.whether and first.whether in word_list("asked_question_words"):
        turned = _inverted(said)  # "when we can expect payment" → "When can we expect payment?"
        if turned is not None:
            return Message(f"{_upper_first(first.whether)} {turned[0][:1].lower()}{turned[0][1:]}", first.start)
        return Message(f"Could you let me know {first.whether} {' '.join(said)}?", first.start)
    if first is question and first.whether:
        asked = _inverted(said)
        if asked is None:  # the question as it was said is what the mail is about, when short enough
            topic = " ".join(said) if len(said) <= _WHOLE_TOPIC else None
            return Message(f"Could you let me know {first.whether} {' '.join(said)}?", first.start, topic)
        body, verb_at = asked
        return Message(body, first.start, _object(body.rstrip("?").split(), verb_at))
    if first is request and first.whether == "for":  # "ask him for the final figures": what is asked for
        body = "Could I have " + " ".join(said) + "?"
        return Message(body, first.start, _object(body.rstrip("?").split(), 2))
    if first is request:
        body = "Could you " + " ".join(said) + "?"
        return Message(body, first.start, _object(body.rstrip("?").split(), 2))
    return Message(_upper_first(" ".join(said)), first.start) if said else None


def with_asked(body: str, *, several: bool) -> str:
    """A text that goes on to ask something ("it was good to see you and ask if she's free monday") as the words
    said, then the question asked of the recipient ("It was good to see you. Are you free monday?"); else as it is."""
    words = Words.of(body)
    for verb in cues("reporting_verbs").find_all(words):
        if verb.value != "ask" or verb.start < 2 or words.words[verb.start - 1] != "and":
            continue
        asked = message(words.text[words.char_start(verb.start) :], several=several)
        said = words.text[: words.char_start(verb.start - 1)].rstrip(_CLOSING + " ")
        if asked is not None and asked.start == 0 and said:
            return f"{_upper_first(said)}. {asked.body}"
    return body


def asked_of(clause: str, *, pronoun: str | None, several: bool, start: int = 0) -> Message:
    """What is asked of the recipients, said to them: "bring his laptop" asked of him → "Could you bring your
    laptop?" (``start``: where the request's words that ask it begin)."""
    words = _clean(clause).split()
    said = _shift(words, _family(pronoun, several, _says_him_or_her(words)))
    body = "Could you " + " ".join(said) + "?"
    return Message(body, start, _object(body.rstrip("?").split(), 2))


def addressed(statement: str, *, several: bool) -> str:
    """A statement for the recipient said to them: "She's on the panel" → "You're on the panel"."""
    return _upper_first(" ".join(_shift(statement.split(), _family(None, several))))


def _family(pronoun: str | None, several: bool, gendered: bool = True) -> dict[str, str]:
    """The pronouns that stand for the recipients: those of ``pronoun`` when the request names one; else they/them
    for several; for one, he/him and she/her, and them/their too when the words say no "he" nor "she" ("ask peter
    if the pilot works for them": him and his team, "you"; "if they approved the quote": others, kept)."""
    if pronoun:
        return _FAMILIES[pronoun.lower()]
    if several:
        return _FAMILIES["them"]
    theirs = {} if gendered else {k: v for k, v in _FAMILIES["them"].items() if k != "they"}
    return {**_FAMILIES["him"], **_FAMILIES["her"], **theirs}


def _says_him_or_her(words: list[str]) -> bool:
    """Whether ``words`` hold a pronoun of one man or one woman ("he", "her", "his" …)."""
    singular = {**_FAMILIES["him"], **_FAMILIES["her"]}
    return any(word.lower().strip(_CLOSING).partition("'")[0] in singular for word in words)


def _clean(clause: str) -> str:
    return clause.replace("’", "'").rstrip(_CLOSING + " \t\n").strip()


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _shift(words: list[str], family: dict[str, str]) -> list[str]:
    """The recipient's pronouns as "you", and the verb after a subject that became "you" agreeing with it."""
    out: list[str] = []
    agree = False
    for i, word in enumerate(words):
        core = word.rstrip(_CLOSING + ")")
        punct = word[len(core) :]
        low = core.lower()
        base, _, rest = low.partition("'")
        suffix = "'" + rest if rest else ""
        nxt, after = (words[j].lower() if j < len(words) else "" for j in (i + 1, i + 2))
        if base in family and base in ("he", "she", "they"):
            shifted = "you" + _agreed_contraction(suffix, nxt, after)
            agree = base != "they" and not suffix
        elif low in family:
            shifted = family[low]
            if low == "her" and nxt and not punct and nxt not in _NOT_A_NOUN and nxt.isalpha():
                shifted = "your"
            agree = False
        elif agree and low in _ADVERBS:
            shifted = core
        elif agree:
            shifted = _agreed(core)
            agree = False
        else:
            shifted = core
        out.append(_same_case(core, shifted) + punct)
    return out


def _agreed_contraction(suffix: str, nxt: str, after: str) -> str:
    if suffix == "'s":
        return "'ve" if _has_before(nxt, after) else "'re"
    return suffix


def _has_before(word: str, after: str) -> bool:
    """ "'s" is "has" before "been", "got", "seen" … and before "-ed" with an object ("she's booked the room");
    else "is" ("she's invited to …", "he's free")."""
    if not is_participle(word):
        return False
    return not word.endswith("ed") or after.lower() in _DETERMINERS | {"it", "them", "us", "me", "you"}


def _agreed(verb: str) -> str:
    low = verb.lower()
    if low.endswith("n't"):
        fixed = {"isn't": "aren't", "wasn't": "weren't", "hasn't": "haven't", "doesn't": "don't"}.get(low)
        return fixed or verb
    if low in AUXILIARIES and low not in ("is", "was", "does"):
        return verb
    return present_base(verb) or verb


def _same_case(original: str, shifted: str) -> str:
    return shifted[:1].upper() + shifted[1:] if original[:1].isupper() and shifted != original else shifted


def _inverted(words: list[str]) -> tuple[str, int] | None:
    """ "you can cover X" → ("Can you cover X?", index of the verb after the subject); None when unsure."""
    words = _expanded(words)
    if not words:
        return None
    if words[0].lower() in _SUBJECTS:
        subject_end = 1
    else:
        subject_end = next((j for j, w in enumerate(words[:7]) if j and w.lower() in AUXILIARIES | HAVE), 0)
        if not subject_end or any(w.lower() in _SUBJECTS | {"that", "which", "who"} for w in words[:subject_end]):
            return None
    subject = words[:subject_end]
    if subject[0].lower() != "i" and subject[0].lower() in _SUBJECTS:
        subject = [subject[0].lower()]
    k = subject_end
    adverbs = []
    while k < len(words) and words[k].lower() in _ADVERBS:
        adverbs.append(words[k])
        k += 1
    if k >= len(words):
        return None
    verb, rest = words[k], words[k + 1 :]
    low = verb.lower()
    pronoun = subject[0].lower() if subject_end == 1 and subject[0].lower() in _SUBJECTS else None
    if low in AUXILIARIES or (low in HAVE and rest and is_participle(rest[0])):
        lead, base = verb, []
    elif low in HAVE:
        lead, base = ("Did" if low == "had" else "Does" if low == "has" else "Do"), ["have"]
    elif pronoun is None:
        return None
    elif (past := past_base(verb)) is not None:
        lead, base = "Did", [past]
    elif pronoun in ("he", "she", "it") and (present := present_base(verb)) is not None:
        lead, base = "Does", [present]
    elif pronoun in ("i", "you", "we", "they") and low.isalpha() and not low.endswith(("ed", "ing")):
        lead, base = "Do", [low]
    else:
        return None
    asked = [_upper_first(lead.lower()), *subject, *adverbs, *base, *rest]
    return " ".join(asked) + "?", 1 + len(subject) + len(adverbs) + len(base)


def _expanded(words: list[str]) -> list[str]:
    """The first contraction spelled out ("you're free" → "you are free"), so the verb can lead the question."""
    if not words:
        return words
    base, sep, rest = words[0].partition("'")
    if not sep:
        return words
    nxt, after = (words[j].lower() if j < len(words) else "" for j in (1, 2))
    suffix = "'" + rest.lower()
    if suffix in _CONTRACTED:
        verb = _CONTRACTED[suffix]
    elif suffix == "'s":
        verb = "has" if _has_before(nxt, after) else "is"
    elif suffix == "'d":
        verb = "had" if is_participle(nxt) else "would"
    else:
        return words
    return [base, verb, *words[1:]]


def _object(words: list[str], verb_end: int) -> str | None:
    """The noun phrase after the verb ("cover the Globex pricing review on Wednesday" → "the Globex pricing
    review"), if it has a determiner and two words or more besides. ``verb_end``: where the verb or, after a
    leading auxiliary, the word before it ends."""
    k = verb_end
    if k < len(words) and words[k].lower() not in _DETERMINERS:
        k += 1  # the verb after a leading auxiliary ("Can you cover the …")
    while k < len(words) and words[k].lower() in _PARTICLES:
        k += 1
    if k >= len(words) or words[k].lower() not in _DETERMINERS:
        return None
    end = k + 1
    while end < len(words) and words[end].lower() not in _NP_STOP and not words[end - 1].endswith(tuple(_CLOSING)):
        end += 1
    phrase = words[k:end]
    return " ".join(phrase).rstrip(",.;:!?") if len(phrase) >= 3 else None
