"""Picks among the things shown: by number ("2", "#1", "the second one"), by the words of their label, or by what
they are ("the one from Initech", "the VP of sales", "maria at acme"): the reply's words matched against each
candidate's fields (name, company, email, title)."""

from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from planning.understanding.commands._words import Reply, phrases, tokens
from planning.understanding.commands.kinds import Command
from planning.understanding.commands.pick import Pick
from planning.understanding.commands.restate import only_time
from planning.understanding.timeexpr import find_times
from planning.understanding.timewords import find_duration
from planning.understanding.words import PRONOUNS

_ANCHOR = datetime(2026, 1, 5, 8, tzinfo=UTC)  # whether words say a time; which day does not matter


def by_number(reply: Reply, count: int) -> Pick | None:
    """ "2", "#2", "number 2", "option 1", "the second (one)", "the last one"; with words that accept it after it
    ("the first one works", "2 is fine": data/answer_tails.txt)."""
    said = reply.words[: reply.end_before(0, "answer_tails")]
    words = [w for w in said if w != "#" and (phrases("pick_fillers").value((w,)) is None or w.isdigit())]
    if len(words) != 1:
        return None
    word = words[0].rstrip(".)")
    ordinal = phrases("ordinals").value((word,))
    index = int(ordinal) if ordinal is not None else int(word) if word.isdigit() else None
    if index is None:
        return None
    if index < 0:
        index = count + 1 + index
    return Pick(index=index) if 1 <= index <= count else None


def by_label(reply: Reply, labels: tuple[str, ...]) -> Pick | None:
    """The reply's words are words that follow one another in exactly one label as shown (whole words: "yes" is no
    part of "Tom Reyes")."""
    wanted = f" {' '.join(reply.words)} "
    hits = [i for i, label in enumerate(labels) if wanted.strip() and wanted in f" {' '.join(Reply.of(label).words)} "]
    return Pick(index=hits[0] + 1) if len(hits) == 1 else None


def by_description(reply: Reply, candidates: tuple[Mapping[str, Any], ...], labels: tuple[str, ...]) -> Pick | None:
    """The one candidate whose fields hold every word the reply describes it by (a company, a title, a name, the
    domain of its address); None when no word describes, or not exactly one candidate fits."""
    said = [w for w in reply.words if w.isalnum() and phrases("stop_words").value((w,)) is None]
    if not said:
        return None
    fields = [field for _, field in phrases("pick_fields").entries]
    fits = []
    for index, candidate in enumerate(candidates):
        label = labels[index] if index < len(labels) else ""
        known = words_of([*(candidate.get(f) for f in fields), label])
        if all(any(k == w or (len(w) > 2 and k.startswith(w)) for k in known) for w in said):
            fits.append(index)
    return Pick(index=fits[0] + 1) if len(fits) == 1 else None


def mentioned(reply: Reply, candidates: tuple[Mapping[str, Any], ...]) -> Pick | None:
    """The one candidate a word of the reply names by the words of its name, company or address, among words that
    name only one of them ("the acme one is slipping, …": the Acme deal, not the word "deal" they all have); None when
    no word names one, or the words name several."""
    naming = [words_of([candidate.get(f) for f in ("name", "company", "email")]) for candidate in candidates]
    named: set[int] = set()
    for word in reply.words:
        if len(word) <= 2 or not word.isalnum() or phrases("stop_words").value((word,)) is not None:
            continue
        hits = {i for i, known in enumerate(naming) if word in known}
        if len(hits) == 1:
            named |= hits
    return Pick(index=min(named) + 1) if len(named) == 1 else None


