"""GoalUnderstandingService: text → goals with slots, a confidence, ambiguities and an explanation.

Deterministic (no LLM). Clauses come from the QueryClassifier; each is read into concepts
(``interpret``), its slots are extracted (``extract``), and clauses that only feed another one are folded
into the goal they feed.
"""

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from integrations.base.principal import Principal
from planning.types import Goal, MetaGoal, OutOfScope, ParseResult, Slots, TimeRange
from planning.understanding import everyday, existing, mail_asked, mail_cc, people_added, stated_record, values
from planning.understanding.about_pointed import about_pointed
from planning.understanding.absence_named import absence_named
from planning.understanding.arrow_moves import arrow_moved
from planning.understanding.attendee_swaps import joined
from planning.understanding.body_people import people_outside_text
from planning.understanding.cheers import as_exclamations
from planning.understanding.clarify import clarifying_question, describe, no_such_date
from planning.understanding.classifier import Clause, QueryClassifier, starts_with_action, uses_previous
from planning.understanding.combinations import artifact
from planning.understanding.commands import asides
from planning.understanding.commands.pointing import points_back
from planning.understanding.commands.value_clause import length_said, time_said
from planning.understanding.conditions import split_segments
from planning.understanding.cues import Words, cues
from planning.understanding.day_pointed import day_pointed
from planning.understanding.ellipsis import of_the_kind_before
from planning.understanding.event_description import description_change, named_event
from planning.understanding.event_group import event_group
from planning.understanding.examples import ExampleVoter, second_opinion
from planning.understanding.extract import ClauseSlots, read_slots
from planning.understanding.grounding import Grounding, Groundings, SameForEveryone, ground, known_names, named
from planning.understanding.guard import guard_goals
from planning.understanding.headings import past_heading
from planning.understanding.interpret import Reading, read_clause
from planning.understanding.invited_too import invited_too
from planning.understanding.learned.lazy import default_judge
from planning.understanding.learned.policy import Judge, Verdict
from planning.understanding.learned.reading import consult, with_choices
from planning.understanding.learned.tagger_lazy import knowing
from planning.understanding.names import EMAIL_ADDRESS, display_name
from planning.understanding.names import people as find_people
from planning.understanding.normalize import clean
from planning.understanding.note_clauses import note_kept_whole
from planning.understanding.pasted_on import pasted_on
from planning.understanding.people_apart import people_apart
from planning.understanding.possessed_people import unpossessed
from planning.understanding.pronouns_listed import pronoun_listed
from planning.understanding.record_amends import more_changes
from planning.understanding.record_changes import one_change
from planning.understanding.record_fields import as_slots, details_from
from planning.understanding.record_placing import placed_on
from planning.understanding.record_spelling import respelled
from planning.understanding.reminders import untimed_reminder
from planning.understanding.reported_wish import acted_on_after, reported_wish
from planning.understanding.role_asked import asked_role
from planning.understanding.said_beside import states
from planning.understanding.same_text import said_again
from planning.understanding.start_said import booked_at_start
from planning.understanding.stated_change import RECORDS, pointed_kind, stated_subject
from planning.understanding.stated_people import pointed_to_stated
from planning.understanding.subject_beside import with_subject_beside
from planning.understanding.taken_back import after_taken_back
from planning.understanding.time_said_again import time_said_last
from planning.understanding.timeexpr import find_duration, find_shift, read_times
from planning.understanding.title_beside import with_title_beside
from planning.understanding.words import FUNCTION_WORDS

CLARIFY_BELOW = 0.55
MAX_TEXT = 2000


@dataclass(frozen=True, slots=True)
class _Read:
    clause: Clause
    reading: Reading
    found: ClauseSlots


