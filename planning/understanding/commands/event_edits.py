"""A change of an event's values said in one clause, wherever the event is (at its card, after it was made): its
length to an amount ("give it 90 minutes", "we only need 20") or by one ("extend it by 15", "make it 10 min
shorter"), its start by an amount ("push it back 15", "move it up half an hour", "an hour later"), its place ("switch
it to room b", "put it at the cafe", "in the big boardroom instead"); with words that limit it to one occurrence of
a repeating event ("…, just today"). A number said without a unit is minutes. The words live in data/ (length_verbs,
length_deltas, length_delta_leads, length_delta_tails, length_tails, shift_verbs, shift_verbs_later, shift_directions,
place_verbs, place_nouns, one_occurrence, edit_leads, question_words)."""

from dataclasses import replace

from planning.understanding.commands._any_day import ANY_DAY
from planning.understanding.commands._days import names_a_day
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.event_change import EventChange
from planning.understanding.commands.values import bare_clock
from planning.understanding.timeexpr import find_times
from planning.understanding.timewords import find_duration

_LONGEST_AMOUNT = 6  # tokens of an amount ("an hour and a half")
_MAX_BARE = 240  # minutes: a number said without a unit is minutes up to this
_SHORTEST = 5  # minutes: a shorter number alone is no length
_LAST_HOUR = 24  # a number alone above it is no hour of the clock: minutes
_LONGEST_PLACE = 7  # tokens of a place ("the big conference room on 3")


def event_edit(reply: Reply) -> EventChange | None:
    """The change of an event one clause says (length, start by an amount, place), limited to one occurrence when
    it says so; None when it says none of them."""
    words = reply.words
    only = _occurrence_at(words)
    if only is not None:
        start, end = only
        kept = reply.toks[:start] + reply.toks[end:]
        while kept and kept[-1].word in (",", "-", "–", "—", ";"):
            kept = kept[:-1]
        reply = Reply(reply.text, kept)
    if any(phrases("question_words").value((w,)) for w in reply.words):
        return None  # "in what room is it?": a question, not a change ("can we push it back 15?" is one)
    change = _read(reply)
    if change is None:
        return None
    return replace(change, one_occurrence=True) if only is not None else change


def one_occurrence(reply: Reply) -> bool:
    """Whether the words limit a change to one occurrence ("yes just today", "only this one")."""
    return _occurrence_at(reply.words) is not None


def _occurrence_at(words: tuple[str, ...]) -> tuple[int, int] | None:
    for index in range(len(words)):
        found = phrases("one_occurrence").at(words, index)
        if found is not None:
            return index, index + found[0]
    return None


def _read(reply: Reply) -> EventChange | None:
    """The change read from the first words, else from the start of a later clause, after the reason said before it
    ("oops, that room's taken - switch it to room 2")."""
    words = reply.words
    starts = [0, *(i + 1 for i, word in enumerate(words) if word in _CLAUSE_MARKS and i + 1 < len(words))]
    if phrases("request_starts").at(words, _past_leads(reply)) is not None:
        starts = [0]  # "book lunch with sam friday. make it an hour": a request of its own, with its length
    for first in starts:
        part = Reply(reply.text, reply.toks[first:])
        start = _past_leads(part)
        for read in (_length_by, _shift, _length_to, _place):
            change = read(part, start) if start < len(part.words) else None
            if change is not None:
                return change
    return None


_CLAUSE_MARKS = frozenset({",", ".", ";", "-", "–", "—", "!"})


def _past_leads(reply: Reply) -> int:
    """Where the words start after those of hesitation and the marks between them ("oops, …", "no wait - …")."""
    words, start, moved = reply.words, 0, True
    while moved:
        after = reply.after("leads", "polite", "edit_leads", start=start)
        while after < len(words) and words[after] in (",", ".", "-", "–", "—", ";", "!"):
            after += 1
        start, moved = after, after > start
    return start


def _end(reply: Reply, start: int) -> int:
    """Where a value from ``start`` ends: before words that add nothing ("instead", "please") and a reason."""
    end = reply.end_before(start, "instead", "polite")
    marks = phrases("reason_marks")
    return next((i for i in range(start + 1, end) if marks.at(reply.words, i) is not None), end)


