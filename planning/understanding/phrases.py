"""Free-text slots: an email's topic, subject and body, an event's title (contract §2.3)."""

import re
from collections.abc import Sequence

from planning.understanding.body_leads import body_start
from planning.understanding.cues import Words, cues
from planning.understanding.lead_spans import Atoms, LeadSpan
from planning.understanding.verbforms import past_base
from planning.understanding.words import WEEKDAYS

_SUBJECT = LeadSpan((cues("subject_leads"),), cues("subject_stops"), "", "one space", colon=True)
_SPACE = re.compile(r"\s+")
_TRAILING = re.compile(r"[\s,.;:!?]+$")


def capitalise(text: str) -> str:
    """Drop a leading article and capitalise the first letter only ("the sales report" → "Sales report")."""
    text = _without_article(text.strip()).strip()
    text = _TRAILING.sub("", text)
    if not text:
        return ""
    first = text.split(" ", 1)
    if (first[0].isupper() and len(first[0]) > 1) or any(ch.isupper() for ch in first[0][1:]):
        return text  # an acronym or a name keeps its case
    return text[0].upper() + text[1:]


def _without_article(text: str) -> str:
    """``text`` without the word of data/cues/title_articles.txt it starts with, when a space follows it."""
    words = Words.of(text)
    if len(words) < 2 or words.toks[0].start != 0 or words.words[0] not in cues("title_articles"):
        return text
    gap = text[words.char_end(0) : words.char_start(1)]
    return text[words.char_start(1) :] if gap and gap.isspace() else text


_CLAUSE_MARKS = "-–—,.;:!?"  # marks after which a clause starts: "reply to Dana - say …", "…, just say thanks"


def said_lead(text: str) -> tuple[int, int] | None:
    """Where a lead of data/cues/said_leads.txt that opens a clause begins, and where the words to send after it
    begin: "reply to Dana - say we'll have it Friday" (not "what did John say in the email")."""
    words = Words.of(text)
    for found in cues("said_leads").find_all(words):
        begin, end = words.char_start(found.start), words.char_end(found.end - 1)
        before = text[:begin].rstrip()
        opens = not before or before[-1] in _CLAUSE_MARKS or (found.start > 0 and words.words[found.start - 1] == "and")
        if opens and end < len(text) and text[end].isspace() and text[end:].strip():
            return begin, len(text) - len(text[end:].lstrip())
    return None


def without_field_tail(text: str) -> str:
    """``text`` up to a clause of data/cues/message_field_leads.txt after the words to send begin ("…, cc John.
    subject: quote"): what follows is the mail's other fields, not its text."""
    words = Words.of(text)
    begin = message_start(text) or 0
    for found in cues("message_field_leads").find_all(words):
        at = words.char_start(found.start)
        before = text[:at].rstrip()
        if at > begin and before and before[-1] in _CLAUSE_MARKS:
            return before.rstrip(_CLAUSE_MARKS + " ")
    return text


def _body_match(text: str) -> tuple[int, int] | None:
    """Where the words to send are introduced and where they begin, the earliest of a cue and a clause lead."""
    found = [lead for lead in (body_start(text), said_lead(text)) if lead is not None]
    return min(found, default=None)


def body_text(text: str) -> str | None:
    match = _body_match(text)
    if not match:
        return None
    body = _TRAILING.sub("", text[match[1] :]).strip()
    return body[0].upper() + body[1:] if body else None


def _told_from(text: str) -> int | None:
    """Where the people told begin: after the first verb of data/cues/told_verbs.txt followed by a space and
    someone other than the requester ("let Sarah …", not "let me …")."""
    words = Words.of(text)
    for index in range(len(words) - 1):
        gap = text[words.char_end(index) : words.char_start(index + 1)]
        told = words.words[index] in cues("told_verbs") and words.words[index + 1] not in cues("told_not_people")
        if told and gap and gap.isspace():
            return words.char_start(index + 1)
    return None


def told_people_start(text: str) -> int | None:
    """Where the people told begin ("tell |priya the deck is fine"), None when the request tells no one."""
    return _told_from(text)


