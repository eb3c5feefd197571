"""Words added to (or put as) an event's description: "add to that call's description: liability + renewal
clauses", "put 'bring the pricing sheet' in the agenda of thursday's sync", "set the acme call description to
contract redlines". The event is found by the words that name it; the words to add are kept as typed. Before, such
a request was read as a new event ("Create the event 'Meeting'")."""

from dataclasses import dataclass

from planning.understanding.cues import Words, cues
from planning.understanding.words import FUNCTION_WORDS, PRONOUNS, TIME_WORDS

_MARKS = frozenset({":", "-", "–", "—"})


@dataclass(frozen=True, slots=True)
class DescriptionChange:
    event: str  # the words naming the event ("that call's" → "that call")
    text: str  # the words to add or put
    append: bool  # added to what it says, or put in its place


def description_change(text: str) -> DescriptionChange | None:
    """The description change ``text`` asks for; None when it asks none."""
    words = Words.of(text)
    noun = cues("event_description_nouns").find(words)
    if noun is None or noun.start == 0:
        return None
    verb = _verb(words, noun.start)
    if verb is None:
        return None
    append, verb_end = verb
    named = _named_before(words, verb_end, noun.start) or _named_after(words, noun.end)
    if named is None:
        return None
    start, end = named
    said = _said(words, verb_end, start, max(end, noun.end), append)
    event = " ".join(_without_possessive(w) for w in words.words[start:end])
    if not said or not event:
        return None
    return DescriptionChange(event=event, text=said, append=append)


def _verb(words: Words, before: int) -> tuple[bool, int] | None:
    """Whether the first verb before the noun adds (True) or replaces (False), and where it ends."""
    for index in range(before):
        added, put = cues("description_add_verbs").at(words, index), cues("description_set_verbs").at(words, index)
        found = added or put
        if found is not None:
            return added is not None, found.end
    return None


def _named_before(words: Words, after: int, noun: int) -> tuple[int, int] | None:
    """ "… to that call's description", "… in the acme call agenda": the words after the last link before the noun."""
    link = max((i for i in range(after, noun) if cues("description_links").at(words, i) is not None), default=None)
    start = after if link is None else link + 1
    if start >= noun or any(words.words[i] in _MARKS or not words.is_word(i) for i in range(start, noun)):
        return None
    return (start, noun) if _names_something(words, start, noun) else None


def _named_after(words: Words, noun_end: int) -> tuple[int, int] | None:
    """ "the description of the acme call: …": the words after "of" up to a mark, a link or the end."""
    of = cues("description_of").at(words, noun_end) if noun_end < len(words) else None
    if of is None:
        return None
    end = of.end
    while end < len(words) and words.is_word(end) and cues("description_links").at(words, end) is None:
        if end > of.end and _dash_before(words, end):
            break
        end += 1
    return (of.end, end) if _names_something(words, of.end, end) else None


def _names_something(words: Words, start: int, end: int) -> bool:
    """Whether tokens ``start`` to ``end`` hold a word other than an article or a pronoun ("the" names nothing)."""
    return any(words.words[i] not in FUNCTION_WORDS | PRONOUNS for i in range(start, end))


def _said(words: Words, verb_end: int, event_start: int, named_end: int, append: bool) -> str:
    """The words to add: after a colon or dash past the event's name, else between the verb and the link ("add X to
    …"), else after "to" past it ("set … to X")."""
    for index in range(named_end, len(words)):
        if words.words[index] in _MARKS:
            return words.text_of(index + 1).strip()
        if _dash_before(words, index):
            return words.text_of(index).strip()
    if append:
        link = event_start - 1
        while link > verb_end and cues("description_links").at(words, link) is None:
            link -= 1
        return words.text_of(verb_end, link).strip(" '\"") if link > verb_end else ""
    to = next((i for i in range(named_end, len(words)) if words.words[i] == "to"), None)
    return words.text_of(to + 1).strip(" '\"") if to is not None else ""


def _dash_before(words: Words, index: int) -> bool:
    """Whether a mark the tokens leave out (a dash) stands between token ``index`` and the one before it."""
    gap = words.text[words.char_end(index - 1) : words.char_start(index)] if index > 0 else ""
    return bool(gap.strip()) and gap != gap.strip()  # set off by spaces: "a - b", not "250-seat"


def _without_possessive(word: str) -> str:
    return word[:-2] if word.endswith("'s") and word[:-2] not in TIME_WORDS else word


def named_event(event: str) -> str:
    """The words naming an event as a request to find it reads them: no pointing word first ("that call" → "call"),
    a day said as its owner after it ("tomorrow's acme call" → "acme call tomorrow")."""
    words = [w for w in event.split() if w]
    while words and words[0].casefold() in cues("file_determiners"):
        words = words[1:]
    days = [w[:-2] for w in words if w.endswith("'s") and w[:-2].casefold() in TIME_WORDS]
    rest = [w for w in words if not (w.endswith("'s") and w[:-2].casefold() in TIME_WORDS)]
    return " ".join([*rest, *days])


def description_text_start(text: str) -> int | None:
    """Where the words to add start in ``text`` when a colon or dash sets them off ("add to the call's description:
    liability, get laura's ok …"): one clause's words, however many clauses they look like; None otherwise."""
    change = description_change(text)
    if change is None:
        return None
    at = text.find(change.text)
    marked = at > 0 and any(mark in text[:at].rstrip()[-1:] for mark in _MARKS)
    return at if marked else None
