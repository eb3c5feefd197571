"""QueryClassifier: cheap, rule-based routing of a request to one goal or several.

It errs toward ``single``: a request splits only where a new clause starts with its own action verb, and
a clause that only feeds the next one (a lookup, a summary that is then sent, a slot that is then booked)
keeps the request single.

The words are cue lists in ``data/cues`` (``clause_verbs``, ``clause_boundaries``, ``feeder_things`` …) matched on
tokens (:mod:`planning.understanding.cues`); this module holds only the order of the parts.
"""

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from planning.understanding.addressed_text import addressed_text_start
from planning.understanding.cues import Cues, Words, cues
from planning.understanding.lexicon import evidence_in
from planning.understanding.timewords import WEEKDAYS


def _action_at(words: Words, said: tuple[str, ...], index: int, *, reading: bool = False) -> bool:
    """Whether a clause of its own starts at token ``index``: a verb or question word of ``clause_verbs.txt``, or
    "grab"/"take" before a length or a meeting ("grab a quick 15 min call"). ``reading`` (a message read, not a
    training example): an answer to an invitation too ("…, and decline the launch review": intent_update_answers.txt),
    which is a request of its own; training examples are split as before, so that the trained model does not move."""
    if index >= len(said):
        return False
    if cues("clause_verbs").at(said, index) is not None:
        return True
    if reading and cues("intent_update_answers").at(said, index) is not None:
        return True
    if reading and _asks_for_a_record(said, index):
        return True
    return said[index] in cues("time_grab_verbs") and _grabs_time(said, index + 1)


def _asks_for_a_record(said: tuple[str, ...], index: int) -> bool:
    """ "new task for sarah: send acme …", "a reminder to call dana": a heading that asks for a record made
    (data/asking_headings.txt), then who or what it is for (data/asking_heading_links.txt): a request of its own
    without a verb."""
    from planning.understanding.word_lists import listed  # here: word_lists reads through commands, which reads this

    heading = listed("asking_headings").at(said, index)
    if heading is None or index + heading[0] >= len(said):
        return False
    return listed("asking_heading_links").at(said, index + heading[0]) is not None


def _grabs_time(said: tuple[str, ...], index: int) -> bool:
    """ "a quick 15 min call", "30min", "half an hour" from token ``index``."""
    for table in (cues("time_grab_leads"), cues("time_grab_sizes")):
        found = table.at(said, index) if index < len(said) else None
        index = found.end if found is not None else index
    if index >= len(said):
        return False
    units = [phrase[0] for phrase, _ in cues("time_grab_units").entries]
    word = said[index]
    number = word[: len(word) - len(word.lstrip("0123456789"))]
    candidates = [word]
    if number:
        candidates.append(word[len(number) :] or (said[index + 1] if index + 1 < len(said) else ""))
    return any(candidate and candidate.startswith(unit) for candidate in candidates for unit in units)


def _boundaries(text: str, start: int = 0, *, questions: bool = False) -> Iterator[tuple[int, int]]:
    """Where one clause ends and the next with an action of its own begins: (the end of the first, the start of
    the next), from ``start`` on. A boundary is a full stop (a question mark too: ``questions``), a semicolon, a
    comma, or words of ``clause_boundaries.txt`` (after an optional comma); the next clause starts with an action,
    not with "tell him" (which says more of the same message)."""
    words = Words.of(text)
    said = _uncontracted(text)
    index = 0
    while index < len(said):
        found = _boundary_at(words, said, index, _QUESTION_ENDS if questions else _SENTENCE_ENDS, reading=questions)
        if found is None or found[0] < start:
            index += 1
            continue
        yield found[0], words.char_start(found[1])
        index = found[1]


_SENTENCE_ENDS = frozenset({";", "."})
# "what was dana's last mail about? reply that …": a question mark ends a request too, when the message is read, and
# so do an exclamation mark and an emoji ("GLOBEX SIGNED 🎉🎉 can you move the globex deal …": a cheer, then the ask)
# (``clauses(questions=True)``); the training examples are split as before, so that the trained model does not
# move with it (its veto threshold sits where six examples split otherwise moved three devel requests)
_QUESTION_ENDS = _SENTENCE_ENDS | {"?", "!"}