class GoalUnderstandingService:
    def __init__(
        self,
        classifier: QueryClassifier | None = None,
        voter: ExampleVoter | None = None,
        learned: Judge | None = None,
        *,
        rules_only: bool = False,
        grounding: Grounding | None = None,
        groundings: Groundings | None = None,
    ) -> None:
        """``grounding``: the same names for every requester; ``groundings``: each requester's own (they win)."""
        self._classifier = classifier or QueryClassifier()
        self._voter = voter  # labelled examples, asked when the rules are unsure of a single clause
        # the trained classifier, judging a single clause with the rules (planning.understanding.learned)
        self._learned = None if rules_only else (learned or default_judge())
        # names from the requester's accounts (planning.understanding.grounding)
        self._groundings = groundings or (SameForEveryone(grounding) if grounding is not None else None)

    def parse(
        self, text: str, now: datetime, chosen: tuple[str, str] | None = None, *, who: Principal | None = None
    ) -> ParseResult:
        """Understand ``text`` with ``now`` (an aware datetime) as the clock. ``chosen``: the (intent, entity) the
        user picked among the choices offered when the understanding was unsure; it decides the one goal. ``who``:
        the requester, whose own names ground the reading (``groundings``)."""
        grounding = self._groundings.for_requester(who) if self._groundings is not None else None
        cleaned = clean(text[:MAX_TEXT])
        with knowing(known_names(grounding.mentions(cleaned) if grounding is not None else ())):
            cleaned = past_heading(cleaned, now)  # "notes from the call - send …; book …": a label
        cleaned = after_taken_back(cleaned)  # "move the prep i just... nvm. move my 1:1 instead": the 1:1
        cleaned = time_said_last(cleaned, now)  # "on 3/12 at 10, sorry i mean 3/13": the time said last
        cleaned = pasted_on(cleaned)  # "log this on the globex deal: …": a note on that deal
        cleaned = absence_named(cleaned)  # "can't make the qbr thu, board prep. decline it": decline the qbr thu
        cleaned = day_pointed(cleaned, now)  # "i'm out wed, cancel my meetings that day": on wed
        cleaned = as_exclamations(arrow_moved(cleaned))  # "standup -> 10am pls": a move; "closed 🎉": a cheer
        if not cleaned:
            return _only("chat", "none", 0.5, "an empty message", clarify="What would you like me to do?")
        whole = _unnarrowed(self._parse_grounded(cleaned, now, chosen, grounding), cleaned)
        cut = asides.in_request(cleaned)  # "…, they're waiting on budget": a reason beside it, not its values
        if cut is None or asides.held_in(cut[1], _texts(whole)):
            return whole
        kept = self._parse_grounded(cut[0], now, chosen, grounding)
        lost = _named(whole) - _named(kept)
        if (lost and not _described_only(lost, cut, kept) and not _events_named(kept)) or _time_only_aside(whole, kept):
            return whole  # "rosa diaz has a new cell, …": who it is about; the "aside" said when it is
        if _amount_aside(whole, kept, cut[1]):  # "mark the acme deal closed won, final number came in at 52k"
            return whole
        if _field_value_aside(whole, kept):  # "update john's title, he's now the cto": the title is the aside's
            return whole
        return kept

    def _parse_grounded(
        self, cleaned: str, now: datetime, chosen: tuple[str, str] | None, grounding: Grounding | None
    ) -> ParseResult:
        mentions = grounding.mentions(cleaned) if grounding is not None else ()
        with knowing(known_names(mentions)):  # the slot tagger reads names of the user's own records as evidence
            parse = respelled(self._parse(cleaned, now, chosen, grounding), mentions)
            parse = said_again(people_apart(unpossessed(parse, mentions), mentions))
            parse = with_title_beside(parse, cleaned)  # "sarah got promoted to vp, update her title": that title
            return people_outside_text(parse, cleaned)  # "reply - i'll push john park on it": spoken of, not to

    def _parse(
        self, cleaned: str, now: datetime, chosen: tuple[str, str] | None, grounding: Grounding | None
    ) -> ParseResult:
        segments = split_segments(cleaned)
        reads: list[_Read] = []
        for segment in segments:
            cut = self._classifier.clauses(segment.action, questions=True)
            for clause in note_kept_whole(segment.action, cut):  # "add a note to X: …, send pricing": its text
                fed_by = reads[-1] if reads and reads[-1].clause.feeds_next else None
                reads.append(self._read(clause, now, fed_by))
        verdict: Verdict | None = None
        if chosen is not None and len(reads) == 1:
            reading = Reading(chosen[0], chosen[1], 0.95, None, f"you chose {describe(*chosen)}")  # type: ignore[arg-type]
            reads[0] = _reread(reads[0], reading, now)
            return guard_goals(_combine(reads, " ".join(s.action for s in segments)), segments, now)
        if self._learned is not None and len(reads) == 1 and len(segments) == 1 and segments[0].condition is None:
            reads[0], verdict = self._with_learned(reads[0], self._learned, now)
        elif self._learned is not None and len(reads) > 1:  # several requests: each clause judged on its own
            rules = [read.reading for read in reads]
            reads = [self._judged_in_turn(reads, index, self._learned, now) for index in range(len(reads))]
            reads = [_guess_kept(read, rule) for read, rule in zip(reads, rules, strict=True)]
            reads = _context_beside(reads, rules)
            reads = _elided(reads, rules, now)
        reads = _news_beside(reads)  # "john asked to push the review a week. can you move it to wed": news, the ask
        reads = _free_time_feeders(_value_said_apart(_length_said_apart(_time_said_apart(reads)), now))
        reads = _needed_bookings(reads, now)
        if self._voter is not None and len(reads) == 1 and (verdict is None or verdict.by == "rules"):
            reads = [self._with_second_opinion(reads[0], self._voter, now)]
        reads = [_reread(read, untimed_reminder(read.clause.text, read.reading, now), now) for read in reads]
        reads = [_reread(read, everyday.reread(read.clause.text, read.reading), now) for read in reads]
        unsure = verdict is not None and verdict.unsure
        asked = [mail_asked.reread(read.clause.text, read.reading, sure=not unsure) for read in reads]
        if any(new is not read.reading for new, read in zip(asked, reads, strict=True)):
            verdict = None  # the grammar of a question of what someone sent decides: no choice to offer
        reads = [_reread(read, new, now) for new, read in zip(asked, reads, strict=True)]
        reads = [_reread(read, people_added.reread(read.clause.text, read.reading), now) for read in reads]
        if grounding is not None and len(reads) == 1 and len(segments) == 1:
            # after the everyday readings: "archive the newsletter from acme" changes mail, whatever Acme is
            reads[0] = self._grounded(reads[0], grounding, now)
        elif grounding is not None:  # "decline the acme qbr, tell laura …": each clause's own names, its reading kept
            reads = [self._named_in(read, grounding) for read in reads]
        if grounding is not None:  # "globex deal closes the 20th now": an update of the deal the user has
            reads = [self._stated_on_record(read, grounding, now) for read in reads]
        reads = _stated_changes(_details_pointed_at(reads, now, grounding), now)
        described = [_described(read, now) for read in reads]  # "add to that call's description: …"
        if any(new is not read for new, read in zip(described, reads, strict=True)):
            reads, verdict = described, None
        reads = _asked_of_the_event_before(reads)
        parse = guard_goals(_combine(reads, " ".join(s.action for s in segments)), segments, now)
        return with_choices(with_subject_beside(parse), verdict)  # "… and send her a note saying my treat": re lunch

    def _with_learned(self, read: _Read, judge: Judge, now: datetime) -> tuple[_Read, Verdict | None]:
        reading, verdict = consult(judge, read.clause.text, read.reading, read.found.scope, said=read.found.slots.body)
        return _reread(read, reading, now), verdict

    def _judged_in_turn(self, reads: list[_Read], index: int, judge: Judge, now: datetime) -> _Read:
        """A clause of several, judged on its own words; one that acts on what the clause before it finds ("find a
        slot … and book it") is read in that context, which its words alone do not carry: the rules decide it."""
        if index and reads[index - 1].clause.feeds_next:
            return reads[index]
        return self._with_learned(reads[index], judge, now)[0]

    def _grounded(self, read: _Read, grounding: Grounding, now: datetime) -> _Read:
        mentions = tuple(m for m in grounding.mentions(read.clause.text) if not _not_sought(m.written, read))
        grounded = ground(read.clause.text, read.reading, mentions)
        if grounded is None:
            return read
        read = _reread(read, grounded.reading, now)
        found = ClauseSlots(named(read.found.slots, grounded), read.found.scope, read.found.ambiguities)
        return _Read(read.clause, read.reading, found)

    def _named_in(self, read: _Read, grounding: Grounding) -> _Read:
        """A clause of several with the thing it names as the user's records write it ("the acme qbr": "Acme
        quarterly business review"), when that is the kind of thing the clause acts on; what it asks is unchanged.
        A name in what the clause leaves out ("cancel my thursday meetings except the acme qbr") is kept, not sought."""
        mentions = tuple(m for m in grounding.mentions(read.clause.text) if not _not_sought(m.written, read))
        grounded = ground(read.clause.text, read.reading, mentions)
        if grounded is None or (grounded.reading.intent, grounded.reading.entity) != (
            read.reading.intent,
            read.reading.entity,
        ):
            return read
        found = ClauseSlots(named(read.found.slots, grounded), read.found.scope, read.found.ambiguities)
        return _Read(read.clause, read.reading, found)

    def _stated_on_record(self, read: _Read, grounding: Grounding, now: datetime) -> _Read:
        """A clause stating a new value of a record the user has, with no verb asking for anything, read as an
        update of it (stated_record.py) when the update finds that value; else as it was."""
        reading = stated_record.as_update(read.clause.text, read.reading, grounding.mentions(read.clause.text))
        if reading is None:
            return read
        changed = _reread(read, reading, now)
        return changed if stated_record.changes_something(changed.found.slots) else read

    def _with_second_opinion(self, read: _Read, voter: ExampleVoter, now: datetime) -> _Read:
        reading = second_opinion(read.clause.text, read.reading, voter)
        if reading is read.reading:
            return read
        return _Read(read.clause, reading, read_slots(read.clause.text, reading, now))

    def _read(self, clause: Clause, now: datetime, fed_by: "_Read | None") -> _Read:
        text = clause.text
        times = read_times(text, now)
        has_time = bool(times.times or times.impossible or find_duration(text) or find_shift(text))
        names_someone = bool(find_people(text)) or "@" in text
        concepts_text = EMAIL_ADDRESS.sub("someone", text)
        reading = read_clause(concepts_text, has_time=has_time, names_someone=names_someone)
        if fed_by is not None and reading.intent == "unsupported" and reading.offtopic is None:
            # "book it" after "find a slot": what the earlier clause found is the thing acted on
            reading = read_clause(concepts_text, has_time=True, names_someone=True)
        if reading.intent in ("chat", "unsupported"):
            return _Read(clause, reading, ClauseSlots(Slots()))
        found = read_slots(text, reading, now, future_times=times)
        booked = booked_at_start(text, reading, found.slots)  # "get me 30 min w dana thu, 2pm": that time booked
        return (
            _Read(clause, reading, found) if booked is reading else _Read(clause, booked, read_slots(text, booked, now))
        )