def tells_someone(text: str) -> bool:
    """Whether the request is to tell someone ("let john know", "tell priya"): with nothing said to tell, what the
    last plan did is the news (``planning/engine/news.py``)."""
    return _told_from(text) is not None


def _head(word: str) -> str:
    """A word before its apostrophe ("it's" → "it")."""
    return word.split("'", 1)[0]


def told_text(text: str, people: list[str]) -> str | None:
    """What a person is to be told without "that" or "saying": "let Sarah know I'm running late", "tell John and
    Tom the demo is pushed" (a statement of its own, with a verb), after the people named."""
    found = _told_rest(text, people)
    return found[1][0].upper() + found[1][1:] if found is not None else None


def _told_rest(text: str, people: Sequence[str]) -> tuple[int, str] | None:
    """Where ``told_text`` begins in ``text``, and its words as typed."""
    told = _told_from(text)
    if told is None:
        return None
    rest = text[told:]
    while True:
        while (joined := cues("told_people_joins").past_leading(rest)) != rest:
            rest = joined
        rest = rest.lstrip()
        named = next((p for p in people if rest.lower().startswith(p.lower())), None)
        pronoun = cues("recipient_pronouns").past_leading(rest)
        if named is None and pronoun == rest:
            break
        rest = rest[len(named) :] if named is not None else pronoun
    rest = past_channel(cues("told_know").past_leading(rest).lstrip())
    start = len(text) - len(rest.lstrip())
    rest = _TRAILING.sub("", rest).strip()
    if rest == text.strip() or not _is_statement(rest):
        return None
    return start, rest


def _is_statement(text: str) -> bool:
    """A sentence of its own: a subject, then a verb (an auxiliary, or a past form: "the invoice went out")."""
    words = Words.of(text)
    if not len(words) or words.toks[0].start != 0:
        return False
    first = _head(words.words[0])
    if first in cues("statement_subject_verbs") and len(words) > 1:  # "im out that day": "I'm" typed without "'"
        return True
    subject = first in cues("statement_subjects")
    named = len(words) > 2 and first.isalpha() and words.words[1] in cues("statement_verbs")  # "sarah will cover"
    if not subject and not named and first not in cues("statement_subjects_with_verb"):
        return False
    contracted = any("'" in word and word.split("'", 1)[1] in cues("statement_contractions") for word in words.words)
    if contracted or any(word in cues("statement_verbs") for word in words.words[1:]):
        return True
    return subject and any(past_base(word) for word in words.words[1:] if word[:1].isalnum())


_KNOWN_LIMIT = 60  # characters at most between "let" and "know"
_NOT_BETWEEN = ".;!?"  # marks that cannot come between "let" and "know"


def told_start(text: str) -> int | None:
    """Where the words told begin after "let … know (that)": people named from there on are what is said ("let kim
    know priya will cover"), not people told."""
    return _let_know_end(text)


def _let_know_end(text: str) -> int | None:
    """Where the text to send begins after the first "let … know (that)" (data/cues/let_know.txt): the people told
    are 1 to 60 characters without ``_NOT_BETWEEN``; not "let me/us" (data/cues/told_not_people.txt) when one space
    follows "let"."""
    atoms = Atoms.of(text)
    words = cues("let_know")
    for index, tok in enumerate(atoms.toks):
        if words.value((tok.word,)) != "lead" or index + 1 == len(atoms.toks):
            continue
        spaces = atoms.toks[index + 1].start - tok.end
        if not text[tok.end : atoms.toks[index + 1].start].isspace():
            continue
        for taken in range(spaces, 0, -1):  # the spaces after "let" the people may start after
            if taken == spaces and atoms.toks[index + 1].word in cues("told_not_people"):
                continue
            end = _known_end(atoms, tok.end + taken)
            if end is not None:
                return end
    return None