def _boundary_at(
    words: Words, said: tuple[str, ...], index: int, ends: frozenset[str] = _SENTENCE_ENDS, *, reading: bool = False
) -> tuple[int, int] | None:
    """A boundary starting at token ``index``: (where it starts in the text, the token the next clause starts at)."""
    text, word = words.text, said[index]
    if word in ends or (reading and _symbol(word)):
        if _exclaimed(word) and _said_before(said, index) < 2:
            return None  # "morning! do i have …": a greeting, not a clause of its own
        start = words.char_end(index - 1) if index else words.char_start(index)
        next_acts = _next_is_action(words, said, index + 1, reading=reading)
        return (start, index + 1) if _spaced(words, index) and next_acts else None
    comma = word == ","
    if comma and not _spaced(words, index):
        return None
    at = index + 1 if comma else index
    if not comma and (index == 0 or not text[words.char_start(index) - 1].isspace()):
        return None
    start = words.char_start(index) if comma else words.char_end(index - 1)
    table = cues("clause_boundaries")
    for phrase, kind in table.entries:  # the longest first: "and then" before "and"
        end = at + len(phrase)
        if said[at:end] != phrase or (kind == "after a comma" and not comma) or not _spaced(words, end - 1):
            continue
        if _next_is_action(words, said, end, reading=reading):
            return start, end
    return (start, at) if comma and _next_is_action(words, said, at, reading=reading) else None


def _exclaimed(word: str) -> bool:
    return word == "!" or _symbol(word)


def _said_before(said: tuple[str, ...], index: int) -> int:
    """How many words stand before token ``index`` (and the marks that exclaim right before it: "🎉🎉") since the last
    mark that ends a sentence or exclaims."""
    while index > 0 and _exclaimed(said[index - 1]):
        index -= 1
    count = 0
    while index > 0 and not (said[index - 1] in _QUESTION_ENDS or _exclaimed(said[index - 1])):
        index, count = index - 1, count + 1
    return count


def _symbol(word: str) -> bool:
    """Whether the token is an emoji or another pictured symbol."""
    return bool(word) and unicodedata.category(word[0]) == "So"


def _spaced(words: Words, index: int) -> bool:
    """Whether whitespace follows token ``index``."""
    end = words.char_end(index)
    return end < len(words.text) and words.text[end].isspace()


def _next_is_action(words: Words, said: tuple[str, ...], index: int, *, reading: bool = False) -> bool:
    """Whether the clause starting at token ``index`` has an action of its own (after "please", "can you" …), and
    is not "tell him …", "ask her …", nor "call it …" (a title)."""
    if index >= len(said):
        return False
    if (
        said[index] in cues("telling_verbs")
        and said[index + 1 : index + 2]
        and said[index + 1] in cues("recipient_pronouns")
    ):
        return False
    if said[index] in cues("telling_verbs") and said[index] not in cues("clause_verbs"):  # "and ask maria if …"
        named = said[index + 1] if index + 1 < len(said) else ""
        return named.isalpha() and named not in cues("asked_not_addressed")
    opener = cues("clause_openers").at(said, index)
    spaced = opener is not None and opener.end < len(said) and _spaced(words, opener.end - 1)
    if cues("title_callers").at(said, opener.end if spaced and opener is not None else index) is not None:
        return False  # "… and call it security review": the title of the event just asked for
    after_opener = spaced and opener is not None and _action_at(words, said, opener.end, reading=reading)
    return after_opener or _action_at(words, said, index, reading=reading)


def starts_with_action(text: str) -> bool:
    """Whether ``text`` starts with an action of its own, as a message is read ("send laura …", "pls decline …")."""
    return _next_is_action(Words.of(text), _uncontracted(text), 0, reading=True)


def next_clause(text: str, start: int) -> int:
    """Where the next clause with an action of its own begins after ``start`` (the end of ``text`` if none)."""
    return next((end for end, _ in _boundaries(text, start)), len(text))