def _not_sought(written: str, read: _Read) -> bool:
    """Whether a name is in words of the clause that do not name what it acts on: what it leaves out ("… except the
    acme review"), what it says ("a note on it: … signed by john park"), the event a new one is placed against
    ("45 min with sarah before thursday's qbr")."""
    placed = read.found.scope.get("relative_to")
    kept = (
        read.found.scope.get("except"),
        read.found.slots.body,
        placed.get("query") if isinstance(placed, dict) else None,
    )
    return any(_inside(written, str(words).casefold()) for words in kept if words)


_PERSON_RECORDS = frozenset({"contact", "lead"})


def _unnarrowed(parse: ParseResult, text: str) -> ParseResult:
    """A change of a person's record named by the person is never narrowed by a company said only in a clause that
    asks nothing ("mark samir as unqualified, initech froze budgets": a reason, not where he works)."""
    changes = [g for g in parse.goals if g.intent in ("update", "delete") and g.entity in _PERSON_RECORDS]
    if not any(g.slots.people and g.slots.companies for g in changes):
        return parse
    idle = [clause.casefold() for clause in asides.idle_in_request(text)]
    if not idle:
        return parse
    return parse.with_goals(lambda goal: _companies_not_in(goal, idle) if goal in changes else goal)


def _companies_not_in(goal: Goal, idle: list[str]) -> Goal:
    kept = tuple(c for c in goal.slots.companies if not any(_inside(c, clause) for clause in idle))
    if not goal.slots.people or kept == goal.slots.companies:
        return goal
    return goal.model_copy(update={"slots": goal.slots.model_copy(update={"companies": kept})})


def _named(parse: ParseResult) -> set[str]:
    """The people, addresses and companies a reading names."""
    return {
        name.lower() for goal in parse.goals for name in (*goal.slots.people, *goal.slots.emails, *goal.slots.companies)
    }


def _described_only(lost: set[str], cut: tuple[str, tuple[str, ...]], kept: ParseResult) -> bool:
    """Whether the names only the asides said are in clauses saying who a person is ("…, he's the globex lead in the
    crm") beside a request for a thing other than a record: what the person is, not what the request acts on."""
    said, said_beside = cut
    described = [aside.casefold() for aside in said_beside if asides.describes_person(aside)]
    if len(described) != len(said_beside) or not asides.other_thing_asked(said):
        return False
    if any(goal.entity in _RECORDS for goal in kept.goals):
        return False
    return all(any(_inside(name, aside) for aside in described) for name in lost)


def _events_named(kept: ParseResult) -> bool:
    """Whether every goal of the reading without its asides moves, changes or cancels an event it names by its own
    words, and adds or removes only people it names: a person only the asides name is in the reason ("move the
    design crit to 2pm, omar is double booked at 1"), never who the event is found by. Beside such a change, an email
    that goes to people of its own ("…, month-end close is eating everything. and let her know"): never to them."""
    changes = [goal for goal in kept.goals if goal.entity == "event"]
    mails = [goal for goal in kept.goals if (goal.intent, goal.entity) == ("send", "email")]
    return (
        bool(changes)
        and len(changes) + len(mails) == len(kept.goals)
        and all(bool(goal.slots.people or goal.slots.emails) for goal in mails)
        and all(
            goal.intent in ("update", "delete")
            and bool(goal.slots.topic)
            and (not goal.scope.get("attendees_change") or bool(goal.slots.people or goal.slots.emails))
            for goal in changes
        )
    )


def _timed(parse: ParseResult) -> bool:
    """Whether a reading has a time of day for a goal (when it is, or where it moves to)."""
    times = [t for goal in parse.goals for t in (goal.slots.when, goal.slots.new_when) if t is not None]
    return any(t.has_clock_time for t in times) or any(goal.slots.shift_minutes for goal in parse.goals)


def _time_only_aside(whole: ParseResult, kept: ParseResult) -> bool:
    """Whether the "aside" said when it is: the whole reading has a clock time the reading without it lacks, or a
    time at all where that one has none ("dentist fri 8am, pls put it on the calendar"). A day in a reason beside a
    move that says where it goes is not one ("move the standup to thursday, she's out wed")."""
    clocked = _clocked(whole) and not _clocked(kept)
    moves_to = any(goal.slots.new_when is not None for goal in kept.goals)
    return clocked or (_timed(whole) and not _timed(kept) and not moves_to)


def _amount_aside(whole: ParseResult, kept: ParseResult, said_beside: tuple[str, ...]) -> bool:
    """Whether an "aside" says the amount of the deal the request changes ("mark the acme deal closed won, final
    number came in at 52k"): the whole reading's update of a deal has the amount an aside ends with, and the reading
    without the asides none. A number with more said after it is a reason ("…, they want 10k off")."""
    kept_amounts = [goal.slots.amount for goal in kept.goals if goal.intent == "update" and goal.entity == "deal"]
    if not kept_amounts or any(value is not None for value in kept_amounts):
        return False
    amounts = {goal.slots.amount for goal in whole.goals if goal.intent == "update" and goal.entity == "deal"}
    lasts = [Words.of(aside).words[-2:] for aside in said_beside]
    ends = {values.amount(" ".join(last)) for last in lasts if last and any(c.isdigit() for c in last[-1])}
    return bool(amounts & ends - {None})


def _field_value_aside(whole: ParseResult, kept: ParseResult) -> bool:
    """Whether an "aside" says the new value of the field an update of a record changes ("update john's title, he's
    now the cto"): the reading without the asides changes no field the whole reading sets, the same update read."""
    if [(g.intent, g.entity) for g in whole.goals] != [(g.intent, g.entity) for g in kept.goals]:
        return False
    for said, left in zip(whole.goals, kept.goals, strict=True):
        named = {key for key, _ in said.slots.field_changes} - {key for key, _ in left.slots.field_changes}
        if said.intent == "update" and named:
            return True
    return False


def _clocked(parse: ParseResult) -> bool:
    times = [t for goal in parse.goals for t in (goal.slots.when, goal.slots.new_when) if t is not None]
    return any(t.has_clock_time for t in times)


def _texts(parse: ParseResult) -> list[str]:
    """The texts a reading took from the request's words: bodies, subjects, topics, titles, changed fields."""
    out: list[str] = []
    for goal in parse.goals:
        slots = goal.slots
        out += [text for text in (slots.body, slots.subject, slots.topic, slots.title) if text]
        out += [value for _, value in slots.field_changes]
        out += [str(value) for value in goal.scope.values() if isinstance(value, str)]
    return out


def _free_time_feeders(reads: list[_Read]) -> list[_Read]:
    """ "find 45 mins with Fatima on Wednesday afternoon and put it on the calendar": a search for free time only
    feeds the booking after it that takes what it found ("it"), or that has no time of its own ("…, then schedule
    the budget review") (contract §2.9)."""
    out = list(reads)
    for index in range(len(out) - 1):
        search, booking = out[index], out[index + 1]
        searched = (search.reading.intent, search.reading.entity) == ("find", "availability")
        books = (booking.reading.intent, booking.reading.entity) == ("create", "event")
        takes = uses_previous(booking.clause.text) or booking.found.slots.when is None  # "… and book it", no time
        if searched and books and not search.clause.feeds_next and takes:
            out[index] = _Read(replace(search.clause, feeds_next=True), search.reading, search.found)
        elif _search_after_booking(first=search, then=booking):  # "45 min w sarah wed pm, find a time we're both free"
            then = booking  # the search, said second, goes first and feeds the booking
            out[index], out[index + 1] = _Read(replace(then.clause, feeds_next=True), then.reading, then.found), search
    return out