def singled_out(reply: Reply, candidates: tuple[Mapping[str, Any], ...], labels: tuple[str, ...]) -> Pick | None:
    """The one candidate that words of the reply single out, whatever else the reply says around them ("ugh, smith",
    "hmm the globex guy i think"): a word that one candidate's fields or label hold and no other candidate's does;
    words every candidate or none holds say nothing about which. None when no word singles one out, words single out
    several; a word after words that turn it down ("not smith": data/replaces.txt) singles out the other of two."""
    fields = [field for _, field in phrases("pick_fields").entries]
    known = [
        words_of([*(candidate.get(f) for f in fields), labels[index] if index < len(labels) else ""])
        for index, candidate in enumerate(candidates)
    ]
    if len(known) < 2 or _asks(reply):
        return None
    words = reply.words
    named: set[int] = set()
    turned: set[int] = set()
    for index, word in enumerate(words):
        if len(word) < _SINGLING or not word.isalnum() or phrases("stop_words").value((word,)) is not None:
            continue
        holders = {i for i, held in enumerate(known) if word in held}
        if len(holders) != 1:
            continue
        down = any(phrases("replaces").ending(words[:back]) is not None for back in (index, index - 1) if back > 0)
        (turned if down else named).update(holders)  # "not smith", "not the smith one": turned down
    if not named and len(turned) == 1 and len(known) == 2:
        named = {1 - turned.pop()}  # "not smith" of two: the other one
    return Pick(index=min(named) + 1) if len(named) == 1 and not named & turned else None


def _asks(reply: Reply) -> bool:
    """Whether the reply asks a question ("which one is on the globex deal?"): it names to ask, not to pick."""
    asked = reply.text.rstrip().endswith("?")
    return asked and any(phrases("question_words").value((word,)) is not None for word in reply.words)


_SINGLING = 3  # letters of the shortest word that may single a candidate out ("ugh, li" would not)


def words_of(values: list[Any]) -> set[str]:
    """The words of the values (of records and lists in them too), addresses also split at their dots and @."""
    words: set[str] = set()
    for value in values:
        if isinstance(value, dict):
            words |= words_of(list(value.values()))
        elif isinstance(value, list):
            words |= words_of(value)
        elif value is not None:
            for token in tokens(str(value)):
                words.add(token.word)
                words.update(token.word.replace("@", ".").replace("-", ".").replace("_", ".").split("."))
    return words


def by_time(reply: Reply, candidates: tuple[Mapping[str, Any], ...]) -> Pick | None:
    """A free slot said by its time ("2pm", "the 1:30 one", "thursday at 10"), read on the day of the first slot
    unless the reply names its day: the slot that starts then, else the time itself (the engine books it when the
    free time shown holds it); None when the candidates are no free slots or the reply says no time."""
    starts = [_start(candidate) for candidate in candidates]
    first = next((start for start in starts if start is not None), None)
    if first is None or any("title" in candidate for candidate in candidates):
        return None
    anchor = first.replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(microseconds=1)
    said = [found.start for found in find_times(reply.text, anchor) if found.has_clock_time]
    if not said:
        return None
    exact = [i for i, start in enumerate(starts) if start is not None and start == said[0]]
    clock = [i for i, start in enumerate(starts) if start is not None and start.time() == said[0].time()]
    hits = exact or clock
    if len(hits) == 1:
        return Pick(index=hits[0] + 1)
    return Pick(at=said[0].isoformat()) if not hits else None


def within(at: str, slots: tuple[Mapping[str, Any], ...]) -> bool:
    """Whether the moment ``at`` (ISO) lies inside the free times ``slots`` shown: from the first start to the last
    end."""
    try:
        moment = datetime.fromisoformat(at)
    except ValueError:
        return False
    starts = [start for start in map(_start, slots) if start is not None]
    ends = [_end(slot) for slot in slots]
    last = max((end for end in ends if end is not None), default=None)
    return bool(starts) and last is not None and min(starts) <= moment < last


def _end(slot: Mapping[str, Any]) -> datetime | None:
    return _start({"start": slot.get("end")})


def free_slots(candidates: tuple[Mapping[str, Any], ...]) -> bool:
    """Whether the candidates shown are free times (a start and an end each, nothing else that names them)."""
    return bool(candidates) and all(_start(c) is not None and "end" in c and "title" not in c for c in candidates)


def _start(candidate: Mapping[str, Any]) -> datetime | None:
    value = candidate.get("start")
    try:
        found = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
    return found if found is not None and found.tzinfo is not None else None