def _amount(reply: Reply, start: int, end: int) -> tuple[int, int] | None:
    """The amount of time from token ``start`` (not past ``end``): (minutes, the token after it); a number alone is
    minutes ("back 15"). The longest words that read as a length and nothing else."""
    words = reply.words
    best: tuple[int, int] | None = None
    for stop in range(start + 1, min(end, start + _LONGEST_AMOUNT) + 1):
        text = reply.rest(start, stop).lower()
        found = find_duration(text)
        if found is not None and found.span[0] == 0 and found.span[1] >= len(text.rstrip()):
            best = (found.minutes, stop)
    if best is None and start < end and words[start].isdigit() and 0 < int(words[start]) <= _MAX_BARE:
        best = (int(words[start]), start + 1)
    return best


def _minutes(minutes: int) -> str:
    return f"{minutes} minutes"


def _length_to(reply: Reply, start: int) -> EventChange | None:
    """ "give it an hour", "we only need 20", "make it 45 min long": the length it becomes."""
    verb = phrases("length_verbs").at(reply.words, start)
    if verb is None:
        return None
    begin, end = start + verb[0], _end(reply, start + verb[0])
    amount = _amount(reply, begin, end)
    if amount is None or not _only_tails(reply, amount[1], end, "length_tails"):
        return None
    said = reply.rest(begin, amount[1])  # as typed ("an hour"); a number alone is minutes after some verbs
    clock = amount[0] <= _LAST_HOUR  # "make it 2", "make it 14": may be a time; "make it 45" may not
    if said.isdigit() and clock and (verb[1] != "alone" or amount[0] < _SHORTEST):
        return None  # "make it 2": a time
    return EventChange("durationMinutes", _minutes(amount[0]) if said.isdigit() else said)


def _length_by(reply: Reply, start: int) -> EventChange | None:
    """ "extend it by 15", "add 20 minutes to it", "make it 10 min shorter", "give it 15 more": longer or shorter
    by an amount."""
    words = reply.words
    delta = phrases("length_deltas").at(words, start)
    verb = phrases("length_verbs").at(words, start) if delta is None else None
    if delta is None and verb is None:
        return None
    begin = start + (delta or verb or (0, ""))[0]
    extra = phrases("length_delta_leads").at(words, begin) if delta is None else None  # "have it run an extra 15"
    begin += extra[0] if extra is not None else 0
    end = _end(reply, begin)
    amount = _amount(reply, begin, end)
    if amount is None:
        return None
    way = delta[1] if delta is not None else extra[1] if extra is not None else None
    tail = phrases("length_delta_tails").at(words, amount[1]) if amount[1] < end else None
    if tail is not None and tail[1] != "end":
        way = tail[1]
    after = amount[1] + (tail[0] if tail is not None else 0)
    if way is None or not _only_tails(reply, after, end, "length_delta_tails"):
        return None
    signed = amount[0] if way == "longer" else -amount[0]
    return EventChange("durationMinutes", f"{signed:+d} minutes", shift_minutes=signed)


def _shift(reply: Reply, start: int) -> EventChange | None:
    """ "push it back 15", "move it up half an hour", "delay it by 20", "an hour later", "bump it 30 min earlier":
    the start moved by an amount (later: more minutes)."""
    words = reply.words
    verb = phrases("shift_verbs").at(words, start)
    way = verb[1] if verb is not None else "either"
    index = start + (verb[0] if verb is not None else 0)
    direction = phrases("shift_directions").at(words, index) if index < len(words) else None
    if direction is not None:
        way, index = direction[1], index + direction[0]
    if index < len(words) and words[index] == "by":
        index += 1
    end = _end(reply, index)
    amount = _amount(reply, index, end)
    if amount is None:
        return None
    after = amount[1]
    behind = phrases("shift_directions").at(words, after) if after < end else None
    if behind is not None and direction is None:
        way, after = behind[1], after + behind[0]
    said_way = direction is not None or behind is not None or (verb is not None and verb[1] != "either")
    if not said_way and verb is not None and _later_unsaid(reply, start, verb[0], amount):
        way, said_way = "later", True  # "push it 30 min": later, not a length of 30 minutes
    if not said_way or way not in ("later", "earlier") or after != end:
        return None
    if verb is None and behind is None:
        return None  # "back 15" alone: too little to be sure
    minutes = amount[0] if way == "later" else -amount[0]
    return EventChange("startTime", f"{minutes:+d} minutes", shift_minutes=minutes)


def _later_unsaid(reply: Reply, start: int, verb_words: int, amount: tuple[int, int]) -> bool:
    """Whether a verb of data/shift_verbs_later.txt stands right before an amount said with its unit ("push it 30
    min", "bump it an hour"): how far later it moves."""
    later = phrases("shift_verbs_later").at(reply.words, start)
    begin = start + verb_words
    return later is not None and later[0] == verb_words and not reply.rest(begin, amount[1]).strip().isdigit()


