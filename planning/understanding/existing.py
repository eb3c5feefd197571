"""How a clause acts on things that already exist (contract §2.6, §2.7): every item of a set, people added to or
taken off an event, an invitation answered, a value or a file taken from mail, a reply to everyone, a repeat.

Each reader looks at the words of one clause and returns a plain value for the goal's ``scope``; the recipes turn
those into ``for_each`` steps, attendee changes, ``extract`` steps and attachments.
"""

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, cast

from planning.understanding import names
from planning.understanding.cues import Cues, Found, Words, cues
from planning.understanding.timewords import PLURAL_WEEKDAYS, WEEKDAYS, find_duration

Response = Literal["accepted", "declined", "tentative"]


def excepted(text: str) -> tuple[str, str] | None:
    """ "cancel all my Friday meetings except the 1:1" → ("1:1", the text before "except"): the words of the items
    left out of a set (contract §2.9), without the words around them ("the one with Priya" → "with Priya")."""
    words = Words.of(text)
    cue = cues("except").find(words)
    if cue is None:
        return None
    end = next((i for i in range(cue.end, len(words)) if words.words[i] in _CLAUSE_ENDS), len(words))
    start, filler = cue.end, cues("except_filler")
    while start < end and words.words[start] in filler:
        start += 1
    while end > start and words.words[end - 1] in filler:
        end -= 1
    if start == end:
        return None
    return words.text_of(start, end), text[: words.char_start(cue.start)].rstrip()


_CLAUSE_ENDS = frozenset(",.;!?")


def free_time_phrase(text: str) -> str | None:
    """The words that ask for the first free slot ("when we're both free"); None when there are none."""
    words = Words.of(text).rewritten("contractions").rewritten("free_words")
    found = cues("free_time").find(words)
    if found is None:
        return _length_to_find(text)
    return text[words.toks[found.start].start : words.toks[found.end - 1].end].lower()


def length_needed(text: str) -> str | None:
    """ "i need 45 min" (data/cues/length_needing.txt before a length): the words that say a meeting of that length
    is needed; None when none do."""
    return _length_to_find(text, cues("length_needing"))


def _length_to_find(text: str, verbs: Cues | None = None) -> str | None:
    """ "find 45 min" (data/cues/length_finding.txt before a length): the words that ask for a free time of that
    length; None when no such verb stands right before a length."""
    words = Words.of(text)
    for index in range(len(words)):
        verb = (verbs or cues("length_finding")).at(words, index)
        if verb is None:
            continue
        after = words.char_start(verb.end)
        length = find_duration(text[after:])
        if length is not None and text[after : after + length.span[0]].strip().lower() in ("", "a", "an"):
            return text[words.char_start(index) : after + length.span[1]].lower()
    return None


def without_free_time(title: str) -> str | None:
    """A title read with the free-time words in it, without them ("Call with Tom when we are both free" → "Call
    with Tom"); None when nothing of it is left."""
    words = Words.of(title).rewritten("contractions").rewritten("free_words")
    cut = next((i for i in range(len(words)) if cues("free_time").at(words, i)), None)
    if cut is None:
        return title
    return title[: words.char_start(cut)].rstrip(" ,;-") or None


def acts_on_each(text: str, *, has_range: bool) -> bool:
    """The change is for every event found ("all my Tuesday meetings", "clear my calendar on Thursday", "decline
    my Friday afternoon meetings"): a quantifier, or plural events over a time range, or a time range with some left
    out ("clear out friday except the qbr": what is left out is one of a set)."""
    words = Words.of(text)
    if cues("each_item").find(words) is not None:
        return True
    return has_range and (cues("plural_events").find(words) is not None or cues("except").find(words) is not None)


def for_the_series(text: str) -> bool:
    """Whether a change or cancellation is said for every occurrence of a repeating event from now on ("cancel the
    team sync series", "… going forward", "all future syncs"): data/cues/series_words.txt. Not when the words limit
    it to one occurrence ("just this week's one", data/cues/series_one_occurrence.txt), nor where the series words
    are what is kept ("keep the rest of the series", "the rest of the series stays": data/cues/series_kept_verbs.txt
    before them, series_kept_after.txt after them)."""
    words = Words.of(text)
    one = cues("series_one_occurrence")
    if any(not (found.start and words.words[found.start - 1] == "not") for found in one.find_all(words)):
        return False
    return any(not _kept(words, found) for found in cues("series_words").find_all(words))