def free_time_taken(
    reply: Reply, slots: tuple[Mapping[str, Any], ...], *, yes: bool = False, numbered: bool = False
) -> Pick | None:
    """One of the free times just shown, taken in words that book it ("3pm works", "book the first one", "let's do
    10:30"), picked alone ("the later one"), placed next to a meeting ("the one right after my standup"), or, when
    ``yes`` (the reply says yes and nothing else), the first one shown; with the name the reply gives it ("…, call
    it roadmap sync", "the 2nd one, acme renewal prep"); ``numbered``: the slots were shown numbered (a question that
    asks for one). None for anything else (a time asked about alone — "and 3?" — is a question, read before
    this)."""
    if not slots:
        return None
    reply, title = _named_as(reply)
    start = reply.after("answer_leads", "approve", "book_verbs")
    end = reply.end_before(start, "answer_tails")
    said = Reply.of(reply.rest(start, end))
    took = not (start == 0 and end == len(reply.words))  # words that take what follows were said
    picked = _taken(said, slots, took=took, yes=yes, numbered=numbered)
    if picked is None and title is None:  # "the 2nd one, acme renewal prep", "10:30 for the summit rehearsal"
        head, named = _titled(said)
        picked = _taken(head, slots, took=True, yes=False, numbered=numbered) if named is not None else None
        title = named
    if picked is None and title is None and _takes_it(reply, start):  # "ok book it for the budget review"
        title = _name_alone(said)
        picked = Pick(index=1) if title is not None else None  # the first time shown, as "book it" takes it
    if picked is None:
        return None
    return Pick(index=picked.index, at=picked.at, beside=picked.beside, title=title or picked.title)


def slot_at(said: Reply, slots: tuple[Mapping[str, Any], ...]) -> Pick | None:
    """The free time of ``slots`` a time said as taken ("2:30" of "make it 2:30") picks: the one shown at that time, or
    the one that holds it, taken at it."""
    return _taken(said, slots, took=True, yes=False, numbered=False) if slots else None


def _taken(said: Reply, slots: tuple[Mapping[str, Any], ...], *, took: bool, yes: bool, numbered: bool) -> Pick | None:
    """The free time ``said`` (the words of a reply that take one, without them) picks. A bare number is the slot
    shown at that hour where one starts then and the list was shown by its times (``numbered`` false: "2 works" with
    14:00 shown), else the slot at that place in the list ("1": the first)."""
    timed = _without_fillers(said)  # "the 2pm one", "the 3 o'clock slot": the time alone
    clock = by_time(hours_as_clock(timed), slots) if timed.words and only_time(timed.text) else None
    picked = by_number(said, len(slots)) if said.words else None
    shown_at = clock is not None and clock.index is not None and clock.index <= _SHOWN and _bare_number(timed)
    if shown_at and (picked is None or not numbered):
        picked = clock  # "let's do 3": the slot shown at 3 (slots are shown by their times, not numbered)
    if picked is None and said.words:
        picked = _beside(said)
    if picked is None and (took or len(timed.words) < len(said.words)) and clock is not None:
        picked = clock
    if picked is None and (yes or (took and phrases("objects").value(said.words) is not None)):
        picked = Pick(index=1)  # "yep", "that works", "book it": the first time shown, as proposed
    return picked


_SHOWN = 8  # the free times a list shows before "and N more" (the chat shows 8, Slack 10): a bare number names
# one of these by its hour ("3": the one shown at 3), never one not shown
_TITLE_WORDS = 8  # the longest name a reply gives what it books after its pick ("…, acme renewal prep")


def _titled(said: Reply) -> tuple[Reply, str | None]:
    """A pick followed by the name of what it books, after a mark (",", "-", ":") or a word that links a name
    (data/slot_title_links.txt: "10:30 for the summit rehearsal"): the words that pick, and the name. The name is
    none when its words start a request, say thanks or a time, or are many: "the 2nd one, and email tom" picks and
    asks for more."""
    words = said.words
    for index in range(1, len(words) - 1):
        link = phrases("slot_title_links").at(words, index)
        mark = words[index] in (",", "-", ":")
        if link is None and not mark:
            continue
        after = index + (link[0] if link is not None else 1)
        while after < len(words) and words[after] in (",", "-", ":"):
            after += 1
        after += (phrases("determiners").at(words, after) or (0, ""))[0]
        name = Reply.of(said.rest(after))
        if _a_name(name):
            return Reply.of(said.rest(0, index)), name.text.strip("\"“”'")
    return said, None