def _feeds(text: str) -> bool:
    """A clause that only produces something the next clause uses: a lookup of an address or a number ("find Tom's
    email address"), a search for a slot ("find a time with Tom"), a summary."""
    words = Words.of(text)
    seq = words.words
    if cues("summary_verbs").at(words) is not None:
        return True
    verb = cues("feeder_verbs").at(words)
    if verb is not None and verb.end < len(seq):
        at = verb.end + 1 if seq[verb.end] == "out" else verb.end
        starts = [at]  # the thing itself, or the thing after someone's ("Tom's email address")
        for index in range(at, len(seq)):
            if not words.is_word(index):
                break
            if seq[index].endswith("'s"):
                starts.append(index + 1)
        if any(_fetched_thing(words, start) for start in starts):
            return True
    finder = cues("slot_finders").at(words)
    return finder is not None and any(word in cues("slot_words") for word in seq[finder.end :])


def _fetched_thing(words: Words, start: int) -> bool:
    """An address, a number or contact details at token ``start`` ("email address", "numbers")."""
    if start >= len(words):
        return False
    things = cues("feeder_things")
    return things.at(words, start) is not None or any(
        len(phrase) == 1 and words.words[start].startswith(phrase[0]) for phrase, _ in things.entries
    )


Route = Literal["single", "multi"]


def uses_previous(text: str) -> bool:
    """Whether a clause acts on what the one before it produced ("book it", "send them the summary")."""
    return cues("uses_previous").find(_uncontracted(text)) is not None


def _uncontracted(text: str) -> tuple[str, ...]:
    """The words of ``text`` without what follows an apostrophe ("it's" → "it"), as word boundaries read them."""
    return tuple(word.split("'")[0] for word in Words.of(text).words)


@dataclass(frozen=True, slots=True)
class Clause:
    text: str
    start: int
    feeds_next: bool = False


class QueryClassifier:
    """``classify`` says single or multi; ``clauses`` gives the pieces the goal parser reads."""

    def classify(self, text: str) -> Route:
        goals = [c for c in self.clauses(text) if not c.feeds_next]
        return "multi" if len(goals) > 1 else "single"

    def clauses(self, text: str, *, questions: bool = False) -> list[Clause]:
        """``questions``: a question mark ends a clause like a full stop (when a message is read, not in training)."""
        pieces: list[Clause] = []
        last = 0
        said = addressed_text_start(text)  # "email priya: …, pls bring the deck": what follows the colon is the text
        if said is None:  # "email sarah - running late, start without me": the same after a dash, or a topic's colon
            from planning.understanding.given_text import sent_text_start  # here: it reads the commands' word lists,

            said = sent_text_start(text)  # whose package imports this module
        for end, start in _boundaries(text, questions=questions):
            if said is not None and end >= said:
                if not _request_after_text(text, end, start):
                    continue  # the words to send go on
                said = None  # "email tom: running late. also book lunch w maria fri": a request after the text
            piece = text[last:end].strip(" ,;.")
            if piece:
                pieces.append(Clause(piece, last))
            last = start
        tail = text[last:].strip(" ,;.")
        if tail:
            pieces.append(Clause(tail, last))
        if not pieces:
            return [Clause(text.strip(), 0)]
        return _mark_feeders(_join_asked_of_it(_join_said_on(_join_verbless(_split_gapped(_split_telling(pieces))))))


def _request_after_text(text: str, end: int, start: int) -> bool:
    """Whether the clause that starts at ``start`` (after ``end``) is a request of its own after the words to send,
    led by a word of data/cues/request_after_text.txt ("… running late. also book lunch w maria fri", on a line of
    its own too)."""
    words = Words.of(text[start:])
    if cues("request_after_text").at(words.words, 0) is not None:
        return True
    gap = text[end:start]
    sentence_ended = text[:end].rstrip().endswith((".", "!")) or gap.strip().startswith((".", "!")) or "\n" in gap
    if not sentence_ended:
        return False
    joined_in_gap = cues("request_after_text_joined").value(Words.of(gap).words) is not None
    joined = cues("request_after_text_joined").at(words.words, 0)  # ". and create a task …": after its joiner
    if joined_in_gap:
        return _acts_on_a_thing(text[start:])
    return (
        joined is not None
        and joined.end < len(words.words)
        and _acts_on_a_thing(text[start + words.char_start(joined.end) :])
    )