def _known_end(atoms: Atoms, start: int) -> int | None:
    """Where the text to send begins when the people told start at character ``start``: after the first "know"
    (spaces before and after it) reached within the limit, and after "that" with spaces after it."""
    text, words = atoms.text, cues("let_know")
    for length in range(1, _KNOWN_LIMIT + 1):
        char = start + length
        if char > len(text) or text[char - 1] in _NOT_BETWEEN:
            return None
        if char == len(text) or not text[char].isspace():
            continue
        index = atoms.atom_at(len(text) - len(text[char:].lstrip()))
        if index is None or words.value((atoms.toks[index].word,)) != "end":
            continue
        after = _past_spaces(atoms, index)
        if after is None:
            continue
        then = atoms.atom_at(after)
        if then is not None and words.value((atoms.toks[then].word,)) == "then":
            return _past_spaces(atoms, then) or after
        return len(text) - len(past_channel(text[after:]))
    return None


def past_channel(text: str) -> str:
    """``text`` past the way the news goes that it starts with ("by email - …", "via email that …",
    data/cues/told_channels.txt) and the marks or "that" after it; ``text`` as it is when it starts with none."""
    rest = cues("told_channels").past_leading(text)
    if rest == text:
        return text
    rest = rest.lstrip(" ,:-\u2013\u2014")
    return rest[len("that") :].lstrip() if rest.lower().startswith("that ") else rest


def _past_spaces(atoms: Atoms, index: int) -> int | None:
    """Where the spaces after atom ``index`` end (None when no space follows it)."""
    rest = atoms.text[atoms.toks[index].end :]
    stripped = rest.lstrip()
    return None if len(stripped) == len(rest) else len(atoms.text) - len(stripped)


def message_start(text: str) -> int | None:
    """Where the words to be sent begin ("saying …", "that …", "let Priya know …"), if the request has them."""
    starts = [match[1] for match in (_body_match(text),) if match is not None]
    starts += [end for end in (_let_know_end(text),) if end is not None]
    return min(starts, default=None)


def told_first(text: str, people: Sequence[str] = ()) -> bool:
    """Whether the words told after "let … know", or a statement told to the people named ("tell tom im out that
    day"), begin before any cue of words to send: that says "I'm out that day", not "day" after its "that"."""
    told, match = _let_know_end(text), _body_match(text)
    if told is None and match is not None:
        found = _told_rest(text, people)
        return found is not None and found[0] < match[0]  # "tell dana that …": "that" is the cue itself
    lead = said_lead(text)
    if told is not None and lead is not None and lead[0] == told:  # "let her know by email - just say …": the lead
        return False
    return told is not None and match is not None and told <= match[0]


def body_span(text: str) -> tuple[int, int] | None:
    match = _body_match(text)
    return (match[0], len(text)) if match else None


def subject_span(text: str) -> tuple[int, int] | None:
    found = _SUBJECT.find(text)
    return (found.lead, _quoted_end(text, found.start, found.end)) if found else None


_CLOSING_QUOTES = {"'": "'’", '"': '"”', "“": '”"', "‘": "’'"}


def _quoted_end(text: str, start: int, end: int) -> int:
    """Where a subject typed in quotes ends: after its closing quote, when one closes it before ``end`` and no letter
    follows it ("subject 'great to see you', say …"); else ``end``."""
    closing = _CLOSING_QUOTES.get(text[start : start + 1])
    if closing is None:
        return end
    for index in range(start + 1, end):
        after = text[index + 1 : index + 2]
        if text[index] in closing and index > start + 1 and not after.isalnum():
            return index + 1
    return end


def title_span(text: str) -> tuple[int, int] | None:
    """Where a title said as such is, from the word that says so ("called …", "call it …") to its end."""
    found = _called(text)
    return (found[0], found[3]) if found else None


def _called(text: str) -> tuple[int, int, int, int] | None:
    """(start of the calling words, start and end of the title, end of its quotes) of the first title said as such: the
    words after one of ``title_callers`` up to a word of ``title_call_ends`` or a mark."""
    words = Words.of(text)
    for found in cues("title_callers").find_all(words):
        end = found.end
        while end < len(words) and words.words[end] not in cues("title_call_ends") and _in_title(words.words[end]):
            end += 1
        if end > found.end:
            start, stop = words.char_start(found.end), words.char_end(end - 1)
            while start < stop and text[start] in "\"'":
                start += 1
            while stop > start and text[stop - 1] in "\"'":
                stop -= 1
            if stop > start:
                return words.char_start(found.start), start, stop, words.char_end(end - 1)
    return None