def _place(reply: Reply, start: int) -> EventChange | None:
    """ "switch it to room b", "put it at the cafe", "in the big conf room instead": the place the words give, when
    they are not a time, a day or a length (and name a kind of place, after words that say less)."""
    words = reply.words
    verb = phrases("place_verbs").at(words, start)
    if verb is None:
        return None
    begin = start + verb[0]
    end = _end(reply, begin)
    value = reply.rest(begin, end).strip("\"“”':").strip()
    said = Reply.of(value)
    if not value or len(said.words) > _LONGEST_PLACE or any(w in _CLAUSE_MARKS for w in said.words):
        return None
    if any(phrases("clause_joins").at(said.words, i) is not None for i in range(len(said.words))):
        return None  # "make it 11 and ask the whole floor along": more than a place
    if _reads_as_time(_without_place_words(said)):
        return None
    if verb[1] != "place" and not _names_a_place(Reply.of(value).words):
        return None
    return EventChange("location", value)


def _without_place_words(value: Reply) -> str:
    """The words of a value without the kinds of place it names, the word before each and a number or letter after
    it ("the 3rd floor lounge" → "the", "room 12" → ""): what is left may still say a time or a day ("the boardroom
    on friday" → "on friday")."""
    words, nouns, kept = value.words, phrases("place_nouns"), list[str]()
    index = 0
    while index < len(words):
        noun = nouns.at(words, index + 1) if index + 1 < len(words) else None
        here = nouns.at(words, index)
        if noun is not None:
            index += 1 + noun[0]
        elif here is not None:
            index += here[0]
            if index < len(words) and _a_number_or_letter(words[index]):  # "room 12", "suite b"
                index += 1
        else:
            kept.append(words[index])
            index += 1
    return " ".join(kept)


def _reads_as_time(value: str) -> bool:
    """A time ("4", "3pm"), a day ("thursday") or a length: not a place."""
    lower = value.lower()
    if find_times(bare_clock(lower) or lower, ANY_DAY) or find_duration(lower) is not None:
        return True
    return names_a_day(lower) or lower.isdigit()


def _names_a_place(words: tuple[str, ...]) -> bool:
    nouns = phrases("place_nouns")
    return any(nouns.at(words, index) is not None for index in range(len(words)))


def _only_tails(reply: Reply, start: int, end: int, name: str) -> bool:
    """Whether the words from ``start`` to ``end`` are only words that end an amount ("long", "total", "to it")."""
    words = reply.words
    index = start
    while index < end:
        found = phrases(name).at(words, index)
        if found is None:
            return False
        index += found[0]
    return True


def _a_number_or_letter(word: str) -> bool:
    return word.isdigit() or (len(word) == 1 and word.isalpha())


def request_shift(text: str) -> int | None:
    """A move by a number of minutes said without a unit in a request ("push today's standup back 15", "bump the
    review up 30 please"): a verb of moving, a few words naming the event, a direction, a number (minutes), and
    nothing after it but words that add nothing; None otherwise."""
    reply = Reply.of(text)
    words = reply.words
    for index in range(len(words)):
        verb = phrases("shift_verbs").at(words, index)
        if verb is None:
            continue
        for at in range(index + verb[0], min(index + verb[0] + _NAMING_WORDS, len(words))):
            direction = phrases("shift_directions").at(words, at)
            number = at + direction[0] if direction is not None else len(words)
            if direction is None or number >= len(words) or not words[number].isdigit():
                continue
            if not _adds_nothing(words[number + 1 :]):
                return None
            minutes = int(words[number])
            if not 0 < minutes <= _MAX_BARE:
                return None
            return minutes if direction[1] == "later" else -minutes
    return None


_NAMING_WORDS = 10  # words between the verb and the direction ("push my 1:1 with priya on thursday back 15")


def _adds_nothing(words: tuple[str, ...]) -> bool:
    """Whether words after a value only end it: marks, "instead", "please", "just today"."""
    index = 0
    while index < len(words):
        if words[index] in _CLAUSE_MARKS:
            index += 1
            continue
        found = next((f for n in _ENDINGS if (f := phrases(n).at(words, index)) is not None), None)
        if found is None:
            return False
        index += found[0]
    return True


_ENDINGS = ("instead", "polite", "one_occurrence")