def _kept(words: Words, series: Found) -> bool:
    """Whether words that keep a thing as it is stand in the clause of the series words ``series``: before them
    ("keep", "leave", "don't") or after them ("stays", "as is")."""
    ends = [i for i, word in enumerate(words.words) if word in _CLAUSE_ENDS]
    start = max((i + 1 for i in ends if i < series.start), default=0)
    end = min((i for i in ends if i >= series.end), default=len(words))
    before = cues("series_kept_verbs").find(words, start, series.start)
    return before is not None or cues("series_kept_after").find(words, series.end, end) is not None


def one_event_noun(name: str) -> str:
    """A name whose last word is the plural of an event noun said as one ("team syncs" → "team sync"): what a title
    holds, for a search whose words must each occur in it; ``name`` as it is otherwise."""
    words = Words.of(name)
    if not len(words):
        return name
    last = words.words[-1]
    for one in (last[:-1], last[:-2]) if last.endswith("s") else ():
        if one and one in cues("event_nouns"):
            return name[: words.char_start(len(words) - 1)] + name[words.char_start(len(words) - 1) :][: len(one)]
    return name


_NAME_WORDS = 4  # words of an event's name before its noun ("the Globex pricing review")


def named_event(text: str) -> str | None:
    """The name of an event that exists ("the Globex pricing review" → "Globex pricing review"); None for a
    generic one ("the meeting")."""
    words = Words.of(text)
    found = next(filter(None, (_event_name_at(words, i) for i in range(len(words)))), None)
    if found is None:
        return None
    start, end = found
    start = _after_when_words(words, start, end)
    name = words.words[start:end]
    return None if cues("generic_events").value(name) is not None else words.text_of(start, end)


def _event_name_at(words: Words, index: int) -> tuple[int, int] | None:
    """The tokens of an event's name said from token ``index`` on ("the Globex review", "tomorrow's sync")."""
    if words.words[index] in cues("event_determiners"):
        start = index + 1
    elif words.words[index] in cues("day_possessives"):
        start = index
    else:
        return None
    for end in range(start, min(start + _NAME_WORDS, len(words)) + 1):
        noun = cues("event_nouns").at(words, end)
        if noun is not None:
            return start, noun.end
        if end >= len(words) or not words.is_word(end) or words.words[end] in cues("not_in_event_name"):
            return None
    return None


def _after_when_words(words: Words, start: int, end: int) -> int:
    """Past the days or parts of the day said before an event's noun ("fri meetings", "tomorrow's sync", "tue and
    wed meetings": a word of data/cues/joined_days_links.txt between two of them)."""
    when = cues("when_before_event")
    while start < end - 1:
        word = words.words[start].removesuffix("'s")
        found = when.at(words, start)
        if word in WEEKDAYS or word in when:
            start += 1
        elif start and word in cues("joined_days_links") and words.words[start + 1].removesuffix("'s") in WEEKDAYS:
            start += 1  # "and" between two days
        elif found is not None:
            start = found.end
        else:
            break
    return start


def people_of_event(text: str) -> str | None:
    """ "email everyone in the launch review": the event whose attendees are the recipients."""
    words = Words.of(text)
    for group in cues("event_people").find_all(words):
        link = cues("event_people_links").at(words, group.end)
        if link is None or link.end >= len(words):
            continue
        rest = text[words.char_start(link.end) :]
        named = words.words[link.end] in cues("event_determiners")
        return named_event(rest if named else "the " + rest)
    return None


def _people_change(text: str) -> tuple[Literal["add", "remove"], str] | None:
    """The change and the words naming who is added or removed: "add Maria and Tom to the review" → ("add",
    "Maria and Tom"); the verb opens the clause, the link ("to", "off") is the first after it."""
    words = Words.of(text)
    index = 1 if words.words[:1] == ("please",) else 0
    verb = cues("people_change_verbs").at(words, index)
    if verb is None:
        return None
    for link in range(verb.end, len(words) - 1):
        found = cues("people_change_links").at(words, link)
        if found is not None and found.value == verb.value and found.end < len(words):
            return (verb.value, words.text_of(verb.end, link))  # type: ignore[return-value]
    return None