def _time_said_apart(reads: list[_Read]) -> list[_Read]:
    """ "ok 4pm then - book 30 min with dana about the renewal": a clause that says a time of day and nothing else,
    next to a booking that says no time of day, is the booking's start; it asks nothing of its own."""
    out = list(reads)
    for index, read in enumerate(reads):
        when = read.found.slots.when
        if when is None or not when.has_clock_time or read.found.slots.model_copy(update={"when": None}) != Slots():
            continue
        beside = [i for i in (index - 1, index + 1) if 0 <= i < len(reads) and _books_untimed(reads[i])]
        if len(beside) == 1 and len(reads) == 2:  # the time and the booking, nothing else said
            booking = reads[beside[0]]
            day = booking.found.slots.when  # "4pm. book 30 min with dana thursday": that day at 4pm
            if day is not None and day.end is not None and day.end - day.start > timedelta(days=1):
                return out  # "4pm. book lunch with priya next week": which day is not said
            if day is not None:
                when = TimeRange(start=datetime.combine(day.start.date(), when.start.timetz()), has_clock_time=True)
            slots = booking.found.slots.model_copy(update={"when": when})
            return [_Read(booking.clause, booking.reading, replace(booking.found, slots=slots))]
    return out


def _length_said_apart(reads: list[_Read]) -> list[_Read]:
    """ "put the partner summit on my calendar? details are in tom's email. give it 2 hours": a clause that asks
    nothing and says a length alone (:func:`.value_clause.length_said`), beside the one booking or move of the
    message that says none, is that event's length; it asks nothing of its own."""
    untimed = [
        i
        for i, read in enumerate(reads)
        if (read.reading.intent, read.reading.entity) in (("create", "event"), ("update", "event"))
        and not read.reading.guessed
        and read.found.slots.duration_minutes is None
    ]
    if len(untimed) != 1:
        return reads
    target = reads[untimed[0]]
    for index, read in enumerate(reads):
        asks = read.reading.intent not in ("chat", "unsupported") and not read.reading.guessed
        minutes = None if asks or index == untimed[0] or read.reading.offtopic else length_said(read.clause.text)
        if minutes is None:
            continue
        slots = target.found.slots.model_copy(update={"duration_minutes": minutes})
        lengthened = _Read(target.clause, target.reading, replace(target.found, slots=slots))
        return [lengthened if i == untimed[0] else other for i, other in enumerate(reads) if i != index]
    return reads


def _value_said_apart(reads: list[_Read], now: datetime) -> list[_Read]:
    """ "can we do 1pm instead of 11? move the acme call", "not 11 but 2pm, move it": a clause that asks nothing and
    says a time as a value alone (:func:`.value_clause.time_said`), beside the one move or booking of the message
    that says none, is where it moves to or when it is booked; it asks nothing of its own."""
    untimed = [i for i, read in enumerate(reads) if _moves_untimed(read) or _books_untimed(read)]
    if len(untimed) != 1:
        return reads
    target = reads[untimed[0]]
    for index, read in enumerate(reads):
        asks = read.reading.intent not in ("chat", "unsupported") and not read.reading.guessed
        when = None if asks or index == untimed[0] or read.reading.offtopic else time_said(read.clause.text, now)
        if when is None:
            continue
        moves = target.reading.intent == "update"
        day = None if moves else target.found.slots.when  # "thursday works better. book lunch w priya at noon"
        if day is not None and when.has_clock_time and day.end is not None and day.end - day.start <= timedelta(days=1):
            when = TimeRange(start=datetime.combine(day.start.date(), when.start.timetz()), has_clock_time=True)
        slots = target.found.slots.model_copy(update={"new_when" if moves else "when": when})
        moved = _Read(target.clause, target.reading, replace(target.found, slots=slots))
        return [moved if i == untimed[0] else other for i, other in enumerate(reads) if i != index]
    return reads


def _moves_untimed(read: _Read) -> bool:
    slots = read.found.slots
    moves = (read.reading.intent, read.reading.entity) == ("update", "event") and not read.reading.guessed
    return moves and slots.new_when is None and not slots.shift_minutes and slots.duration_minutes is None


def _books_untimed(read: _Read) -> bool:
    when = read.found.slots.when
    books = (read.reading.intent, read.reading.entity) == ("create", "event")
    return books and (when is None or not when.has_clock_time) and not read.found.scope.get("free_slot")


def _needed_bookings(reads: list[_Read], now: datetime) -> list[_Read]:
    """A meeting of a length said first as needed with people in a period ("i need 45 min with sarah and maria this
    week … - when are we all free?", "need 30 min with john on thursday"): the search of their free time there, then
    the booking of the time picked (contract §2.9). Not when a clause of its own searches free time (that search
    decides), nor when the question comes first ("when are maria and i both free? want an hour …": a question)."""
    if len(reads) != 1:
        return reads
    read = reads[0]
    label, slots = (read.reading.intent, read.reading.entity), read.found.slots
    needed = existing.length_needed(read.clause.text)
    if needed is None or not read.clause.text.casefold().startswith(needed) or not (slots.people or slots.emails):
        return reads
    if label == ("find", "availability"):
        why = f"{read.reading.explanation}; a meeting of that length is needed: the search, then the booking"
        read = _reread(read, replace(read.reading, intent="create", entity="event", explanation=why), now)
    elif label != ("create", "event") or slots.when is None or slots.when.end is None or slots.when.has_clock_time:
        return reads
    read.found.scope["free_slot"] = True
    return [read]


def _search_after_booking(*, first: _Read, then: _Read) -> bool:
    """A booking without a clock time, then a search for free time that says no time and no one of its own ("…, can
    you find a time we're both free"): the search is the booking's, and finds its start (contract §2.9)."""
    books = (first.reading.intent, first.reading.entity) == ("create", "event")
    searched = (then.reading.intent, then.reading.entity) == ("find", "availability")
    when, found = first.found.slots.when, then.found.slots
    untimed = when is None or not when.has_clock_time
    return books and searched and untimed and found.when is None and not found.people and not found.emails


def _stated_changes(reads: list[_Read], now: datetime) -> list[_Read]:
    """ "globex deal is at 140k now, can you update it": a clause that only asks to change what the clause before
    states makes that statement an update of its record (stated_change.py); the asking clause goes."""
    out: list[_Read] = []
    for whole in reads:
        for read in _asked_apart(whole, now):
            _stated_change(out, read, now)
    return out


def _asked_apart(read: _Read, now: datetime) -> list[_Read]:
    """ "peter has a new number, 555 0199, pls update his record" read as one clause: the statement and the clause
    after its last comma that only asks to change it, as two."""
    text = read.clause.text
    cut = text.rfind(",")
    if cut <= 0 or pointed_kind(text[cut + 1 :]) is None:
        return [read]
    stated = replace(read.clause, text=text[:cut].strip())
    asked = replace(read.clause, text=text[cut + 1 :].strip())
    return [_Read(stated, read.reading, read.found), _Read(asked, read.reading, ClauseSlots(Slots()))]