def _takes_it(reply: Reply, start: int) -> bool:
    """Whether the words that take a free time, before token ``start``, point at it ("book it", "put it on the
    calendar"): what follows them may be its name alone."""
    return any(phrases("objects").value((word,)) is not None for word in reply.words[:start])


def _name_alone(said: Reply) -> str | None:
    """The name said alone after the words that take a free time ("for the budget review", "as pipeline sync")."""
    words = said.words
    index = (phrases("slot_title_links").at(words) or (0, ""))[0]
    index += (phrases("determiners").at(words, index) or (0, ""))[0]
    name = Reply.of(said.rest(index))
    return name.text.strip("\"“”'") if _a_name(name) else None


def _a_name(name: Reply) -> bool:
    """Whether words read as the name of a meeting: a few words that start no request, say no thanks, no time and no
    length, and name nobody by a pronoun."""
    words = name.words
    if not words or len(words) > _TITLE_WORDS or not words[0].isalnum():
        return False
    starts = (phrases("request_starts"), phrases("book_verbs"), phrases("approve"), phrases("thanks"), phrases("them"))
    if any(table.at(words) is not None for table in starts) or phrases("clause_joins").at(words) is not None:
        return False
    if words[0] in PRONOUNS:  # "for me and priya": who, not what
        return False
    return not find_times(name.text, _ANCHOR) and find_duration(name.text) is None


def _without_fillers(said: Reply) -> Reply:
    """The words of a pick without those around it that add nothing ("the 2pm one" → "2pm")."""
    fillers = (phrases("pick_fillers"), phrases("slot_fillers"), phrases("polite"))
    kept = [w for w in said.words if all(words.value((w,)) is None for words in fillers)]
    return Reply.of(" ".join(kept))


def number_alone(reply: Reply) -> bool:
    """Whether the reply is a number and nothing else, not asked ("1", not "2?" nor "what about 2")."""
    return len(reply.words) == 1 and reply.words[0].isdigit() and not reply.text.rstrip().endswith("?")


def _bare_number(said: Reply) -> bool:
    return len(said.words) == 1 and said.words[0].isdigit()


def hours_as_clock(said: Reply) -> Reply:
    """A bare hour read as a clock time ("3" → "at 3"), as a time said to pick a free slot is."""
    words = said.words
    bare = [
        w.isdigit() and len(w) <= 2 and int(w) <= 23 and (i == 0 or words[i - 1] != "at") for i, w in enumerate(words)
    ]
    return Reply.of(" ".join(f"at {w}" if hour else w for w, hour in zip(words, bare, strict=True)))


def named_pick(reply: Reply, pick: Callable[[Reply], Command]) -> Pick | None:
    """At a pick, the one picked by the words before the name the reply gives what it books ("1 works. call it
    roadmap sync"), with that name; None when the reply names nothing, or its other words pick none."""
    said, title = _named_as(reply)
    if title is None or said is reply:
        return None
    picked = pick(said)
    return replace(picked, title=title) if isinstance(picked, Pick) and picked.key is None else None


def _named_as(reply: Reply) -> tuple[Reply, str | None]:
    """The reply without the name it gives what it books ("book the first one, call it roadmap sync" → "book the
    first one", "roadmap sync"); the reply itself and None when it names nothing."""
    words, leads = reply.words, phrases("title_leads")
    for index in range(1, len(words)):
        found = leads.at(words, index)
        if found is None or index + found[0] >= len(words):
            continue
        name = reply.rest(index + found[0]).strip("\"“”'")
        end = index
        while end > 0 and words[end - 1] in (",", "and", "-"):
            end -= 1
        return Reply.of(reply.rest(0, end)), name or None
    return reply, None