def _acts_on_a_thing(sentence: str) -> bool:
    """Whether a sentence starts with an action and names a thing of the assistant's other than mail ("create a task
    to prep slides", "book lunch w maria"): what a person asks the assistant, never what they write to someone."""
    found = evidence_in(sentence)
    acts = any(cue.kind == "intent" and cue.start == 0 for cue in found)
    return acts and any(cue.kind == "entity" and cue.concept != "email" for cue in found)


def _telling(text: str) -> tuple[int, int] | None:
    """Where " and tell him …" is in ``text``: from the space before "and" to the verb."""
    words = Words.of(text)
    seq = words.words
    for index in range(1, len(seq) - 2):
        if (
            seq[index] == "and"
            and seq[index + 1] in cues("telling_verbs")
            and seq[index + 2] in cues("recipient_pronouns")
        ):
            return words.char_end(index - 1), words.char_start(index + 1)
    return None


def _split_telling(pieces: list[Clause]) -> list[Clause]:
    """ "email my boss and tell him I'm sick" is one email; "move the 1:1 and tell her" is a change and an email."""
    out: list[Clause] = []
    for piece in pieces:
        found = _telling(piece.text)
        if found is None or cues("message_words").in_text(piece.text[: found[0]]):
            out.append(piece)
            continue
        out.append(Clause(piece.text[: found[0]], piece.start))
        out.append(Clause(piece.text[found[1] :], piece.start + found[1]))
    return out


def _booking_verb(text: str) -> str | None:
    """The verb that books at the start of ``text`` ("book", "set up", "block out"), as typed."""
    words = Words.of(text)
    start = 1 if words.words[:1] == ("please",) else 0
    found = cues("booking_verbs").at(words, start)
    if found is None or found.end >= len(words) or not text[words.char_end(found.end - 1)].isspace():
        return None
    return words.text_of(found.start, found.end)


def _next_thing(text: str) -> tuple[int, int] | None:
    """Where ", and then a …" is in ``text``: from the comma or space before the join to the article."""
    words = Words.of(text)
    seq = words.words
    for join in cues("next_thing_joins").find_all(words, 1):
        at = join.end + 1 if seq[join.end : join.end + 1] == ("also",) else join.end
        if at + 1 < len(seq) and seq[at] in cues("next_thing_articles") and text[words.char_end(at)].isspace():
            before = join.start - 1 if seq[join.start - 1] == "," else join.start
            return words.char_end(before - 1), words.char_start(at)
    return None


def _own_details(text: str) -> bool:
    """Whether the second thing of a booking has details of its own: "with Tom", a day, "next week", "at 3",
    "3pm", "noon"."""
    words = Words.of(text)
    seq = words.words
    for index, word in enumerate(seq):
        if word in cues("detail_words") or word in WEEKDAYS:
            return True
        lead = cues("detail_leads").value((word,))
        after = seq[index + 1] if index + 1 < len(seq) else ""
        if lead == "word" and after and words.is_word(index + 1):
            return True
        if lead == "number" and after[:1].isdigit():
            return True
        hour = word.rstrip("apm")
        if hour[-1:].isdigit() and (word[len(hour) :] in cues("clock_halves") or after in cues("clock_halves")):
            return True
    return False


def _split_gapped(pieces: list[Clause]) -> list[Clause]:
    """One booking verb for two things: "book a sync with Priya at 2 and then a follow-up with them on Friday" is
    two bookings, the second read with the verb of the first ("book a follow-up with them on Friday")."""
    out: list[Clause] = []
    for piece in pieces:
        booking = _booking_verb(piece.text)
        verb = booking or _making_verb(piece.text)
        split = _next_thing(piece.text) if verb else None
        second = piece.text[split[1] :] if split else ""
        own = _own_details(second) if booking else _second_thing(second)
        if verb is None or split is None or not own:
            out.append(piece)
            continue
        out.append(Clause(piece.text[: split[0]], piece.start))
        out.append(Clause(f"{verb} {second}", piece.start + split[1]))
    return out