def _stated_change(out: list[_Read], read: _Read, now: datetime) -> None:
    """Append ``read`` to ``out``, or, when it only asks to change what the last read states, make that an update."""
    kind = pointed_kind(read.clause.text) if out else None
    before = out[-1] if out else None
    if kind is None or before is None or before.reading.intent not in ("find", "unsupported"):
        out.append(read)
        return
    entity = kind if kind != "any" else before.reading.entity
    if entity not in RECORDS and find_people(before.clause.text):
        entity = "contact"  # "peter has a new number, …, update it": the person's record
    if entity not in RECORDS:
        out.append(read)
        return
    why = f"'{read.clause.text}' asks to change what '{before.clause.text}' states"
    reading = Reading("update", entity, max(read.reading.confidence, 0.7), None, why)  # type: ignore[arg-type]
    changed = _reread(before, reading, now)
    subject = stated_subject(before.clause.text) if entity in ("contact", "lead") else None
    if subject is not None and not changed.found.slots.people:  # "peter gibbons has a new number": whose record
        slots = changed.found.slots.model_copy(update={"people": (subject,)})
        changed = _Read(changed.clause, changed.reading, replace(changed.found, slots=slots))
    out[-1] = changed


def _asked_of_the_event_before(reads: list[_Read]) -> list[_Read]:
    """A question of an event's field that names no event after a search for one ("who's on the acme qbr invite and
    what's the agenda"): asked of the event the clause before looks for, not of every event ahead — one search,
    answered with each field asked (scope ``event_fields_asked``)."""
    out = reads[:1]
    for read in reads[1:]:
        before = out[-1]
        kinds = {(r.reading.intent, r.reading.entity) for r in (before, read)}
        asked = read.found.scope.get("asked_field")
        if kinds != {("find", "event")} or not asked or read.found.slots != Slots():
            out.append(read)
            continue
        first = before.found.scope.get("asked_field")
        fields = list(dict.fromkeys([*before.found.scope.get("event_fields_asked", [first] if first else []), asked]))
        out[-1] = _Read(
            before.clause,
            before.reading,
            replace(before.found, scope={**before.found.scope, "event_fields_asked": fields}),
        )
    return out


def _elided(reads: list[_Read], rules: list[Reading], now: datetime) -> list[_Read]:
    """A request naming no thing of its own after another is of the same kind ("…; anything from Ana"); one that
    says nothing of its own either only asks the same again ("need a free hour thurs, what've i got")."""
    out = reads[:1]
    for read, own in zip(reads[1:], rules[1:], strict=True):
        same = of_the_kind_before(read.clause.text, own, out[-1].reading, read.reading)
        if same is None:
            out.append(read)
            continue
        again = _reread(read, same, now)
        if again.found.slots != Slots() or again.found.scope:  # "…; anything from Ana": a request of its own
            out.append(again)  # else "…, what've i got": the same request asked again, nothing more
    return out


def _reread(read: _Read, reading: Reading, now: datetime) -> _Read:
    """``read`` with ``reading`` instead of its own; the slots are read again when the label changed."""
    if reading is read.reading:
        return read
    if (reading.intent, reading.entity) == (read.reading.intent, read.reading.entity):
        return _Read(read.clause, reading, read.found)
    if reading.intent in ("chat", "unsupported"):
        return _Read(read.clause, reading, ClauseSlots(Slots()))
    return _Read(read.clause, reading, read_slots(read.clause.text, reading, now))


def _only(
    intent: str, entity: str, confidence: float, why: str, clarify: str | None = None, outside: OutOfScope | None = None
) -> ParseResult:
    goal = Goal.model_validate({"intent": intent, "entity": entity, "outside": outside})
    return ParseResult(
        meta=MetaGoal(meta_type="single", goals=(goal,)),
        confidence=confidence,
        explanation=why,
        clarify=clarify,
    )


def _guess_kept(read: _Read, rules: Reading) -> _Read:
    """A clause the rules only guessed a calendar request in stays a guess when the classifier agrees with them."""
    same = (read.reading.intent, read.reading.entity) == (rules.intent, rules.entity)
    if not rules.guessed or not same or read.reading.guessed:
        return read
    return _Read(read.clause, replace(read.reading, guessed=True), read.found)


def _context_beside(reads: list[_Read], rules: list[Reading]) -> list[_Read]:
    """Beside a clause that asks with an action of its own, a clause in which the rules found none and that states
    something ("priya's got board prep all thursday afternoon, can you move our 1:1 to friday"; "we're folding the wed
    sync into the standup. cancel the rest of the syncs") is context: a guess, whatever the classifier read in it. A
    clause that opens with an action, or whose finding the next clause acts on ("find 45 mins with sarah when we're
    both free friday and book it"), asks."""
    asking = [
        rule.intent not in ("chat", "unsupported") and (rule.asks or starts_with_action(read.clause.text))
        for read, rule in zip(reads, rules, strict=True)
    ]  # "find 45 min for the two of us": a verb of finding read as the thing found, still an ask
    if not any(asking):
        return reads
    return [
        _Read(read.clause, replace(read.reading, guessed=True), read.found)
        if not rule.asks and read.reading.intent not in ("chat", "unsupported") and _states_only(read.clause)
        else read
        for read, rule in zip(reads, rules, strict=True)
    ]


def _described(read: _Read, now: datetime) -> _Read:
    """A clause adding words to an event's description (or putting them in its place), read as that change of the
    event the clause names (event_description.py), whatever else its words looked like."""
    change = description_change(read.clause.text)
    if change is None:
        return read
    reading = Reading("update", "event", 0.9, None, f"'{change.event}' gets words in its description")
    found = read_slots(f"update the {named_event(change.event)}", reading, now)
    slots = found.slots.model_copy(update={"field_changes": (("description", change.text),)})
    return _Read(read.clause, reading, ClauseSlots(slots, {**found.scope, "description_added": change.append}))


def _news_beside(reads: list[_Read]) -> list[_Read]:
    """A clause telling someone else's wish ("john park asked to push the pricing review a week"), followed by a
    request of the same kind that points back at it ("can you move it to next wednesday"), is news beside the request:
    a guess that asks nothing, whose thing is what the request's pronoun stands for (reported_wish.py)."""
    out = list(reads)
    for index, read in enumerate(reads):
        kind = (read.reading.intent, read.reading.entity)
        if read.reading.guessed or kind[0] in ("chat", "unsupported") or not reported_wish(read.clause.text):
            continue
        asked = next(
            (
                at
                for at in range(index + 1, len(reads))
                if (reads[at].reading.intent, reads[at].reading.entity) == kind
                and not reads[at].reading.guessed
                and acted_on_after(reads[at].clause.text)
            ),
            None,
        )
        if asked is None:
            continue
        out[index] = _Read(read.clause, replace(read.reading, guessed=True), read.found)
        out[asked] = _Read(out[asked].clause, out[asked].reading, _told_values(out[asked].found, read.found.slots))
    return out


def _told_values(request: ClauseSlots, told: Slots) -> ClauseSlots:
    """The request's values with the event the news told of ("… move it …"), and the news's day under a time of day
    the request says alone ("priya asked to move our 1:1 to thursday. can you push it to 3pm?": Thursday at 3pm)."""
    update: dict[str, Any] = {}
    scope = dict(request.scope)
    if request.slots.topic is None and told.topic is not None:
        update["topic"] = told.topic
    new, day = request.slots.new_when, told.new_when
    if (
        new is not None
        and new.has_clock_time
        and scope.get("time_of_day")
        and day is not None
        and not day.has_clock_time
    ):
        start = new.start.astimezone(day.start.tzinfo)
        update["new_when"] = TimeRange(
            start=day.start.replace(hour=start.hour, minute=start.minute), has_clock_time=True
        )
        scope.pop("time_of_day")
    if not update:
        return request
    return replace(request, slots=request.slots.model_copy(update=update), scope=scope)


def _states_only(clause: Clause) -> bool:
    return not clause.feeds_next and not starts_with_action(clause.text) and states(clause.text)


