"""Where an event happens: the tagger's place, widened to the phrase that names it, or the phrase after a word
that leads a place ("at tomo in arcata", "at jack's place", "go to the library"), or a place set as a field ("set
the location to my sister's house").

Words are data (``data/place_leads.txt``, ``place_ends.txt``, ``not_places.txt``, ``place_fields.txt``); the
tokens are the scanner's of ``commands``. Pure.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from planning.understanding.commands._words import Token, tokens
from planning.understanding.learned.features import word_classes
from planning.understanding.learned.tagger import SlotSpan
from planning.understanding.word_lists import listed, words
from planning.understanding.words import FUNCTION_WORDS, PRONOUNS, TIME_WORDS

PLACE_SURE = 0.3  # the tagger's least marginal probability for a span taken as a place (a wrong place is shown on
# the card; a missed one is lost)
_MOST_WORDS = 6
_SETTERS = frozenset({"to", "is", "as", ":", "=", "be"})


@dataclass(frozen=True, slots=True)
class Place:
    text: str
    start: int
    end: int


def location(
    text: str,
    found: Sequence[SlotSpan],
    *,
    times: Sequence[tuple[int, int]],
    people: Sequence[str],
    said_freely: bool,
) -> Place | None:
    """The event's place in ``text`` (as written). ``found``: the tagger's spans of ``text``; ``times``: the
    character spans read as times; ``people``: the people read; ``said_freely``: whether a place after a leading
    word counts without the tagger (a new event: yes; a change to one: only a place set as a field)."""
    toks = tokens(text)
    blocked = _blocked(toks, times, people)
    field = _set_as_field(text, toks, blocked)
    if field is not None:
        return field
    phrases = [p for i in range(len(toks)) if (p := _led_phrase(text, toks, blocked, i)) is not None]
    for span in found:
        if span.kind == "place_name" and span.probability >= PLACE_SURE:
            around = next((p for p in phrases if p.start <= span.start and span.end <= p.end), None)
            place = around or Place(span.text, span.start, span.end)
            if _names_no_place(place):  # "details are in tom's email": the tagger's span too
                continue
            if said_freely or _made_the_target(toks, place):
                return place
    for span in found:  # a business named right after "at" or "in" ("lunch at Blue Bottle")
        around = next((p for p in phrases if p.start <= span.start and span.end <= p.end), None)
        if span.kind == "business_name" and around is not None and said_freely:
            return around
    return phrases[0] if phrases and said_freely else None


def _names_no_place(place: Place) -> bool:
    """ "details are in tom's email": a mail or a calendar that holds the details, no place to meet, whichever reader
    found it: its last word is one of data/not_places.txt (as a led phrase's head is, ``_names_a_place``)."""
    said = tokens(place.text)
    return bool(said) and said[-1].word.casefold() in words("not_places")


def _made_the_target(toks: Sequence[Token], place: Place) -> bool:
    """Whether a change makes ``place`` the event's new place ("move my 3pm to the office"), rather than naming
    the event by where it is ("move my 3pm at the office to 4pm"): a word of ``place_targets`` leads it."""
    first = next((i for i, t in enumerate(toks) if t.start >= place.start), len(toks))
    before = tuple(t.word for t in toks[:first])
    return any(before[len(before) - len(phrase) :] == phrase for phrase, _ in listed("place_targets").entries)


def _blocked(toks: Sequence[Token], times: Sequence[tuple[int, int]], people: Sequence[str]) -> list[bool]:
    """Per token: whether it is part of a time, or a person's name that ends the words (a name followed by more of
    them owns the place: "jack's place", "my sisters house", "dr greens office")."""
    named = {w for person in people for w in (t.word for t in tokens(person))}
    in_time = [any(s < t.end and t.start < e for s, e in times) for t in toks]
    ends = words("place_ends")
    out: list[bool] = []
    for i, t in enumerate(toks):
        follows = i + 1 < len(toks) and not in_time[i + 1] and toks[i + 1].word not in ends | named
        owner = t.word.endswith("'s") or (follows and toks[i + 1].word[0].isalnum())
        out.append(in_time[i] or (t.word in named and not owner))
    return out


def _led_phrase(text: str, toks: Sequence[Token], blocked: Sequence[bool], i: int) -> Place | None:
    """The place after a leading word at token ``i`` ("at", "in", "go to"), if one follows."""
    words_ = tuple(t.word for t in toks)
    if i > 0 and words_[i - 1] in ("look", "looking", "glance"):  # "look at my calendar": no place
        return None
    lead = listed("place_leads").at(words_, i)
    if lead is None:
        return None
    return _phrase(text, toks, blocked, i + lead[0])


def _phrase(text: str, toks: Sequence[Token], blocked: Sequence[bool], first: int) -> Place | None:
    ends = words("place_ends")
    last = first
    while last < len(toks) and last - first < _MOST_WORDS:
        word = toks[last].word
        if blocked[last] or word in ends or not (word[0].isalnum() or word == "'"):
            break
        last += 1
    if last == first:
        return None
    said = [t.word for t in toks[first:last]]
    if not _names_a_place(said):
        return None
    return Place(text[toks[first].start : toks[last - 1].end], toks[first].start, toks[last - 1].end)


def _names_a_place(said: Sequence[str]) -> bool:
    """Whether the words name a place: something besides small words, times and pronouns, whose last word is no
    calendar, no manner ("in person") and no kind of event ("at the meeting")."""
    small = FUNCTION_WORDS | PRONOUNS | TIME_WORDS | words("not_places")
    head = said[-1]
    if _labelled(said, small):
        return True
    if head in small or word_classes().get(head) == "event" or head.isdigit():
        return False
    return any(w not in small and not w.isdigit() for w in said)


def _labelled(said: Sequence[str], small: frozenset[str] | set[str]) -> bool:
    """A place named by a noun and its label: a letter or a short number ("conf room a", "building 4", "floor
    2b"); the noun is no small word and no event ("the call 2" is none)."""
    if len(said) < 2:
        return False
    label, noun = said[-1], said[-2]
    short = (len(label) == 1 and label.isalpha()) or (label[:1].isdigit() and len(label) <= 3 and label.isalnum())
    nouny = noun.isalpha() and noun not in small and word_classes().get(noun) != "event"
    return short and nouny


def _set_as_field(text: str, toks: Sequence[Token], blocked: Sequence[bool]) -> Place | None:
    """A place set as a field: "set the location to …", "venue: …", "where: …"."""
    fields = words("place_fields")
    for i, t in enumerate(toks[:-1]):
        if t.word in fields and toks[i + 1].word in _SETTERS:
            place = _phrase(text, toks, blocked, i + 2)
            if place is not None:
                return place
    return None