def _making_verb(text: str) -> str | None:
    """The verb that makes a CRM thing at the start of ``text`` ("add a note …"), from ``cues/record_verbs.txt``."""
    words = Words.of(text)
    start = 1 if words.words[:1] == ("please",) else 0
    found = cues("record_verbs").at(words, start)
    return words.text_of(found.start, found.end) if found else None


def _second_thing(text: str) -> bool:
    """Whether ``text`` ("a task to send the quote") names a second thing to make with its details after it."""
    words = Words.of(text)
    thing = cues("second_things").at(words, 1)
    return thing is not None and (
        thing.end == len(words) or cues("second_thing_links").at(words, thing.end) is not None
    )


def _join_verbless(pieces: list[Clause]) -> list[Clause]:
    """A piece too short to be a request of its own ("and Tom") stays with the one before."""
    joined: list[Clause] = []
    for piece in pieces:
        if (
            joined
            and len(piece.text.split()) < 2
            and not _action_at(Words.of(piece.text), _uncontracted(piece.text), 0)
        ):
            prev = joined.pop()
            joined.append(Clause(f"{prev.text} and {piece.text}", prev.start))
        else:
            joined.append(piece)
    return joined


def _join_said_on(pieces: list[Clause]) -> list[Clause]:
    """A piece said to the people a mail goes to ("email the team that standup's off, post your updates in #team"),
    after a piece whose words to send have begun, goes on with those words: one mail, not a request of its own. Said
    to them: it speaks to "you" (data/cues/said_to_you.txt), and does not open by asking the bot ("can you …").
    """
    joined: list[Clause] = []
    for piece in pieces:
        prev = joined[-1] if joined else None
        said = _uncontracted(piece.text)
        to_you = cues("said_to_you").find(said) is not None and cues("polite_openers").at(said) is None
        worded = prev is not None and _mail_worded(prev.text)
        if prev is not None and worded and to_you and cues("me_words").find(said) is None:
            joined[-1] = Clause(f"{prev.text}, {piece.text}", prev.start)
        else:
            joined.append(piece)
    return joined


def _mail_worded(text: str) -> bool:
    """A piece that sends a mail and has begun its words ("email the team that …", "tell sarah …", "let tom know …")."""
    sends = cues("message_words").in_text(text) or cues("told_verbs").in_text(text)
    return sends and (cues("body_leads").in_text(text) or cues("told_verbs").in_text(text))


def _join_asked_of_it(pieces: list[Clause]) -> list[Clause]:
    """A second question about the same thing ("when does the Acme deal close and how big is it?") asks more of
    what the first one reads: one request, not a question left unread."""
    joined: list[Clause] = []
    for piece in pieces:
        prev = joined[-1] if joined else None
        said = _uncontracted(piece.text)
        same = _starts(piece.text, cues("question_starts")) and cues("of_it_words").find(said) is not None
        same = same and cues("own_things").find(said) is None
        if prev is not None and same and (_starts(prev.text, cues("question_starts")) or _looks_up(prev.text)):
            joined[-1] = Clause(f"{prev.text} and {piece.text}", prev.start)
        else:
            joined.append(piece)
    return joined


def _starts(text: str, table: Cues) -> bool:
    said = _uncontracted(text)
    return bool(said) and table.at(said) is not None


def _looks_up(text: str) -> bool:
    """A clause that asks or shows ("what …", "show …", "pull up …")."""
    return _starts(text, cues("lookup_starts"))


def _bare_action(text: str) -> bool:
    """One verb alone, or with what it acts on ("cancel", "cancel them")."""
    words = Words.of(text)
    seq = words.words
    if not seq or not seq[0].isalnum() or len(seq) > 2 or len(text.split()) != len(seq):
        return False
    return len(seq) == 1 or seq[1] in cues("bare_objects")


def _mark_feeders(pieces: list[Clause]) -> list[Clause]:
    marked = []
    for index, piece in enumerate(pieces):
        nxt = pieces[index + 1] if index + 1 < len(pieces) else None
        feeds = bool(nxt and _feeds(piece.text) and uses_previous(nxt.text))
        # "what do I have tomorrow, I need to cancel": the question only says what the action is on
        feeds = feeds or bool(nxt and _looks_up(piece.text) and _bare_action(nxt.text))
        marked.append(Clause(piece.text, piece.start, feeds))
    return marked