def _details_pointed_at(reads: list[_Read], now: datetime, grounding: Grounding | None) -> list[_Read]:
    """A request that names no one but points at a person ("met a guy at the expo - ravi menon, stark industries,
    ravi@stark.com. add him as a lead"; "samir @ initech went dark. mark him unqualified") takes the person, with the
    address and (for a person's record) the company, from the context said before it, read as the request reads; or
    else the one person of the user's records it names."""
    out = [_record_pointed_at(reads, index, now, grounding) for index in range(len(reads))]
    for index, read in enumerate(out):
        slots = read.found.slots
        pointing = cues("person_pronouns").in_text(read.clause.text) or cues("us_pointers").in_text(read.clause.text)
        if _idle(read) or slots.people or slots.emails or not pointing:  # "her", "the two of us"
            continue
        if any(not _idle(r) and (r.found.slots.people or r.found.slots.emails) for r in reads[:index]):
            continue  # "book lunch w dana, send her the menu": the request before named who it is
        context = next((r for r in reversed(reads[:index]) if _idle(r)), None)
        said = read_slots(context.clause.text, read.reading, now).slots if context is not None else Slots()
        people = tuple(p for p in said.people if p.strip() not in cues("person_pronouns"))
        if not people and not said.emails and context is not None and grounding is not None:
            people = _person_named(context.clause.text, grounding)
        if not people and not said.emails:
            continue
        update: dict[str, Any] = {"people": people, "emails": said.emails}
        if (read.reading.intent, read.reading.entity in _PERSON_RECORDS) == ("create", True) and context is not None:
            listed = details_from(context.clause.text, people[0], read.reading.entity) if people else None
            update["companies"] = said.companies
            update.update(as_slots(listed, update, read.reading.entity) if listed is not None else {})
        out[index] = _Read(read.clause, read.reading, replace(read.found, slots=slots.model_copy(update=update)))
    return out


def _record_pointed_at(reads: list[_Read], index: int, now: datetime, grounding: Grounding | None) -> _Read:
    """A change of a company's record that names none ("globex deal closed!! mark it won", "acme signed. mark the
    deal won") is of the company the context just before it names, read as the change reads, or else the one company
    of the user's records it names."""
    read = reads[index]
    slots, reading = read.found.slots, read.reading
    if reading.intent not in ("update", "delete") or reading.entity not in _COMPANY_RECORDS or _idle(read):
        return read
    if slots.companies or slots.people or slots.emails or not index or not _idle(reads[index - 1]):
        return read
    context = reads[index - 1].clause.text
    companies = read_slots(context, reading, now).slots.companies
    if not companies and grounding is not None:  # "initech finally closed!!": a company of the user's records
        companies = tuple({m.written for m in grounding.mentions(context) if m.entities & _COMPANY_RECORDS})
    if len(companies) != 1:
        return read
    return _Read(read.clause, reading, replace(read.found, slots=slots.model_copy(update={"companies": companies})))


_COMPANY_RECORDS = frozenset({"deal", "account"})


def _person_named(text: str, grounding: Grounding) -> tuple[str, ...]:
    """The one person of the user's records (a contact or lead) ``text`` names, as written; () for none or several."""
    found = {m.written for m in grounding.mentions(text) if m.entities & _PERSON_RECORDS}
    return tuple(found) if len(found) == 1 else ()


def _idle(read: _Read) -> bool:
    """Whether a clause asks nothing: context beside a request, or no request at all (nor a refusal of one)."""
    reading = read.reading
    return reading.guessed or (reading.intent in ("chat", "unsupported") and reading.offtopic is None)


def _inside(written: str, left_out: str) -> bool:
    return bool(left_out) and written.casefold() in left_out


def _combine(reads: list[_Read], text: str) -> ParseResult:
    goals: list[Goal] = []
    explanations: list[str] = []
    ambiguities: list[str] = []
    dependencies: dict[int, tuple[int, ...]] = {}
    pending_feeder: _Read | None = None
    confidences: list[float] = []
    in_scope = [r for r in reads if r.reading.intent not in ("chat", "unsupported")]
    asked = [r for r in in_scope if not r.reading.guessed]
    stated: list[str] = []  # the people named where nothing is asked: "laura wants to go through the redlines. …"
    for read in reads:
        reading = read.reading
        if (reading.guessed and asked and read not in asked) or (reading.intent in ("chat", "unsupported") and asked):
            stated += [n.text for n in find_people(read.clause.text) if n.text not in stated]
        if reading.guessed and asked and read not in asked:  # "priya's out thursday, move our 1:1 …": a reason
            explanations.append(f"'{read.clause.text}' says why, it asks nothing")
            continue
        if goals and pending_feeder is None and (swap := joined(goals[-1], read.clause.text)) is not None:
            goals[-1] = swap  # "take Sarah off the Acme call and add John Smith": one change of its attendees
            explanations.append(f"'{read.clause.text}' changes the same event's attendees")
            continue
        copied_too = _copied_too(goals[-1], read.clause.text) if goals and not pending_feeder else None
        if copied_too is not None:
            goals[-1] = copied_too  # "reply to laura's email: tues works. also cc sarah": the reply's copies
            explanations.append(f"'{read.clause.text}' copies people on it")
            continue
        invited = invited_too(goals[-1], read.clause.text, read.found.slots) if goals and not pending_feeder else None
        if invited is not None:
            goals[-1] = invited  # "book a sync with ola thurs at 3, invite ken and mei": its attendees
            explanations.append(f"'{read.clause.text}' invites more people to it")
            continue
        if goals and pending_feeder is None and (placed := placed_on(goals[-1], read.clause.text)) is not None:
            goals[-1] = placed  # "… put it on the initech account": the record the note or task is about
            explanations.append(f"'{read.clause.text}' says which record it is on")
            continue
        if goals and pending_feeder is None and reading.entity != goals[-1].entity and points_back(read.clause.text):
            more = more_changes(goals[-1], read.clause.text)
            if more is not None:  # "move the acme deal to negotiation and bump it to 52k, …": "it" is the deal
                goals[-1] = more
                explanations.append(f"'{read.clause.text}' changes the same record")
                continue
        if reading.intent in ("chat", "unsupported") and in_scope:
            if reading.intent == "unsupported" and reading.offtopic:
                goals.append(Goal(intent="unsupported", entity="none", text=read.clause.text, outside=reading.offtopic))
                explanations.append(reading.explanation)
            elif goals and (amended := _amend(goals[-1], read.clause.text)) is not None:
                goals[-1] = amended  # ", make it last 3 hours": more about the goal before
                explanations.append(f"'{read.clause.text}' says more about it")
            elif goals and (more := more_changes(goals[-1], read.clause.text)) is not None:
                goals[-1] = more  # "… and make the amount 52k": more fields of the record it updates
                explanations.append(f"'{read.clause.text}' changes the same record")
            continue
        if read.clause.feeds_next and reading.intent not in ("chat", "unsupported"):
            pending_feeder = read
            continue
        scope: dict[str, Any] = {}
        slots = read.found.slots
        if pending_feeder is not None:
            scope, slots = _fold_feeder(pending_feeder, read, slots)
            explanations.append(f"'{pending_feeder.clause.text}' only feeds the next step")
            pending_feeder = None
        title = asked_role(read.clause.text) if reading.intent == "find" and reading.entity in _HOLD_ROLES else None
        if title is not None:  # "who's the cto over at acme": the company's contact with that title
            why = f"asks who is the {title}: a contact by job title"
            reading, scope["title"] = replace(reading, entity="contact", explanation=why), title
        slots, scope = _resolve_implied(read, slots, scope, goals)
        slots = pointed_to_stated(read.clause.text, slots, stated, goals)
        slots, scope = _about_earlier_record(read, slots, scope, goals)
        if not goals and reading.intent == "create" and reading.entity in ("note", "task"):
            slots = about_pointed(read.clause.text, slots.body or slots.subject, slots)  # "a note on it: …"
        slots = _topic_from_earlier(slots, goals)
        slots = _record_from_earlier(reading.intent, reading.entity, slots, goals)
        slots = _event_from_earlier(reading, read.clause.text, slots, goals)
        index = len(goals)
        if reading.intent == "send" and cues("reply_words").in_text(read.clause.text) and goals:
            earlier = _last_email_finding(goals)
            if earlier is not None:
                scope["reply_to_goal"] = earlier
                dependencies[index] = (earlier,)
        if reading.intent == "send" and cues("reply_words").in_text(read.clause.text):
            scope.setdefault("reply", True)
        people_of = _people_of_event_before(read, slots, goals)
        if people_of is not None:  # "cancel this morning's standup … and send the standup folks a quick email"
            scope["recipients_from_goal"], slots = people_of
            dependencies[index] = (people_of[0],)
        mail = (
            _mail_acted_on(goals)
            if read.found.scope.get("forward") and cues("pointing_words").in_text(read.clause.text)
            else None
        )
        if mail is not None and not slots.topic:
            scope["mail_from_goal"] = mail  # "reply to John's pricing question …, and fwd it to Sarah": that mail
            dependencies[index] = (mail,)
        goal = Goal(
            intent=reading.intent,
            entity=reading.entity,
            artifact=artifact(reading.intent, reading.entity),
            scope={**read.found.scope, **scope},
            slots=slots,
            text=read.clause.text,
            outside=reading.offtopic if reading.intent == "unsupported" else None,
        )
        merged = one_change(goals[-1], goal) if goals and index not in dependencies else None
        if merged is not None:  # "… and push the close date to 3/31": more changes of the same record
            goals[-1] = merged
            explanations.append(f"'{read.clause.text}' changes the same record")
            confidences.append(reading.confidence)
            continue
        goals.append(goal)
        explanations.append(reading.explanation)
        ambiguities.extend(read.found.ambiguities)
        confidences.append(reading.confidence)
        if reading.runner_up and reading.confidence < 0.75:
            ambiguities.append(f"could also be {reading.runner_up[0]}/{reading.runner_up[1]} (less likely)")
    if pending_feeder is not None:  # a feeder with nothing after it is a goal of its own
        return _combine(
            [_Read(Clause(pending_feeder.clause.text, 0), pending_feeder.reading, pending_feeder.found)], text
        )
    if not goals:
        first = reads[0].reading
        outside = first.offtopic if first.intent == "unsupported" else None
        return _only(first.intent, first.entity, round(first.confidence, 2), first.explanation, outside=outside)
    return _result(goals, dependencies, confidences, ambiguities, explanations)


