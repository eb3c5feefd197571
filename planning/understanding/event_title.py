"""An event's title, read from a clause without its times: a title said as such ("called …") or in quotes, what one is
to be reminded of, the tagger's event name, the event's noun phrase ("baseball practice", "lunch meetings"), what a
generic one is for ("a meeting for paul's retirement"), what a booking verb books.

Generic words ("event", "meeting", "reminder") are no title when more is said; recurrence words ("every") and
time words never are. Words are data (``data/event_kinds.txt``, ``generic_events.txt``, ``meeting_kinds.txt``,
``reminder_cues.txt``, ``title_leads.txt``).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from planning.understanding import names, phrases
from planning.understanding.booked_title import booked
from planning.understanding.commands._words import Token, tokens
from planning.understanding.cues import Words, cues
from planning.understanding.lead_spans import Atoms
from planning.understanding.learned.features import word_classes
from planning.understanding.learned.tagger import SlotSpan
from planning.understanding.learned.tagger_lazy import tagged
from planning.understanding.quoted_words import quoted_words
from planning.understanding.word_lists import listed, words
from planning.understanding.words import FUNCTION_WORDS, PRONOUNS, TIME_WORDS, VERBS, WEEKDAYS

SURE = 0.5  # the tagger's least marginal probability for a span taken as a title
_MODIFIERS = 2  # words before or after an event's kind that belong to its name ("q3 planning", "lunch meetings")


def title(text: str, people: Sequence[str], found: Sequence[SlotSpan]) -> str | None:
    """``text``: the clause without its times (and repeats); ``people``: the people read; ``found``: the tagger's
    spans of the clause as written."""
    called = phrases.called_title(text)
    if called:
        return called
    quoted = quoted_words(text)  # 'book "budget sync w/ priya" tomorrow 3pm': the title, as quoted
    if quoted is not None:
        return quoted
    reminded = reminded_of(text)
    if reminded is not None:
        return reminded
    named = _named_event(found)
    if named is not None:
        return phrases.capitalise(named)
    toks = tokens(text)
    blocked = _names(toks, people)
    noun = _event_noun(toks, blocked)
    topic = _topic(text, noun)  # "a call with Maria to discuss the renewal terms" → "Renewal terms"
    named_at = min(topic[0], toks[noun.first].start if noun is not None else topic[0]) if topic is not None else 0
    first = _purpose_before(text, toks, blocked, named_at) if topic is not None else None
    if first is not None:  # "block fri for focus time, need to finish the questionnaire": the reason is no title
        return first
    if topic is not None and (noun is None or noun.plain or not text[noun.end : topic[0]].strip()):
        about = _strip_times(text[topic[0] : topic[1]])
        if noun is not None and noun.plain and not noun.generic and about:  # "a sync about the roadmap"
            return phrases.capitalise(f"{text[toks[noun.first].start : noun.end]} about {about}")
        worded = any(t.word not in FUNCTION_WORDS for t in tokens(about))
        kind = phrases.purpose_kind(text) if worded else None  # "30 min to prep globex" → "Globex prep"
        return phrases.capitalise(f"{about} {kind}" if kind else about) or None
    if noun is not None:
        return _noun_title(text, toks, blocked, noun)
    purpose = _purpose(text, toks, blocked, 0) or _kind_alone(text)
    if purpose is not None:
        return purpose
    thing = booked(text)
    if thing is not None:
        with_who = _with_whom(text[thing[1] :])
        return phrases.capitalise(f"{thing[0]} with {with_who}" if with_who else thing[0])
    return _wished(text)


def _topic(text: str, noun: "_Noun | None") -> tuple[int, int] | None:
    """Where what the event is about is said. A pronoun ("… to walk through it") is what an earlier request was
    about (the parser names it), unless a kind of event is said: then the kind names it ("a check-in w/ john …, if
    not don't worry about it")."""
    topic = phrases.topic_span(text)
    if topic is None or (noun is not None and text[topic[0] : topic[1]].strip(" ,.!?").lower() in PRONOUNS):
        return None
    return topic


def for_oneself(text: str) -> bool:
    """Whether the request asks to be reminded (a reminder is for the requester: no attendees). A cue of the
    reminder itself ("= thing": "a reminder to call X", "a reminder for the visa form") is for the requester
    unless the person it is for follows it ("a reminder to priya to send the deck")."""
    toks = tokens(text)
    said = tuple(t.word for t in toks)
    leads = listed("reminder_cues")
    for i in range(len(said)):
        cue = leads.at(said, i)
        if cue is None:
            continue
        if cue[1] == "self" or (cue[1] == "thing" and not _for_someone(text, toks, i + cue[0])):
            return True
    return False


def _for_someone(text: str, toks: Sequence[Token], after: int) -> bool:
    """Whether a person or a relation (not a possessive: "a reminder for mom's birthday") is named right at
    token ``after``."""
    if after >= len(toks):
        return False
    start = toks[after].start
    for span in tagged(text):
        if span.kind in ("person", "relation") and span.start == start:
            return not text[span.end :].startswith(("'", "’"))
    return False


def reminded_of(text: str) -> str | None:
    """What the request asks to be reminded of ("remind me to call the bank", "a reminder to pick up my dog")."""
    toks = tokens(text)
    said = tuple(t.word for t in toks)
    leads = listed("reminder_cues")
    for i in range(len(toks)):
        cue = leads.at(said, i)
        if cue is None or i + cue[0] >= len(toks):
            continue
        what = _strip_times(text[toks[i + cue[0]].start :])
        if what and what.lower() not in PRONOUNS:  # "… remind me": nothing is said after it
            return phrases.capitalise(what)
    return _reminder_to_later(text, toks)


def _reminder_to_later(text: str, toks: Sequence[Token]) -> str | None:
    """ "put a reminder on my cal for friday at 4 to rebook it": the noun of a reminder (the first word of a
    data/reminder_cues.txt phrase for the thing reminded of, "reminder to"), then where it is put, then "to" and
    what to do, in one clause."""
    said = tuple(t.word for t in toks)
    nouns = {phrase[0] for phrase, value in listed("reminder_cues").entries if value == "thing" and len(phrase) > 1}
    start = next((i for i, word in enumerate(said) if word in nouns), None)
    if start is None:
        return None
    for i in range(start + 1, len(said) - 1):
        if not said[i][:1].isalnum():
            return None  # the clause ended
        if said[i] == "to" and said[i + 1] not in FUNCTION_WORDS | PRONOUNS | TIME_WORDS:
            what = _strip_times(text[toks[i + 1].start :])
            return phrases.capitalise(what) if what else None
    return None


@dataclass(frozen=True, slots=True)
class _Noun:
    first: int  # token indexes, end exclusive
    last: int
    end: int  # character end
    generic: bool  # only words such as "event", "meeting"
    plain: bool  # only a kind of meeting ("call", "quick sync"): a topic names it better


def _event_noun(toks: Sequence[Token], blocked: Sequence[bool]) -> _Noun | None:
    said = tuple(t.word for t in toks)
    for i in range(len(toks)):
        size = _kind_at(said, i)
        if size == 0 or (i == 0 and said[i] in VERBS and said[i + 1 : i + 2] not in (("with",), ("w",))):
            continue  # "call person a for the meeting": a verb, not a call
        first, last = i, i + size
        if i > 0 and said[i - 1] in _NAMING_TIMES:  # "monday meeting", "the evening program": part of its name
            first -= 1
        while first > 0 and i - first < _MODIFIERS and _may_name(said[first - 1], blocked[first - 1]):
            first -= 1
        # after it: more kinds ("lunch meetings"), or, after a generic word, what it is ("event baseball practice")
        apposition = all(w in words("generic_events") for w in said[i : i + size])
        while last < len(toks) and last - (i + size) < _MODIFIERS:
            more = _kind_at(said, last) or (1 if apposition and _may_name(said[last], blocked[last]) else 0)
            if not more:
                break
            last += more
        inside = said[first:last]
        generic = all(_singular(w) in words("generic_events") or w in words("generic_events") for w in inside)
        plain = all(w in words("generic_events") or w in words("meeting_kinds") for w in inside)
        return _Noun(first, last, toks[last - 1].end, generic, plain)
    return None


def _kind_at(said: tuple[str, ...], i: int) -> int:
    """How many words from ``i`` name a kind of event (0: none)."""
    kinds = listed("event_kinds")
    found = kinds.at(said, i)
    if found is not None:
        return found[0]
    return 1 if i < len(said) and kinds.value((_singular(said[i]),)) is not None else 0


def only_kind(title: str) -> bool:
    """Whether ``title`` names only the kind "something on the calendar" ("Meeting", "my next appointment")."""
    said = [w for w in title.casefold().split() if w not in _ARTICLES]
    return bool(said) and all(w in words("generic_events") for w in said)


def one_of_them(query: str | None) -> str | None:
    """The words an event of a kind said in the plural is found by ("team syncs" → "team sync", "1:1s" → "1:1",
    "parties" → "party"): a title holds the kind once. Only a kind of data/event_kinds.txt is made one; other words
    stay as said ("sales", "analytics", "status")."""
    if not query:
        return query
    head, _, last = query.rpartition(" ")
    said = last.casefold()
    stems = (said[:-3] + "y", said[:-2], said[:-1]) if said.endswith("s") else ()
    one = next((stem for stem in stems if stem in words("event_kinds")), None)
    if one is None:
        return query
    kept = last[: len(one)] if said.startswith(one) else one  # "Syncs" → "Sync", "parties" → "party"
    return f"{head} {kept}".strip()


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _may_name(word: str, blocked: bool) -> bool:
    """Whether a word next to an event's kind may be part of its name ("baseball", "q3", "team"): not a small
    word, a time, a verb ("starting") or a length ("30-minute")."""
    small = FUNCTION_WORDS | PRONOUNS | TIME_WORDS | VERBS | {"w", "w/"}
    return not blocked and word not in small and not _a_verb_form(word) and word[:1].isalpha()


def _a_verb_form(word: str) -> bool:
    """A verb's -ing form ("starting", "going"): no name, of an event or of a person."""
    return word.endswith("ing") and (word[:-3] in VERBS or word[:-3] + "e" in VERBS)


def _names(toks: Sequence[Token], people: Sequence[str]) -> list[bool]:
    named = {t.word for person in people for t in tokens(person)}
    return [t.word in named for t in toks]


def _noun_title(text: str, toks: Sequence[Token], blocked: Sequence[bool], noun: _Noun) -> str | None:
    inside = [t.word for t in toks[noun.first : noun.last]]
    lead = 0
    while lead < len(inside) - 1 and inside[lead] in words("generic_events"):
        lead += 1  # "event baseball practice": the event is the practice
    name = text[toks[noun.first + lead].start : noun.end]
    with_who = _with_whom(text[noun.end :])
    if with_who:
        return phrases.capitalise(f"{name} with {with_who}")
    if noun.generic:  # "a meeting for paul's retirement", "an event for the launch"
        purpose = _purpose(text, toks, blocked, noun.last)
        if purpose is not None:
            return purpose
    return phrases.capitalise(name)


def _purpose(text: str, toks: Sequence[Token], blocked: Sequence[bool], at: int) -> str | None:
    """What the event is for, said after "for" at or after token ``at`` ("for the pool party"), not a person, a
    number or a pronoun."""
    ends = words("place_ends") | VERBS
    for i in range(at, len(toks) - 1):
        if toks[i].word != "for":
            continue
        last = i + 1
        while last < len(toks) and not blocked[last] and toks[last].word not in ends and toks[last].word[0].isalnum():
            last += 1
        said = [t.word for t in toks[i + 1 : last]]
        if said and _us(text[toks[i + 1].start : toks[last - 1].end]):  # "for the two of us": who, not what
            said = []
        if said and not said[0].isdigit() and any(w not in FUNCTION_WORDS | PRONOUNS | TIME_WORDS for w in said):
            return phrases.capitalise(text[toks[i + 1].start : toks[last - 1].end])
        if at > 0:
            return None  # only the "for" right after a generic event
    return None


def _purpose_before(text: str, toks: Sequence[Token], blocked: Sequence[bool], at: int) -> str | None:
    """What the event is for ("for focus time") said in a clause that ends before character ``at`` (a comma, a
    semicolon, a full stop or a dash between them): there, with what the booking says, it names the event; a purpose
    said in a clause after it is the reason it is booked."""
    ends = [i for i, tok in enumerate(toks) if tok.start < at and tok.word in _CLAUSE_MARKS]
    if not ends:
        return None
    head = ends[0]
    return _purpose(text[: toks[head].start], toks[:head], blocked[:head], 0)


_CLAUSE_MARKS = frozenset({",", ";", ".", "-", "–", "—"})


def _us(said: str) -> bool:
    """Whether ``said`` is only words for the requester and others (data/cues/us_pointers.txt: "the two of us")."""
    words_said = Words.of(said)
    found = cues("us_pointers").at(words_said, 0)
    return found is not None and found.end == len(words_said)


def _kind_alone(text: str) -> str | None:
    """The kind of work a purpose verb names when nothing follows it ("block 15 min so i can prep" → "Prep"):
    data/purpose_alone_leads.txt before it, the end or a mark after it."""
    said = Words.of(text)
    seq = said.words
    for at in range(1, len(seq)):
        kind = cues("purpose_kinds").at(said, at)
        if kind is None or seq[at - 1] not in words("purpose_alone_leads"):
            continue
        if kind.end == len(seq) or not said.is_word(kind.end):
            return phrases.capitalise(str(kind.value))
    return None


def _wished(text: str) -> str | None:
    """A request that ends asking to be reminded and names the event only by what one wants to do ("i want to go
    to the outdoor screening remind me" → "Go to the outdoor screening")."""
    toks = tokens(text)
    said = tuple(t.word for t in toks)
    cue = listed("reminder_cues").ending(said)
    if cue is None:
        return None
    leads = listed("title_leads")
    found = (i + lead[0] for i in range(len(toks) - 1, -1, -1) if (lead := leads.at(said, i)) is not None)
    start = next(found, 0)  # after "i want to" if it is said ("olly i want to go to …")
    if start >= len(toks) - cue[0]:
        return None
    what = _strip_times(text[toks[start].start : toks[len(toks) - cue[0] - 1].end])
    return phrases.capitalise(what) or None


def _named_event(found: Sequence[SlotSpan]) -> str | None:
    """The tagger's event title, when it names more than the kind of event ("baseball practice", "Q3 planning",
    not "meeting" or "call": those are titled with whom or what they are about, below)."""
    kinds = word_classes()
    for span in found:
        if span.kind != "event_name" or span.probability < SURE:
            continue
        said = [w for w in span.text.lower().split() if w not in _ARTICLES]
        if said and not all(kinds.get(w.rstrip("s")) == "event" or kinds.get(w) == "event" for w in said):
            toks = tokens(span.text)
            lead = 0  # "appointment dentist cleaning": the appointment is the cleaning
            while lead < len(toks) - 1 and toks[lead].word in words("generic_events") | _ARTICLES:
                lead += 1
            return span.text[toks[lead].start - toks[0].start :] if toks else span.text
    return None


_ARTICLES = frozenset({"a", "an", "the", "my", "our", "your"})
# a weekday or part of the day said right before an event's kind names it ("monday meeting", "evening program");
# the clause keeps it for the title (``naming_times``)
_NAMING_TIMES = WEEKDAYS | frozenset({"morning", "afternoon", "evening", "night"})


def naming_times(text: str, times: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ``times`` of ``text`` that are one weekday or part of the day right before a kind of event: part of
    its name, kept in the title ("put monday meeting on calendar every monday")."""
    toks = tokens(text)
    said = tuple(t.word for t in toks)
    out: list[tuple[int, int]] = []
    for start, end in times:
        inside = [i for i, t in enumerate(toks) if start <= t.start and t.end <= end]
        if len(inside) == 1 and said[inside[0]] in _NAMING_TIMES and _kind_at(said, inside[0] + 1):
            out.append((start, end))
    return out


def _with_whom(after: str) -> str | None:
    """The people named right after the event ("… with Priya on Friday" → "Priya", "… w the berlin team" → "the
    berlin team"), not a pronoun: the words after a word of ``data/with_words.txt`` up to a word of
    ``data/title_stops.txt`` or a mark."""
    toks = tokens(after)
    said = tuple(t.word for t in toks)
    link = listed("with_words").at(said, 0)
    if link is None:
        return None
    last = link[0]
    while last < len(toks) and _a_name_word(said[last]) and listed("title_stops").at(said, last) is None:
        last += 1
    if last == link[0] or (last - link[0] == 1 and said[link[0]] in PRONOUNS):
        return None
    return names.display_name(after[toks[link[0]].start : toks[last - 1].end])


def _a_name_word(word: str) -> bool:
    """A word of whom an event is with: not a mark, nor a verb's -ing form ("with tom starting next week")."""
    return (word[:1].isalnum() or "@" in word) and not _a_verb_form(word)


def _strip_times(text: str) -> str:
    """``text`` up to its time part (a word of data/cues/title_time_cuts.txt after a space, or one of
    title_time_cuts_before_digit.txt one space before a one-digit number), without a word of title_trailing_links.txt
    left at its end; words are where a word boundary puts them."""
    atoms = Atoms.of(text)
    kept = text
    for index, tok in enumerate(atoms.toks):
        if tok.start and text[tok.start - 1].isspace() and _cuts_at(atoms, index):
            kept = text[: tok.start].rstrip()
            break
    kept = kept.rstrip()
    last = Atoms.of(kept).toks[-1:]
    trailing = last and last[0].start and kept[last[0].start - 1].isspace()
    if trailing and last[0].word in cues("title_trailing_links", "atoms"):
        kept = kept[: last[0].start].rstrip()
    return kept.strip(" ,.")


def _cuts_at(atoms: Atoms, index: int) -> bool:
    word = atoms.toks[index].word
    if word in cues("title_time_cuts", "atoms"):
        return True
    after = atoms.toks[index + 1] if index + 1 < len(atoms.toks) else None
    one_digit = after is not None and len(after.word) == 1 and after.word.isdigit()
    spaced = after is not None and atoms.text[atoms.toks[index].end : after.start] == " "
    return one_digit and spaced and word in cues("title_time_cuts_before_digit", "atoms")