def _in_title(word: str) -> bool:
    return word not in (",", ".", ";", "!", "?")


def subject_text(text: str) -> str | None:
    """The subject named: "subject: revised quote" as typed, "with the subject budget" capitalised."""
    found = _SUBJECT.find(text)
    if found is None:
        return None
    end = _quoted_end(text, found.start, found.end)
    subject = text[found.start : end]
    closing = _CLOSING_QUOTES.get(subject[:1])
    if closing is not None and len(subject) > 2 and subject[-1] in closing:  # "subject 'nice meeting you', say …"
        return capitalise(subject[1:-1].strip())
    return _TRAILING.sub("", subject).strip() if found.colon else capitalise(subject)


def about_text(text: str) -> str | None:
    span = _lead_topic(text)
    if span is None:
        return None
    topic = _TRAILING.sub("", text[span[0] : span[1]]).strip()
    return topic or None


def _topic_end(text: str, start: int, end: int) -> int | None:
    """Where a phrase of data/cues/topic_ends.txt between spaces cuts the topic from ``start`` to ``end``: people
    named after the topic are not in it ("about the launch with Priya", "re the budget, cc Tom")."""
    words = Words.of(text[:end])
    for found in cues("topic_ends").find_all(words):
        begin, finish = words.char_start(found.start), words.char_end(found.end - 1)
        if begin > start and text[begin - 1].isspace() and finish < end and text[finish].isspace():
            return len(text[:begin].rstrip())
    return None


def about_span(text: str) -> tuple[int, int] | None:
    """Where the topic after "about", "re", "regarding" … is: names in it are what the request is about."""
    span = _lead_topic(text)
    if span is None:
        return None
    end = _topic_end(text, *span)
    return span[0], end if end is not None else span[1]


def _lead_topic(text: str) -> tuple[int, int] | None:
    """The words after the first word of data/cues/topic_leads.txt (and a colon: "re: hiring"), up to a mark, a
    word of topic_stops.txt or "on" and a weekday."""
    words = Words.of(text)
    for lead in cues("topic_leads").find_all(words):
        first = lead.end + 1 if words.words[lead.end : lead.end + 1] == (":",) else lead.end
        last = first
        while last < len(words) and not _ends_topic(words.words, last):
            last += 1
        if last > first:
            return words.char_start(first), words.char_end(last - 1)
    return None


def _ends_topic(said: tuple[str, ...], at: int) -> bool:
    if said[at] in _TOPIC_MARKS or cues("topic_stops").at(said, at) is not None:
        return True
    return said[at] == "on" and at + 1 < len(said) and said[at + 1] in WEEKDAYS


_TOPIC_MARKS = frozenset({",", ".", ";", "!", "?"})


# what a meeting is for, said as its purpose: "to go over the launch plan", "to discuss the renewal terms"
_PURPOSE = LeadSpan((cues("purpose_links"), cues("purpose_verbs")), cues("purpose_stops"), ",.;!?", "spaces", dash=True)


def topic_span(text: str) -> tuple[int, int] | None:
    """Where what a request is about is: after "about …" (``about_span``), else a meeting's purpose ("to go over
    the launch plan", "to discuss the renewal terms")."""
    about = about_span(text)
    if about is not None:
        return about
    found = _PURPOSE.find(text)
    return (found.start, found.end) if found else None


def purpose_kind(text: str) -> str | None:
    """The kind of work a meeting's purpose verb names, when the topic is that purpose ("… to prep globex" →
    "prep"; data/cues/purpose_kinds.txt); None for a topic after "about" or a verb that names none ("to discuss")."""
    if about_span(text) is not None:
        return None
    found = _PURPOSE.find(text)
    if found is None:
        return None
    led = Words.of(text[found.lead : found.start]).words
    kinds = cues("purpose_kinds")
    return next((kind for at in range(len(led)) if (kind := kinds.value(led[at:])) is not None), None)


def called_title(text: str) -> str | None:
    found = _called(text)
    return capitalise(text[found[1] : found[2]]) if found else None


def squash(text: str) -> str:
    return _SPACE.sub(" ", text).strip()