def _result(
    goals: list[Goal],
    dependencies: dict[int, tuple[int, ...]],
    confidences: list[float],
    ambiguities: list[str],
    explanations: list[str],
) -> ParseResult:
    meta_type = "single" if len(goals) == 1 else ("dependent_multi" if dependencies else "independent_multi")
    meta = MetaGoal.model_validate({"meta_type": meta_type, "goals": goals, "dependencies": dependencies})
    confidence = round(min(confidences), 2) if confidences else 0.7
    clarify = no_such_date(goals) or (clarifying_question(goals, ambiguities) if confidence < CLARIFY_BELOW else None)
    return ParseResult(
        meta=meta,
        confidence=confidence,
        ambiguities=tuple(dict.fromkeys(ambiguities)),
        explanation="; ".join(explanations),
        clarify=clarify,
    )


def _fold_feeder(feeder: _Read, target: _Read, slots: Slots) -> tuple[dict[str, Any], Slots]:
    """A lookup, summary or slot search that only serves ``target`` becomes part of its goal."""
    f_slots = feeder.found.slots
    scope: dict[str, Any] = {}
    updates: dict[str, Any] = {}
    if feeder.reading.intent == "summarize":
        scope["summary_of"] = {
            "entity": feeder.reading.entity,
            "when": f_slots.when,
            "people": f_slots.people,
            "unread": f_slots.unread,
            "topic": f_slots.topic,
        }
    elif feeder.reading.entity == "availability":
        scope["free_slot"] = True
        updates["duration_minutes"] = f_slots.duration_minutes or slots.duration_minutes
        updates["when"] = f_slots.when or slots.when
    if slots.when is None and f_slots.when is not None:
        updates.setdefault("when", f_slots.when)
    if not slots.people and f_slots.people:
        updates["people"] = f_slots.people
    if not slots.emails and f_slots.emails:
        updates["emails"] = f_slots.emails
    return scope, slots.model_copy(update=updates)


_PRONOUN_TOPIC = frozenset({"it", "this", "that", "them", "those"})


def _topic_from_earlier(slots: Slots, goals: list[Goal]) -> Slots:
    """ "... and email Tom about it": "it" is what the earlier goal was about (its record, event or subject)."""
    pronoun_topic = (slots.topic or "").lower() in _PRONOUN_TOPIC
    pronoun_title = (slots.title or "").lower() in _PRONOUN_TOPIC  # "grab an hour with her to walk through it"
    if not goals or not (pronoun_topic or pronoun_title):
        return slots
    earlier = goals[-1]
    s = earlier.slots
    if earlier.entity in ("contact", "lead", "deal", "account"):
        topic = f"{s.companies[0]} {earlier.entity}" if s.companies else (s.people[0] if s.people else None)
    elif earlier.entity == "event":
        topic = s.title
    else:
        topic = s.subject or s.topic
    if not topic:
        return slots
    named = topic[0].upper() + topic[1:]
    update = {"topic": topic, "subject": named} if pronoun_topic else {}
    return slots.model_copy(update={**update, **({"title": named} if pronoun_title else {})})


_RECORDS = frozenset({"account", "deal", "lead", "contact", "note", "task"})
_HOLD_ROLES = frozenset({"account", "contact", "lead"})  # a question of who holds a role reads as one of these
_MADE_RECORD_TYPES = {"lead": "Lead", "contact": "Contact", "account": "Account", "deal": "Deal"}
_TAKES_RECORD = frozenset({"deal", "lead", "note", "task"})  # "…, and a task to send them the quote": their record


_RECORD_TYPES = {"account": "Account", "deal": "Deal", "lead": "Lead", "contact": "Contact"}


def _about_earlier_record(
    read: _Read, slots: Slots, scope: dict[str, Any], goals: list[Goal]
) -> tuple[Slots, dict[str, Any]]:
    """ "mark the globex deal closed won and add a note on it": a new note or task that points back is about the
    record the goal before acted on (its kind and its name), not an account of the same name."""
    reading = read.reading
    if reading.intent != "create" or reading.entity not in ("note", "task") or not goals:
        return slots, scope
    if not points_back(read.clause.text):
        return slots, scope
    earlier = goals[-1]
    if earlier.entity not in _RECORD_TYPES or not (earlier.slots.companies or earlier.slots.people):
        return slots, scope
    named = {"companies": earlier.slots.companies[:1], "people": earlier.slots.people[:1]}
    return slots.model_copy(update=named), {**scope, "about_type": _RECORD_TYPES[earlier.entity]}