def _beside(said: Reply) -> Pick | None:
    """ "the one right after my 1:1 with priya", "the slot before lunch": the side and the meeting's words; with the
    name of what is booked there when one follows the meeting after a word that links a name ("right after our 1:1
    for roadmap prep": after the 1:1, named "roadmap prep")."""
    words = said.words
    index = said.after("slot_fillers")
    side = phrases("slot_sides").at(words, index)
    if side is None:
        return None
    begin = index + side[0]
    after = list(words[begin:])
    cut = next((i for i, w in enumerate(after) if w in (",", ".", ";", "-")), len(after))
    after = after[:cut]  # "after my lunch works, first slot after it": the meeting ends at the mark
    tail = phrases("answer_tails").ending(tuple(after))
    while tail is not None and tail[0] < len(after):  # "… my lunch works": the words that accept it left out
        after = after[: len(after) - tail[0]]
        tail = phrases("answer_tails").ending(tuple(after))
    named, title = _meeting_then_name(Reply(said.text, said.toks[begin : begin + len(after)]))
    meeting = [w for w in named if any(c.isalnum() for c in w)]
    meeting = [w for w in meeting if phrases("meeting_fillers").value((w,)) is None]
    side_said: Literal["after", "before"] = "after" if side[1] == "after" else "before"
    return Pick(beside=(side_said, " ".join(meeting)), title=title) if meeting else None


def _meeting_then_name(said: Reply) -> tuple[tuple[str, ...], str | None]:
    """The words that name a meeting, and the name of what is booked beside it when a word that links a name
    (data/slot_title_links.txt) follows the meeting's first word ("1:1 for roadmap prep" → "1:1", "roadmap prep")."""
    words = said.words
    for index in range(1, len(words) - 1):
        link = phrases("slot_title_links").at(words, index)
        if link is None:
            continue
        start = index + link[0]
        start += (phrases("determiners").at(words, start) or (0, ""))[0]
        name = Reply.of(said.rest(start))
        if _a_name(name):
            return words[:index], name.text.strip("\"“”'")
    return words, None


def slot_said(reply: Reply, slots: tuple[Mapping[str, Any], ...]) -> Pick | None:
    """One of the free times ``slots`` just shown, said after the search ended by its day and time alone ("tues 10am",
    "wed 2:30, call it roadmap prep": the one at that time, or that time inside the free time) or by its day with a
    word of a thing ("the tuesday one", "the one on wed": the first shown that day); with the name the reply gives it.
    None for a time asked about ("and 3?", "what about thu at 10": data/restate_leads.txt, a question mark), a bare
    hour ("5": asked, read elsewhere), or a time outside the free time shown (another search)."""
    if not free_slots(slots) or "?" in reply.words:
        return None
    head, title = _named_as(reply)
    words = head.words
    end = len(words)
    while end and not words[end - 1][:1].isalnum():
        end -= 1
    head = Reply.of(head.rest(0, end))
    if not head.words or phrases("restate_leads").at(head.words) is not None:
        return None
    timed = _without_fillers(head)
    if not timed.words or _bare_number(timed) or not only_time(timed.text):
        return None
    picked = by_time(hours_as_clock(timed), slots)
    if picked is not None and picked.at is not None and not within(picked.at, slots):
        return None
    if picked is None and len(timed.words) < len(head.words):  # "the tuesday one": a word of a thing said with it
        picked = _first_on_day(timed, slots)
    return Pick(index=picked.index, at=picked.at, title=title) if picked is not None else None


def _first_on_day(said: Reply, slots: tuple[Mapping[str, Any], ...]) -> Pick | None:
    """The first of ``slots`` on the day ``said`` names (read from the day before the first slot)."""
    starts = [_start(slot) for slot in slots]
    first = next((start for start in starts if start is not None), None)
    if first is None:
        return None
    anchor = first.replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(microseconds=1)
    days = [found.start.date() for found in find_times(said.text, anchor) if not found.has_clock_time]
    if len(days) != 1:
        return None
    return next((Pick(index=i + 1) for i, start in enumerate(starts) if start and start.date() == days[0]), None)