def people_change_target(text: str) -> str | None:
    """The words after the link of an attendee change, naming what people join or leave ("add Maria to *the
    review*"); None when there is no such change."""
    words = Words.of(text)
    change = _people_change(text)
    if change is None:
        return None
    verb = cues("people_change_verbs").at(words, 1 if words.words[:1] == ("please",) else 0)
    for link in range(verb.end if verb is not None else 0, len(words) - 1):
        found = cues("people_change_links").at(words, link)
        if found is not None and found.value == change[0] and found.end < len(words):
            return words.text_of(found.end)
    return None


def attendee_change(text: str) -> Literal["add", "remove"] | None:
    """ "add Sarah to the review" → add; "take John off the launch review" → remove; anything else → None."""
    change = _people_change(text)
    return change[0] if change else None


def changed_people(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names and the addresses between the verb and the event in an attendee change ("add Maria and
    tom.reyes@example.com to ...")."""
    change = _people_change(text)
    if change is None:
        return (), ()
    who = change[1]
    addresses = tuple(names.email_addresses(who))
    found = [person.text for person in names.people(names.EMAIL_ADDRESS.sub(" ", who))]
    listed = names.listed(who)  # the span holds only people: lower-case names too ("invite tom and sarah")
    return tuple(listed if len(listed) > len(found) else found), addresses


def invitation_response(text: str) -> Response | None:
    """The answer to an invitation the clause gives ("decline the launch review" → declined)."""
    table = cues("invitation_responses")
    said = {found.value for found in table.find_all(Words.of(text))}
    return next((cast(Response, answer) for answer in table.values if answer in said), None)


def replies_to_all(text: str) -> bool:
    return cues("reply_all").find(Words.of(text)) is not None


@dataclass(frozen=True, slots=True)
class MailSource:
    """Where in the mailbox a value or a file is: who sent it, and words it is about."""

    sender: str | None = None
    query: str | None = None
    span: tuple[int, int] | None = None  # the words that said so, to leave out of titles


def value_source(text: str, topic: str | None) -> MailSource | None:
    """ "put the partner summit from the emails on my calendar", "based on the emails about it", "from Tom's
    email": the values come from mail; ``topic`` (what the clause is about) searches it when the words don't."""
    words = Words.of(text)
    for prep in cues("mail_source_preps").find_all(words):
        found = next((read for read in _mail_named(words, prep.end) if _ends_mail_source(words, read.end)), None)
        if found is None:
            continue
        about = found.about or found.kind
        if about is None or about.strip().casefold() in cues("pronoun_topics"):
            about = topic
        span = (words.char_start(prep.start), words.char_end(found.end - 1))
        return MailSource(sender=found.sender, query=about.strip() if about else None, span=span)
    return None


@dataclass(frozen=True, slots=True)
class _MailRead:
    end: int  # the token after the words naming the mail
    sender: str | None = None
    kind: str | None = None  # "the travel agency email"
    about: str | None = None  # "the emails about the offsite"


_KIND_WORDS = 3  # "the travel agency email"
_NAME_PARTS = 2  # "Tom Smith's email"


def _mail_named(words: Words, index: int) -> Iterator[_MailRead]:
    """Every reading of "(the) (Tom's) (latest) (travel agency) email (from X | about Y)" from token ``index``,
    the longest first (as a greedy pattern would try them)."""
    starts = [index + 1, index] if index < len(words) and words.words[index] in cues("mail_determiners") else [index]
    for start in starts:
        for after_owner, owner in _owners(words, start):
            latest = cues("mail_latest").at(words, after_owner) if after_owner < len(words) else None
            for after_latest in ([latest.end] if latest else []) + [after_owner]:
                for kind_end in range(min(after_latest + _KIND_WORDS, len(words)), after_latest - 1, -1):
                    if kind_end > after_latest and not _kind_words(words, after_latest, kind_end):
                        continue
                    noun = cues("mail_nouns").at(words, kind_end) if kind_end < len(words) else None
                    if noun is None:
                        continue
                    kind = words.text_of(after_latest, kind_end) or None
                    for tail in _mail_tails(words, noun.end):
                        yield _MailRead(tail.end, owner or tail.sender, kind, tail.about)


def _owners(words: Words, start: int) -> Iterator[tuple[int, str | None]]:
    """ "Tom's", "Tom Smith's" at token ``start`` (the token after it and the owner), then no owner."""
    for length in range(_NAME_PARTS, 0, -1):
        last = start + length - 1
        whole = last < len(words) and all(words.is_word(i) for i in range(start, last + 1))
        if whole and words.words[last].endswith("'s"):
            yield last + 1, words.text_of(start, last + 1)[:-2]
    yield start, None


def _kind_words(words: Words, start: int, end: int) -> bool:
    """Words that say what kind of mail it is ("travel agency"): words, not a mail noun first."""
    return all(words.is_word(i) for i in range(start, end)) and cues("mail_nouns").at(words, start) is None


def _mail_tails(words: Words, index: int) -> Iterator[_MailRead]:
    """After the mail's noun: "from Jess", "about the offsite" (shortest first), or nothing."""
    if index < len(words) and words.words[index] == "from":
        for length in range(_NAME_PARTS, 0, -1):
            end = index + 1 + length
            if end <= len(words) and all(words.is_word(i) for i in range(index + 1, end)):
                yield _MailRead(end, sender=words.text_of(index + 1, end))
    about = cues("mail_about").at(words, index) if index < len(words) else None
    if about is not None:
        for end in range(about.end + 1, len(words) + 1):
            if not words.is_word(end - 1) and words.words[end - 1] != "'":
                break
            yield _MailRead(end, about=words.text_of(about.end, end))
    yield _MailRead(index)


def _ends_mail_source(words: Words, index: int) -> bool:
    """Where the words naming a mail may end: the end, a mark ending a clause part, or a word of the next part."""
    return index >= len(words) or words.words[index] in cues("mail_source_ends")


def attachment_source(text: str, people: tuple[str, ...] = (), *, reply: bool = False) -> MailSource | None:
    """ "send Sarah the contract John attached last week": a file from mail, by its sender and what it is. The sender
    is a name written with capitals, or one of ``people`` (the persons the request names, however written: "send tom
    the contract john attached"). In a new mail (not a ``reply``), "the redlines from laura" and "maria's note on …"
    name a file by its sender too."""
    words = Words.of(text)
    named = frozenset(" ".join(person.casefold().split()) for person in people)
    for index in range(len(words)):
        found = _shared_by(words, index, named) or _attached_to(words, index)
        if found is None and not reply:  # "reply to ken's mail about …": the mail answered, no file
            found = _from_sender(words, index, named) or _owned_by(words, index, named)
        if found is None:
            continue
        thing, sender, end = found
        if sender is not None and sender.lower() in cues("speakers"):
            return None
        query = None if not thing or cues("not_a_thing").value(Words.of(thing).words) is not None else thing
        if query is None:  # "a copy of the signed nda - can you send her the one laura emailed": the thing named before
            query = _thing_named_before(words, index)
        return MailSource(sender=sender, query=query, span=(words.char_start(index), words.char_end(end - 1)))
    return None


def _thing_named_before(words: Words, index: int) -> str | None:
    """The file "the one (laura sent)" at token ``index`` stands for: the words after the last determiner before it
    (``file_determiners``), up to a mark or a word ending a mail's name; None when nothing is named there."""
    for start in range(index - 1, -1, -1):
        if _cased(words, start) not in cues("file_determiners"):
            continue
        end = start + 1
        while end < index and words.is_word(end) and not _ends_mail_source(words, end) and not _broken(words, end):
            end += 1
        thing = words.text_of(start + 1, end)
        if thing and len(thing) <= _THING_CHARS and cues("not_a_thing").value(Words.of(thing).words) is None:
            return thing
    return None


def _broken(words: Words, index: int) -> bool:
    """Whether a mark the tokens leave out (a dash) stands between token ``index`` and the one before it."""
    gap = words.text[words.char_end(index - 1) : words.char_start(index)] if index > 0 else ""
    return bool(gap.strip()) and gap != gap.strip()  # set off by spaces: "a - b", not "250-seat"


_THING_CHARS = 40  # "the contract" in "the contract John attached": a few words


def _things(words: Words, start: int) -> Iterator[int]:
    """Where the words naming a file from token ``start`` may end (the shortest first)."""
    for end in range(start + 1, len(words) + 1):
        if not (words.is_word(end - 1) or words.words[end - 1] == "'"):
            return
        if words.char_end(end - 1) - words.char_start(start) > _THING_CHARS or (
            end - 1 > start and _broken(words, end - 1)
        ):
            return
        yield end


def _cased(words: Words, index: int) -> str:
    return words.text[words.toks[index].start : words.toks[index].end]


def _shared_by(words: Words, index: int, named: frozenset[str]) -> tuple[str, str, int] | None:
    """ "the contract (that) John attached", "the slides Tom sent me": (the thing, its sender, the end); the sender
    written with capitals or one of the persons ``named`` (case-folded). A name in lower case takes "sent" only when
    the request names someone else to pass the thing on to ("send dana the nda laura sent"); alone ("the launch plan
    tom sent saturday") it is the mail itself."""
    if _cased(words, index) not in cues("file_determiners"):
        return None
    for thing_end in _things(words, index + 1):
        after = thing_end + 1 if thing_end < len(words) and _cased(words, thing_end) == "that" else thing_end
        for name_end in (after + 2, after + 1):
            cased = name_end <= len(words) and all(_cased(words, i)[:1].isupper() for i in range(after, name_end))
            if name_end > len(words) or not (cased or " ".join(words.words[after:name_end]) in named):
                continue
            sender = " ".join(words.words[after:name_end])
            passed_on = bool(named - {sender})  # "send dana the nda laura sent": to another person, so a file
            verbs = cues("file_share_verbs") if cased or passed_on else cues("file_attach_verbs")  # "the plan tom sent"
            verb = verbs.at(words, name_end) if name_end < len(words) else None
            if verb is not None and _cased(words, name_end).islower():
                return words.text_of(index + 1, thing_end), words.text_of(after, name_end), verb.end
    return None


def _from_sender(words: Words, index: int, named: frozenset[str]) -> tuple[str, str, int] | None:
    """ "email sarah the acme redlines from laura": (the thing, its sender, the end). Only when the request names
    someone else to pass it on to: the one it came from is its source, never a recipient."""
    if _cased(words, index) not in cues("file_determiners"):
        return None
    for thing_end in _things(words, index + 1):
        if thing_end >= len(words) or words.words[thing_end] != "from":
            continue
        for name_end in (thing_end + 3, thing_end + 2):
            sender = " ".join(words.words[thing_end + 1 : name_end]) if name_end <= len(words) else ""
            if sender in named and _given_before(words, index, named - {sender}) and _ends_mail_source(words, name_end):
                return words.text_of(index + 1, thing_end), words.text_of(thing_end + 1, name_end), name_end
        return None
    return None


def _given_before(words: Words, index: int, others: frozenset[str]) -> bool:
    """Whether one of ``others`` is named before token ``index``: the person the thing is passed on to."""
    said = f" {' '.join(words.words[:index])} "
    return any(f" {other} " in said for other in others)


def _owned_by(words: Words, index: int, named: frozenset[str]) -> tuple[str, str, int] | None:
    """ "send john smith maria's note on the globex payment terms": (what it is about, its sender, the end), when the
    request names someone else to pass it on to."""
    for length in (2, 1):
        last = index + length - 1
        if last >= len(words) or not words.words[last].endswith("'s"):
            continue
        owner = " ".join((*words.words[index:last], words.words[last][:-2]))
        if owner not in named or not _given_before(words, index, named - {owner}):
            continue
        end = last + 1
        while end < len(words) and words.is_word(end) and words.words[end] not in cues("mail_owned_ends"):
            end += 1
        about = [w for w in words.words[last + 1 : end] if w not in cues("mail_thing_words")]
        if not about:
            return None
        return " ".join(about), words.text_of(index, last + 1)[:-2], end
    return None


def _attached_to(words: Words, index: int) -> tuple[str, str | None, int] | None:
    """ "the invoice attached to Tom's last email": (the thing, its sender or None, the end)."""
    start = index + 1 if _cased(words, index) == "the" else index
    for thing_end in _things(words, start):
        link = cues("attachment_links").at(words, thing_end) if thing_end < len(words) else None
        if link is None:
            continue
        at = link.end + 1 if link.end < len(words) and _cased(words, link.end) in cues("mail_determiners") else link.end
        sender = None
        if at < len(words) and words.words[at].endswith("'s") and _cased(words, at)[:1].isupper():
            sender, at = _cased(words, at)[:-2], at + 1
        latest = cues("mail_latest").at(words, at) if at < len(words) else None
        at = latest.end if latest is not None else at
        noun = cues("attachment_nouns").at(words, at) if at < len(words) else None
        if noun is not None:
            return words.text_of(start, thing_end), sender, noun.end
    return None


_WEEKDAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")


def recurrence(text: str) -> str | None:
    """An RRULE for a repeat the clause names ("every Monday" → FREQ=WEEKLY;BYDAY=MO, "daily" → FREQ=DAILY,
    "monthly on the first Monday" → FREQ=MONTHLY;BYDAY=1MO)."""
    words = Words.of(text)
    days = _weekday_codes(words)
    table = cues("repeats")
    said = {found.value for found in table.find_all(words)}
    rule = next((rule for rule in table.values if rule in said), None)
    if rule is not None:
        nth = _nth_weekday(words)
        if rule == "FREQ=MONTHLY" and nth:
            return f"{rule};BYDAY={nth}"
        if not days and rule.startswith("FREQ=WEEKLY"):  # "a weekly 1:1 tues at 10": the day it falls on
            days = list(dict.fromkeys(_WEEKDAYS[day] for w in words.words if (day := _day(w)) is not None))
        if days and rule.startswith("FREQ=WEEKLY") and "BYDAY" not in rule:
            return f"{rule};BYDAY={','.join(days)}"
        return rule
    if days:
        interval = _weeks_apart(words)
        return f"FREQ=WEEKLY;{f'INTERVAL={interval};' if interval else ''}BYDAY={','.join(days)}"
    return None


def _weeks_apart(words: Words) -> str | None:
    """ "every other friday" → "2": the interval word between "every" and a weekday (data/cues/repeat_every_nth)."""
    for every in cues("repeat_every").find_all(words):
        nth = cues("repeat_every_nth").at(words, every.end) if every.end < len(words) else None
        if nth is not None and nth.end < len(words) and _day(words.words[nth.end], plural=True) is not None:
            return nth.value
    return None


def _nth_weekday(words: Words) -> str | None:
    """ "the first Monday" → "1MO", "the last Friday" → "-1FR"."""
    for nth in cues("nth_of_month").find_all(words):
        day = _day(words.words[nth.end]) if nth.end < len(words) else None
        if day is not None:
            return f"{nth.value}{_WEEKDAYS[day]}"
    return None


def _weekday_codes(words: Words) -> list[str]:
    """Days named as repeating: "every Monday and Wednesday", or plural "on Thursdays"."""
    days: list[int] = []
    for every in cues("repeat_every").find_all(words):
        index = every.end
        nth = cues("repeat_every_nth").at(words, index) if index < len(words) else None
        index = nth.end if nth is not None else index  # "every other friday"
        while index < len(words) and (day := _day(words.words[index], plural=True)) is not None:
            days.append(day)
            index += 1
            while index < len(words) and words.words[index] in cues("day_list_joins"):
                index += 1
        if days:
            break
    else:  # "on Thursdays"; not "thurs" nor "tues", which name one day
        days = [WEEKDAYS[word] for word in words.words if word in PLURAL_WEEKDAYS]
    return list(dict.fromkeys(_WEEKDAYS[day] for day in days))


def _day(word: str, *, plural: bool = False) -> int | None:
    """The weekday a word names ("thurs" → 3; "mondays" too when ``plural``)."""
    if word in WEEKDAYS:
        return WEEKDAYS[word]
    return WEEKDAYS.get(word.removesuffix("s")) if plural else None