def _record_from_earlier(intent: str, entity: str, slots: Slots, goals: list[Goal]) -> Slots:
    """ "bump the acme deal to 52k and push the close date to apr 15": a change of a record that names none is a
    change of the record of that kind the goal just before named."""
    if intent != "update" or entity not in _RECORDS or slots.companies or slots.people or not goals:
        return slots
    earlier = goals[-1]
    if earlier.entity != entity or earlier.intent not in ("update", "find"):
        return slots
    if not (earlier.slots.companies or earlier.slots.people):
        return slots
    return slots.model_copy(update={"companies": earlier.slots.companies[:1], "people": earlier.slots.people[:1]})


def _event_from_earlier(reading: Reading, text: str, slots: Slots, goals: list[Goal]) -> Slots:
    """ "invite sarah to the globex pricing review and move it to 4": a change of an event that only points back
    ("it", "that meeting") is a change of the event the goal just before changed or found, by the same words."""
    if reading.intent not in ("update", "delete") or reading.entity != "event" or not goals:
        return slots
    earlier = goals[-1]
    if earlier.entity != "event" or earlier.intent not in ("update", "find", "delete") or not points_back(text):
        return slots
    if slots.topic or slots.when is not None or not (earlier.slots.topic or earlier.slots.when is not None):
        return slots
    return slots.model_copy(update={"topic": earlier.slots.topic, "when": earlier.slots.when, "people": ()})


def _resolve_implied(
    read: _Read, slots: Slots, scope: dict[str, Any], goals: list[Goal]
) -> tuple[Slots, dict[str, Any]]:
    """ "with her", "them", "a follow-up": the person (or record) named in an earlier goal. A pronoun read as a
    person ("w/ him") is no one's name: it points back too."""
    named = tuple(p for p in slots.people if p.strip() not in cues("person_pronouns"))
    if goals and named != slots.people and not named and not slots.emails:
        slots = slots.model_copy(update={"people": named})
    text = read.clause.text
    if goals and slots.people and (pronoun := pronoun_listed(text)) is not None:
        return _with_listed_pronoun(slots, pronoun, goals), scope
    if not goals or slots.people or slots.emails:
        return slots, scope
    if not (cues("person_pronouns").in_text(text) or cues("follow_up_words").in_text(text)):
        return slots, scope
    for index in range(len(goals) - 1, -1, -1):
        earlier = goals[index]
        made = earlier.intent == "create" and earlier.entity in _MADE_RECORD_TYPES and not slots.companies
        if made and read.reading.entity in ("note", "task"):  # "new lead …, and put a note on her": the new lead
            return slots, {**scope, "record_from_goal": index, "about_type": _MADE_RECORD_TYPES[earlier.entity]}
        taken = read.reading.entity in _TAKES_RECORD and not slots.companies and earlier.entity in _RECORDS
        if taken and earlier.slots.companies:  # "an account for Umbrella …, and a deal for them": Umbrella's deal
            return slots.model_copy(update={"companies": earlier.slots.companies[:1]}), scope
        if earlier.slots.people or earlier.slots.emails:
            people = earlier.slots.people
            if earlier.slots.emails and len(earlier.slots.emails) >= len(people):  # their addresses were given
                people = ()
            return slots.model_copy(update={"people": people, "emails": earlier.slots.emails}), scope
        if earlier.entity in ("lead", "contact") and earlier.slots.companies:
            scope["person_from_goal"] = index
            return slots, scope
    return slots, scope


def _copied_too(goal: Goal, text: str) -> Goal | None:
    """A clause that only copies people on the email of the goal before it ("also cc sarah", "and bcc tom"): that
    goal, with them copied too."""
    if (goal.intent, goal.entity) != ("send", "email"):
        return None
    copied = mail_cc.copied(text)
    start = mail_cc.lead_start(text)
    if copied is None or start is None:
        return None
    before = Words.of(text[:start]).words
    if any(word not in FUNCTION_WORDS and cues("request_after_text").value((word,)) is None for word in before):
        return None  # "book lunch w tom and cc sarah on the invite": a request of its own
    earlier = goal.scope.get("cc") or {"people": [], "emails": []}
    cc = {
        "people": [*earlier["people"], *(p for p in copied.people if p not in earlier["people"])],
        "emails": [*earlier["emails"], *(e for e in copied.emails if e not in earlier["emails"])],
    }
    return goal.model_copy(update={"scope": {**goal.scope, "cc": cc}})


def _with_listed_pronoun(slots: Slots, pronoun: str, goals: list[Goal]) -> Slots:
    """ "reply to peter gibbons …, also set up a check-in w him and sarah": the people of the latest goal that names
    someone, before those named here; a title that says the pronoun says their name."""
    earlier = next((g for g in reversed(goals) if g.slots.people or g.slots.emails), None)
    if earlier is None:
        return slots
    said = {p.casefold() for p in slots.people}
    people = tuple(p for p in earlier.slots.people if p.casefold() not in said)
    update: dict[str, Any] = {"people": (*people, *slots.people), "emails": (*earlier.slots.emails, *slots.emails)}
    who = [*people, *(display_name(address) for address in earlier.slots.emails)]
    if slots.title and who:
        words = slots.title.split(" ")
        named = " ".join(w.title() for w in " and ".join(who).split(" "))
        update["title"] = " ".join(named if w.casefold() == pronoun.casefold() else w for w in words)
    return slots.model_copy(update=update)


def _people_of_event_before(read: _Read, slots: Slots, goals: list[Goal]) -> tuple[int, Slots] | None:
    """A message to the people of an event a goal before acts on ("send the standup folks a quick email", "email the
    attendees"): that goal, and the slots without the words that named them (no subject "Standup folks …")."""
    if (read.reading.intent, read.reading.entity) != ("send", "email") or slots.people or slots.emails:
        return None
    if read.found.scope.get("recipients_from_event") or read.found.scope.get("reply"):
        return None
    group = event_group(read.clause.text)
    if group is None:
        return None
    for index in range(len(goals) - 1, -1, -1):
        goal = goals[index]
        if goal.entity != "event" or goal.intent == "create":
            continue
        said = set(Words.of(" ".join(t for t in (goal.slots.title, goal.slots.topic, goal.text) if t)).words)
        if all(word in said for word in group.named):
            written = read.clause.text[group.span[0] : group.span[1]].casefold().removeprefix("the ").strip()
            kept = {f: None for f in ("subject", "topic") if written in str(getattr(slots, f) or "").casefold()}
            return index, slots.model_copy(update=kept)
        return None
    return None


def _amend(goal: Goal, text: str) -> Goal | None:
    """A clause that only says more about the goal before it ("make it last 3 hours"): that goal, amended."""
    if not cues("amend_openers").starts(text):
        return None
    duration = find_duration(text)
    if duration is None:
        return None
    return goal.model_copy(update={"slots": goal.slots.model_copy(update={"duration_minutes": duration.minutes})})


def _mail_acted_on(goals: list[Goal]) -> int | None:
    """The latest goal that finds a mail or acts on one it finds (a reply, a forward, a change to mail)."""
    for index in range(len(goals) - 1, -1, -1):
        goal = goals[index]
        finds = goal.intent == "find" or goal.scope.get("reply") or goal.scope.get("forward")
        if goal.entity == "email" and (finds or goal.intent == "update"):
            return index
    return None


def _last_email_finding(goals: list[Goal]) -> int | None:
    """The last goal that reads a mail: one that finds it, or one that takes its values from it ("put the summit
    from tom's email on my calendar"): a reply after it answers that mail."""
    for index in range(len(goals) - 1, -1, -1):
        found = goals[index].intent == "find" and goals[index].entity == "email"
        if found or isinstance(goals[index].scope.get("values_from_mail"), dict):
            return index
    return None
