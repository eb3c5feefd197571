"""One reading of a reply, with the conversation's context, into typed commands."""

from dataclasses import replace

from planning.understanding.commands import (
    _cancel_named,
    _clauses,
    _corrections,
    _covering,
    _decisions,
    _followups,
    _other_record,
    _people_swaps,
    _picks,
    _pronoun_named,
    _record_kind,
    _resends,
    _respelled,
    _run_on,
    _steps_named,
    aside_choice,
    asides,
    bare_asks,
    grounded,
    learned_reading,
    mail_picks,
    sent_fix,
)
from planning.understanding.commands._added_text import added_text
from planning.understanding.commands._answer_changes import answer_changed
from planning.understanding.commands._any_day import ANY_DAY
from planning.understanding.commands._bare_answers import bare_answer
from planning.understanding.commands._beside_booking import booked_at_asked, booked_beside
from planning.understanding.commands._control_first import taken_back
from planning.understanding.commands._field_stated import stated_field
from planning.understanding.commands._left_out import person_left_out
from planning.understanding.commands._list_keeps import kept_out
from planning.understanding.commands._meant_for import meant_for
from planning.understanding.commands._named_left import as_it
from planning.understanding.commands._only_people import only_people
from planning.understanding.commands._owners import owner_change
from planning.understanding.commands._people_changes import people_change, people_in_a_clause, people_joining
from planning.understanding.commands._picked_with import pick_and_people, said_as_added
from planning.understanding.commands._quiet import asks_nothing
from planning.understanding.commands._record_followups import record_change
from planning.understanding.commands._repicked import repicked
from planning.understanding.commands._said_texts import new_text
from planning.understanding.commands._typed_fields import typed_changes
from planning.understanding.commands._undo_retimed import undo_retimed
from planning.understanding.commands._values_besides import values_besides
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.accounted import every_clause
from planning.understanding.commands.answer import Answer
from planning.understanding.commands.as_reply import as_reply
from planning.understanding.commands.cannot_handle import CannotHandle
from planning.understanding.commands.changed_again import changed_again
from planning.understanding.commands.context import Context
from planning.understanding.commands.correct import OWNER, REQUESTER, Correct
from planning.understanding.commands.decide import Decide
from planning.understanding.commands.event_change import EventChange
from planning.understanding.commands.event_edits import event_edit
from planning.understanding.commands.kinds import Command, FollowUpChange
from planning.understanding.commands.listed_named import listed_named, named_among
from planning.understanding.commands.mail_again import mail_again
from planning.understanding.commands.name_given import name_given
from planning.understanding.commands.new_request import NewRequest
from planning.understanding.commands.occurrence_said import other_occurrence
from planning.understanding.commands.other_mail import other_mail
from planning.understanding.commands.pick import Pick
from planning.understanding.commands.record_change import RecordChange
from planning.understanding.commands.records_each import changed_each
from planning.understanding.commands.repeat_change import repeat_changed
from planning.understanding.commands.request_again import RequestAgain
from planning.understanding.commands.restate import asked_time, only_time
from planning.understanding.commands.rough_clock import with_clock_clause
from planning.understanding.commands.segment_acts import clause_acts, starts_request
from planning.understanding.commands.text_values import sort_of
from planning.understanding.commands.undo import Undo
from planning.understanding.commands.values import bare_clock, parse_answer
from planning.understanding.commands.values_said import after_event, after_record, at_event_card, time_instead
from planning.understanding.lexicon import evidence_in
from planning.understanding.timeexpr import find_times
from planning.understanding.timewords import find_duration
from planning.understanding.verbforms import AUXILIARIES, past_base, present_base
from planning.understanding.weekday_said import weekday_alone


def read_reply(text: str, context: Context) -> tuple[Command, ...]:
    """What ``text`` asks for, given what the conversation is waiting for: one command, or a few in order
    ("yes, and make it 4pm": a correction, then the approval), every clause of it accounted for (:mod:`.accounted`).
    Its asides (reasons and comments, :mod:`.asides`) are left out where they mislead the reading of the whole. An
    approval that says it covers every card ("yes both") is marked so (:mod:`._covering`), and a cancel that names one
    step ("cancel the email") is given that step (:mod:`._cancel_named`)."""
    other = _other_record.apart(text, context, read_reply)
    if other is not None:  # "yes. oh and john park has a new number, …, update him": his, a request of its own
        return other
    kind = _record_kind.retyped(text, context, read_reply)
    if kind is not None:  # "scratch that, make her a contact instead. title is vp finance": the card's kind changed
        return kind
    named = _pronoun_named.named_before(text, context, read_reply)
    if named is not None:  # "john asked if maria can sit in, add her": maria added to the event
        return named
    if _times_asked(context):  # "make it 45 she has a hard stop at 12": read with a comma where the reason runs on
        text = _run_on.marked(text) or text
    read = tuple(_event_values_of(c, context) or _record_field_of(c, context) for c in _read_reply(text, context))
    read = _requests_after_approval(tuple(_kind_said(c, context) for c in read))
    read = _comments_beside_left_out(read, context)
    read = _next_approved(text, read, context)
    commands = _cancel_named.marked(text, context, read)  # "cancel the email": that step
    return _covering.marked(text, context, commands, _read_reply)


def _times_asked(context: Context) -> bool:
    """Where the values a reply says are times, lengths or numbers, never words of a text: a time, a length or a
    number asked, or the card of a step on an event."""
    asked = context.question == "value" and context.value_kind in _BARE_ANSWERS
    return asked or (context.question == "approval" and context.doing in _EVENT_STEPS)


def _read_reply(text: str, context: Context) -> tuple[Command, ...]:
    apart = _value_apart(text, context)
    if apart is not None:  # "can we do 1 instead of 11? move it": the change the value says, "move it" its verb
        return apart
    whole = every_clause(text, context, _whole(text, context), _whole)
    cut = asides.split(text, context)
    if cut is None:
        return whole
    kept, said_aside = cut
    return aside_choice.chosen(whole, every_clause(kept, context, _whole(kept, context), _whole), kept, said_aside)


def _value_apart(text: str, context: Context) -> tuple[Command, ...] | None:
    """A message whose values are said in one clause and the change asked for in another that only names it ("…,
    thursday works better. move it", :mod:`.bare_asks`): the reading of the rest, when it is that change alone. At
    the card of that change the verb also approves it, the change made first."""
    cut = bare_asks.without_bare_asks(text)
    if cut is None:
        return None
    rest = _read_reply(cut[0], context)
    if not rest or not all(isinstance(command, _VALUE_CHANGES) for command in rest):
        return None
    approves = context.question == "approval" and cut[1] == context.doing  # "friday works better, book it"
    return (*rest, Decide("approve")) if approves else rest


_VALUE_CHANGES = (EventChange, Correct)


def _whole(text: str, context: Context) -> tuple[Command, ...]:
    """The reply read as one. A reply of several sentences that reads as nothing asked for, whose last sentence is a
    decision, a correction or a follow-up ("john can't do thursday. undo that"): the last sentence, the ones before
    it the reason."""
    commands = _read(text, context)
    reply = Reply.of(text)
    last = reply.last_sentence()
    reason = last is not None and not _request_start(reply, joined=True)  # "book lunch. make it an hour": a request
    if last is not None and reason and isinstance(commands[0], NewRequest | CannotHandle):
        again = _read(last, context)
        if isinstance(again[0], _DECISIVE):
            return again
    if isinstance(commands[0], NewRequest | CannotHandle):  # what the learned reading of its clauses places
        placed = learned_reading.read_again(text, context, _read, _fits)
        if placed is not None:
            return _clauses.replaced_folded(placed)  # "…, not today": what the value before it replaces
    return commands


def _read(text: str, context: Context) -> tuple[Command, ...]:
    reply = Reply.of(text)
    if not context.open_plan:  # "mark the quote one done, and the proposal one - push to wed": each record listed
        each = changed_each(reply, context.candidates) if "records" in context.left else ()
        again = changed_again(reply, context) if not each and "record" in context.left else ()
        back = undo_retimed(reply) if not each and not again and "event" in context.left else None
        return each or again or back or (_follow_up(reply, context),)  # "update park": on another of those picked among
    held = _held_for_edit(reply, context)
    if held is not None:  # "hold on, don't send it yet - add that …": kept, and its text changed
        return held
    occurrence = other_occurrence(reply, context)
    if occurrence is not None:  # "not today's, next monday's" at the delete of the standup found: that one
        return (occurrence,)
    instead = _clauses.then_request(reply, _turned_down, _request_start) if context.value_kind != "text" else None
    on_event = context.question == "approval" and context.doing in _EVENT_STEPS
    if instead is not None:  # "scratch that, email omar instead"
        changed = _followups.change_instead(reply) if on_event else None  # "don't delete it - move it … instead"
        return instead if changed is None else (changed,)
    # "no wait, not the nda - the signed msa john sent fri": another email searched for; "send it as a reply to his
    # launch plan email instead": the email a new one answers
    mail = other_mail(reply, context) or as_reply(reply, context)
    if mail is not None:
        return (mail,)
    kept = kept_out(reply, context.options) if context.question == "approval" else None
    if kept is not None:  # "keep the acme review, just cancel the priya one": items taken out of the list
        return kept
    alone = only_people(reply, context)
    if alone is not None:  # "actually just laura, dana doesn't need it": the plan's other people taken off
        return (alone,)
    cancel = _decisions.cancel(reply)
    if cancel is None:  # where a text is asked, only an action undone: "don't send it", never "nope"
        cancel = _decisions.turned_down(reply) if context.value_kind != "text" else _decisions.action_turned_down(reply)
    if cancel is not None:  # "no don't cancel it, push it back an hour": the change said in its place
        changed = _followups.change_instead(reply) if on_event else None
        if changed is None and cancel.action == "cancel":  # "scratch that, … do coffee wed at 9 instead"
            return _changed_in_its_place(reply, context) or (cancel,)
        return (cancel,) if changed is None else (changed,)
    if context.offered and not (context.question == "pick" and text.strip().isdigit()):
        if reply.is_one_of("offer_new") is not None:
            return (Pick(key="new"),)
        if reply.is_one_of("offer_keep") is not None:
            return (Pick(key="answer"),)
        if _unclear_at_offer(reply):  # "a", "yes", "ok": neither choice said; the offer is asked again
            return (CannotHandle("neither “new” nor an answer"),)
    left = person_left_out(reply, context) if context.question == "recover" else None
    if (
        left is not None
    ):  # "skip bob, just leave him off", "drop bob": on without the person the lookup found nobody for
        return (left,)
    owner = owner_change(reply) if _owned(context) else None
    if owner is not None:  # "put it on john smith not me": the person the record is given to
        return (owner,)
    beside = pick_and_people(reply, lambda said: _to_question(said, context)) if context.question == "pick" else None
    if beside is not None:  # "park, the globex one. and loop in john smith too": the pick, then he joins
        return beside
    grounded = _grounded(reply, context)
    if grounded is not None:  # "4:30 not 4", "85 not 80": the value shown that the reply says is replaced
        return (grounded,)
    repeat = repeat_changed(reply, context)
    if repeat is not None:  # "every other week actually" at a recurring booking's card: its rule
        return (repeat,)
    at_card = at_event_card(reply, context) if context.doing in _EVENT_STEPS else time_instead(reply, context)
    if at_card is not None:  # "start it at 10:30, still end at 11" at a booking; "10:30 actually" while a text is asked
        return (at_card,)
    split = _besides_value(reply, context) or _several(reply, context)
    if split is not None:
        return split
    correction = _correction(reply, context) or _value_instead(reply, context)
    if correction is not None and correction.field is None and not correction.people:
        fields = _record_fields(reply, context)  # "make it 24.5k" at a deal's card: its amount, not a word of a text
        if fields:
            return fields
    slot = _slot_said(correction, context) if correction is not None else None
    if slot is not None:  # "lets do 2:30, john has something right after lunch": the free time shown taken at 2:30
        return (slot,)
    day = _day_of_start(correction, context) if correction is not None else None
    if day is not None:
        return (Answer(day),)  # "hmm let's make it thursday" where a start is asked: its day
    if correction is not None:
        return (correction,)
    fields = _record_fields(reply, context)
    if fields:
        return fields
    stated = stated_field(reply, context.record_fields) if _on_record(context) else None
    if stated is not None:  # "company is northwind traders": a field of the record, stated with its value
        return (stated,)
    return (_to_question(reply, context),)


def _changed_in_its_place(reply: Reply, context: Context) -> tuple[Command, ...] | None:
    """At a card, words that turn it down and a last clause that says what to have in its place ("hmm scratch that,
    he's wfh tuesdays. do coffee wed at 9 instead", "nah forget it, 60k instead"): the card changed as that clause
    says (data/in_its_place.txt), never cancelled; the reasons between are left out. None when the last clause does
    not say so, or read alone it is no change of the card's values."""
    if context.question != "approval":
        return None
    pieces = _clauses.parts(reply)
    last = pieces[-1] if len(pieces) > 1 else None
    said = phrases("in_its_place")
    if last is None or not any(said.at(last.words, i) is not None for i in range(len(last.words))):
        return None
    changes = read_reply(last.text, context)
    if not changes or not all(isinstance(c, _IN_ITS_PLACE) for c in changes):
        return None
    return changes


_IN_ITS_PLACE = (Correct, EventChange, RecordChange)


def _held_for_edit(reply: Reply, context: Context) -> tuple[Command, ...] | None:
    """At an email's card, a first clause that turns the send down ("whoa, not yet", "don't send it yet") and a rest
    that changes its text ("add that …", "say tue not wed"): the send was held back for the change, not cancelled;
    the change is the reading. None otherwise ("scratch that, book lunch instead" is a cancel and a request)."""
    if context.question != "approval" or context.doing not in _MAIL_STEPS:
        return None

    def cancels(head: Reply) -> bool:  # the head, or a clause of it ("one sec, | don't send it yet")
        read = [c for one in (head, *_clauses.parts(head)) for c in read_reply(one.text, context)]
        return any(isinstance(c, Decide) and c.action == "cancel" for c in read)

    def edit(rest: Reply) -> tuple[Command, ...] | None:
        changed = _read(rest.text, context)
        texts = all(
            (isinstance(c, Decide) and c.action == "edit" and c.field in _TEXT_FIELDS)
            or (isinstance(c, Correct) and (c.replaces is not None or c.field in _TEXT_FIELDS))
            for c in changed
        )
        return changed if texts else None

    return _clauses.held_then(reply, cancels, edit)


_MAIL_STEPS = ("send_email", "create_draft", "reply_email", "forward_email")
_TEXT_FIELDS = ("body", "subject")


def _event_values_of(correction: Command, context: Context) -> EventChange | None:
    """At the card of a step on an event, a correction of no field named, or of its start, whose value says only
    times and lengths (the reason beside it left out by :func:`_correction`): the change of the event those values
    say, where a correction of one value cannot say it (:func:`.values_said.at_event_card`: a start and a length, as
    a range of the start's value "10 to 12"; a day where the card shows a move by an amount)."""
    if not isinstance(correction, Correct) or context.doing not in _EVENT_STEPS:
        return None
    if correction.field not in (None, "startTime") or correction.people:
        return None
    return at_event_card(Reply.of(bare_clock(correction.value) or correction.value), context)  # "10 on fri": 10am


def _record_field_of(command: Command, context: Context) -> Command:
    """At the card of a record's write, a correction of a field that record does not have, by that kind's own name
    for it (data/record_field_synonyms.txt: "name it initech renewal" at a deal's card is its name, at a task's its
    subject); a correction of no field named, the one field shown its value fits (:func:`.grounded.alone`, the
    story said beside it left out by :func:`_correction`); any other command as it is."""
    if not isinstance(command, Correct) or context.record_kind is None or command.people:
        return command
    if command.field is None:  # "maria says 14.5 is the floor, make it 14500": the one field shown it fits
        return grounded.alone(Reply.of(command.value), context) or command
    if command.field in context.record_fields:
        return command
    own = phrases("record_field_synonyms").value((context.record_kind.lower(), command.field.lower()))
    return replace(command, field=own) if own is not None and own in context.record_fields else command


def _next_approved(text: str, commands: tuple[Command, ...], context: Context) -> tuple[Command, ...]:
    """A reply read as leaving out the step asked or shown, whose last sentence approves the step after it by name
    ("skip the email, i'll tell him. decline is good, go"): the skip, then the approval of that step once shown."""
    if len(commands) != 1 or not isinstance(commands[0], Decide) or commands[0].action != "skip":
        return commands
    skipped = commands[0]
    shown = phrases("step_tool_things").value((context.steps[0][1],)) if context.steps else None
    if skipped.step is not None or skipped.target not in (None, shown):
        return commands
    approved = _steps_named.approved_next(Reply.of(text), context)
    return commands if approved is None else (skipped, approved)


def _requests_after_approval(commands: tuple[Command, ...]) -> tuple[Command, ...]:
    """ "yes. also make one for john …": a request said after an approval is said beside the plan, to start once it
    is done (``NewRequest.added``), never in its place."""
    approved = [i for i, c in enumerate(commands) if isinstance(c, Decide) and c.action == "approve"]
    if not approved:
        return commands
    return tuple(
        replace(c, added=True) if isinstance(c, NewRequest) and i > approved[0] else c for i, c in enumerate(commands)
    )


def _comments_beside_left_out(commands: tuple[Command, ...], context: Context) -> tuple[Command, ...]:
    """A "request" said beside another command that starts with no verb of a request and that the reply-act model
    does not read as one ("qualify her, great call today"; "mark it done, sent it friday"): a comment, left out,
    never queued to start after the plan as words no one can act on."""
    if len(commands) < 2 or not any(not isinstance(c, NewRequest) for c in commands):
        return commands
    return tuple(c for c in commands if not (isinstance(c, NewRequest) and _only_comment(c.text, context)))


def _only_comment(text: str, context: Context) -> bool:
    """Whether a clause is a comment: no request verb first, no value in it (a time, a number: "monday the 9th at 10
    instead" is a change), and not read as a request by the reply-act model."""
    reply = Reply.of(text)
    if starts_request(reply) or any(char.isdigit() for char in text) or find_times(text.lower(), ANY_DAY):
        return False
    acts = clause_acts(reply, context)
    return bool(acts) and all(not (a.act == "new_request" and a.probability >= _REQUEST_SURE) for a in acts)


_REQUEST_SURE = 0.6  # the reply-act model reads a clause as a request of its own at least this surely


def _kind_said(command: Command, context: Context) -> Command:
    """A request said at a card whose thing is a word that stands for one of the kind shown (data/kind_pronouns.txt:
    "make one for john to chase globex" at a task's card): the request with that kind said ("make a task for …")."""
    kind = context.record_kind.lower() if context.record_kind else "meeting" if context.doing in _EVENT_STEPS else None
    if not isinstance(command, NewRequest) or kind is None:
        return command
    said = Reply.of(command.text)
    start = said.after("also_leads")
    verb = phrases("request_starts").at(said.words, start)
    pronouns = phrases("kind_pronouns")
    after_verb = range(start + 1, start + verb[0] + 1) if verb is not None else range(0)  # "make one" is a start
    at = next((i for i in after_verb if pronouns.at(said.words, i) is not None), None)
    pronoun = pronouns.at(said.words, at) if at is not None else None
    if at is None or pronoun is None or at + pronoun[0] >= len(said.words):
        return command
    article = "an" if kind[0] in "aeiou" else "a"
    text = f"{said.rest(0, at)} {article} {kind} {said.rest(at + pronoun[0])}"
    return replace(command, text=text)


def _slot_said(correction: Correct, context: Context) -> Pick | None:
    """Where free times are shown to pick from, a time said as a correction of no field ("make it 2:30", "lets do
    2:30") that one of them holds: that free time taken at that time, not the search changed."""
    if context.question != "pick" or not _picks.free_slots(context.candidates):
        return None
    if correction.field is not None or correction.people or correction.replaces is not None:
        return None
    said = Reply.of(correction.value)
    if not said.words or not only_time(said.text):
        return None
    taken = _picks.slot_at(said, context.candidates)
    if taken is None or (taken.at is not None and not _picks.within(taken.at, context.candidates)):
        return None  # "make it 5pm" past every free time shown: the search changed
    return taken


def _day_of_start(correction: Correct, context: Context) -> str | None:
    """Where a start is asked, the day a correction gives and nothing else ("let's make it thursday", "fri the 13th
    instead"): the day of the start asked, which is then asked on that day; never a text's word."""
    if context.question != "value" or context.value_kind != "datetime" or correction.people:
        return None
    if correction.field not in (None, context.name):
        return None
    said = correction.value.lower()
    found = find_times(said, context.now or ANY_DAY)
    if len(found) != 1 or found[0].has_clock_time:
        return None
    spans = sorted(found[0].spans)
    rest = " ".join(
        said[end:begin] for (_, end), (begin, _) in zip([(0, 0), *spans], [*spans, (len(said), 0)], strict=True)
    )
    return " ".join(said[begin:end] for begin, end in spans) if asks_nothing(Reply.of(rest).words) else None


def _record_fields(reply: Reply, context: Context) -> tuple[Correct, ...]:
    """Values of the record the open plan writes, told by their form, at its approval or while nothing is asked ("his
    email's a@b.com and put him as contacted"): one correction a field, none when a value fits no field it has."""
    if not context.record_fields or context.question not in ("approval", "none"):
        return ()
    changes = typed_changes(reply)
    if not changes or any(change.field not in context.record_fields for change in changes):
        return ()
    return tuple(Correct(change.value, field=change.field) for change in changes)


def _without_tails(clause: Reply) -> Reply:
    """A clause without the words after a value that are no part of it ("prospecting for now")."""
    return Reply.of(clause.rest(0, clause.end_before(0, "stated_tails", "polite")))


def _owned(context: Context) -> bool:
    """Whether the open plan writes a record that has an owner, at its approval or while nothing is asked."""
    return OWNER in context.record_fields and _on_record(context)


def _on_record(context: Context) -> bool:
    """Whether the open plan writes a CRM record, at its approval or while nothing is asked."""
    return bool(context.record_fields) and context.question in ("approval", "none")


def _grounded(reply: Reply, context: Context) -> Correct | Pick | None:
    """A value said in the place of one the open step shows ("4:30 not 4", "85 not 80" where the amount is $80,000),
    or at a pick, the one named in the place of another ("park, the globex one. not smith"): :mod:`.grounded`."""
    if context.question == "pick":
        return grounded.picked(reply, context)
    if context.question not in ("approval", "value", "none"):
        return None
    text = context.value_kind == "text"  # where a text is asked, words are the text ("net 45 but not net 60")
    return grounded.replaced(reply, context, people_only=text)  # … unless they replace one of its people


_DECISIVE = (Undo, Correct, Decide, FollowUpChange, Pick)
_PEOPLE_CHANGES = ("addAttendees", "removeAttendees")


def _unclear_at_offer(reply: Reply) -> bool:
    """A reply at the new-request offer that says neither choice: one letter, a command word, a yes."""
    text = reply.text.strip()
    one_letter = len(text) == 1 and not text.isdigit()
    return one_letter or reply.is_one_of("not_a_value") is not None or _decisions.approve(reply) is not None


def _follow_up(reply: Reply, context: Context) -> Command:
    """After the last plan in the thread ended: a follow-up on what it made, or a new request."""
    if "email" in context.left:  # "its friday not thursday. can u unsend?": a correction, or the ask to take it back
        fix = sent_fix.corrected(reply) or meant_for(reply) or sent_fix.unsend(reply)  # "… it was meant for tom"
        if fix is not None:
            return fix
    if context.left:
        undo = _followups.undo(reply)
        if undo is not None:
            return undo
    if "free_time" in context.left and _picks.number_alone(reply):  # "1" at the free times shown: the first one
        taken = _picks.free_time_taken(reply, context.candidates)
        if taken is not None and taken.index is not None:  # else an hour asked about ("5" past the list: 5pm)
            return taken
    slot = _picks.slot_said(reply, context.candidates) if "free_time" in context.left else None
    if slot is not None:  # "tues 10am, call it summit rehearsal", "the tuesday one": a free time shown, taken
        return slot
    asked = asked_time(reply.text)
    if asked is not None and only_time(asked):  # "3:30-4:15 then" after a booking: the event made, changed
        values = after_event(reply, context) if "event" in context.left else None
        return values if values is not None else RequestAgain(reply.text)
    beside = booked_beside(reply)  # "right after it then? 30 min with omar": booked next to what was shown
    if beside is not None:
        return beside
    if "free_time" in context.left:  # "3pm works", "book the first one": one of the free times just shown
        yes = _decisions.approve(reply) is not None
        taken = _picks.free_time_taken(reply, context.candidates, yes=yes)
        if taken is not None:
            return taken
        booked = booked_at_asked(reply, context.candidates)
        if booked is not None:  # "ok grab 4:30 with tom for a hiring chat" after "yes, free at 4:30": booked then
            return booked
    if "email" in context.left:  # "send the same thing to kim too": the email again; "forward it to kim": forwarded
        forward = _resends.resend(reply) or _followups.forward(reply) or _followups.copied_in(reply)
        if forward is not None:
            return forward
    if "unsent" in context.left:  # "send that same note to priya instead": the email written and not sent
        again = _resends.resend(reply)
        if again is not None:
            return again
    if "mail_marks" in context.left and _followups.thanks(reply) is None:  # "the invoice one from maria too"
        again = mail_again(reply)
        if again is not None:
            return again
    if "event" in context.left:  # "push it to 11:30", or by the name it was made with: "push the intro to 11:30"
        title = _corrections.named_anew(reply)  # "oh, rename it to 'deep dive' - …": the event made, its new title
        if title is not None:
            return EventChange("title", title.value)
        pointed = as_it(reply, tuple(value for field, value in context.shown if field == "title"))
        for said in (reply, pointed) if pointed is not None else (reply,):
            change = _followups.delete_event(said) or _followups.event_changes(said) or _followups.event_change(said)
            if change is not None and (said is reply or change.field not in _PEOPLE_CHANGES):
                return change  # people invited to what was named ("as optional") are the request's to read
        for said in (reply, pointed) if pointed is not None else (reply,):  # "friday same time instead"
            values = after_event(said, context)
            if values is not None:
                return values
        place = _place_replaced(reply, context) or _person_replaced(reply, context)
        if place is not None:  # "we're doing luigi's instead of cafe roma", "i meant maria not tom": replaced
            return place
        people = people_change(reply) or people_joining(reply) or people_in_a_clause(reply)  # "and sam too"
        if people is not None and people.adding != people.removing:
            return EventChange("addAttendees" if people.adding else "removeAttendees", people.value)
    if "record" in context.left:
        written = after_record(reply, context)  # "0198 not 0199": a value it wrote, said again
        if written is not None:
            return written
        owner = owner_change(reply)  # "actually put it on john smith": given to someone else
        if owner is not None and owner.value != REQUESTER:
            return RecordChange("owner", owner.value)
        fields = record_change(reply)
        if fields is not None:
            return fields
        one = listed_named(reply.text, context.candidates, least=1)  # "mark the questionnaire one done": the one found
        fields = record_change(Reply.of(one.as_it(reply.text))) if one is not None else None
        if fields is not None:
            return fields
    if "records" in context.left:  # "the acme one, bump it to 52k": a change of one of the records listed
        fields = record_change(reply)
        named = _picks.mentioned(reply, context.candidates) if fields is not None else None
        if fields is not None and named is not None:
            return replace(fields, record=named.index)
        listed = listed_named(reply.text, context.candidates) if fields is None else None
        fields = record_change(Reply.of(listed.as_it(reply.text))) if listed is not None else None
        if fields is not None and listed is not None:  # "push the acme one out to apr 15": "push it out to apr 15"
            return replace(fields, record=listed.index)
        among = named_among(reply.text, context.candidates) if fields is None else None
        fields = record_change(Reply.of(among[1].as_it(reply.text))) if among is not None else None
        if fields is not None and among is not None:  # "mark the acme one done" of two Acme tasks: which of them
            return replace(fields, among=among[0])
    thanks = _followups.thanks(reply)
    return thanks if thanks is not None else NewRequest(reply.text)


def _place_replaced(reply: Reply, context: Context) -> EventChange | None:
    """After an event was made or changed, a place said in the place of the one it has (:mod:`.grounded`)."""
    said = grounded.replaced(reply, context)
    if said is None or said.field != "location":
        return None
    value = Reply.of(said.value)
    place = value.rest(value.after("leads", "polite", "answer_leads"))
    return EventChange("location", place) if place else None


def _person_replaced(reply: Reply, context: Context) -> EventChange | None:
    """After an event was made or changed, a person said in the place of one it invites ("argh i meant maria not
    tom"): the one named invited, the one replaced taken off (:mod:`.grounded`, against its attendees)."""
    said = grounded.replaced(reply, context)
    if said is None or not said.people or said.replaces is None:
        return None
    return EventChange("addAttendees", said.value, also=(("removeAttendees", said.replaces),))


def _several(reply: Reply, context: Context) -> tuple[Command, ...] | None:
    """A reply of several clauses, each a command ("make it 11 and pull priya in too", "yes, and make it 4pm",
    "make it 3pm and send it"): at an approval, changes and decisions; where a time, a length or a number is asked,
    the answer first, then changes of the plan ("3pm, and loop in dana")."""
    if context.question == "approval":
        if _decisions.approve(reply, thanks=True) is not None:
            return None  # "perfect, go": one approval in several words
        return _clauses.several(reply, lambda clause, first: _clause_at_card(clause, context, first=first))
    if context.question == "value" and context.value_kind in _BARE_ANSWERS:
        return _clauses.several(reply, lambda clause, first: _clause_at_value(clause, context, first=first))
    return None


def _besides_value(reply: Reply, context: Context) -> tuple[Command, ...] | None:
    """Where a time or a length is asked, other values of the plan said besides it or instead of it ("make it 45, and
    put zoom as the location"): the changes, then the answer when one was given."""
    if context.question != "value" or context.value_kind not in ("datetime", "duration"):
        return None
    holds = _holds_time if context.value_kind == "datetime" else _holds_length
    return values_besides(reply, holds, on_event=context.doing in _EVENT_STEPS)


def _holds_time(text: str) -> bool:
    return (
        bool(find_times(text.lower(), ANY_DAY)) or bare_clock(text) is not None or with_clock_clause(text) is not None
    )


def _holds_length(text: str) -> bool:
    return find_duration(text.lower()) is not None


def _value_instead(reply: Reply, context: Context) -> Correct | None:
    """At an approval, a time said alone in the last clause with a word that puts it in the place of the one shown
    ("thurs 3:30 instead?", "ugh, the globex thing. just do 1-3 then"), the clauses before it a reason: that time."""
    if context.question != "approval" or "datetime" not in context.correctable:
        return None
    words = reply.words
    marks = [i for i, word in enumerate(words[:-1]) if word in (*_CLAUSE_MARKS, ".", "!", "?")]
    clause = Reply(reply.text, reply.toks[marks[-1] + 1 :]) if marks else reply
    while clause.words and clause.words[-1] in (".", "!", "?"):
        clause = Reply(reply.text, clause.toks[:-1])
    start = clause.after("leads", "polite", "answer_leads", "book_verbs")
    if start >= len(clause.words) or phrases("instead").ending(clause.words) is None:
        return None
    value = clause.rest(start, clause.end_before(start, "instead"))
    only = replace(context, correctable=("datetime",))
    return Correct(value) if value and _only_value(value, only) else None


def _turned_down(reply: Reply) -> Command | None:
    return _decisions.cancel(reply) or _decisions.turned_down(reply)


def _clause_at_card(clause: Reply, context: Context, *, first: bool) -> Command | None:
    """One clause of a reply at an approval card: a decision, or a change of what the card shows."""
    for decide in (_decisions.cancel, _decisions.turned_down, _decisions.approve, _decisions.note):
        decided = decide(clause)
        if decided is not None:
            return decided
    stepped = _steps_named.decided(clause, context)
    if stepped is not None:  # "accept yes, skip the priya move for now": each step named by its words
        return stepped
    named = _decisions.doing_named(clause, context.doing) or (_decisions.skip(clause) if not first else None)
    if named is not None:  # "send the email but skip the meeting": this one approved, the other left out
        return named
    added = added_text(clause, context.doing)
    if added is not None:  # "…, but add a line on top: …": words added to the mail's text
        return added
    return _change_clause(clause, context, first=first)


def _clause_at_value(clause: Reply, context: Context, *, first: bool) -> Command | None:
    """One clause of a reply where a value is asked: the first is the answer, the others change the plan."""
    if first:
        answer = _value(clause, context)
        return answer if isinstance(answer, Answer) and not answer.search else None
    return _change_clause(clause, context, first=False, values=False)


def _change_clause(clause: Reply, context: Context, *, first: bool, values: bool = True) -> Command | None:
    """A change of the open plan said in one clause: people added, taken off or replaced, a field named; with
    ``values``, a value with a verb ("make it 11") and, after the first clause, a value alone that fits the plan
    ("…, 45 minutes")."""
    people = _corrections.people(clause) or people_change(clause)
    if people is not None:
        return people
    named = _corrections.named_field(clause)
    if named is None and _on_record(context):  # "…, company is northwind traders": a field of the record stated
        typed = _record_fields(clause, context)  # "…, and set status to contacted": told by the value's form
        named = stated_field(clause, context.record_fields) or (typed[0] if len(typed) == 1 else None)
        named = named or grounded.alone(_without_tails(clause), context, context.record_fields)  # "22k, prospecting"
    if named is not None or not values:
        return named
    edited = event_edit(clause) if context.doing in _EVENT_STEPS else None
    if edited is not None:  # "give it an hour", "put it in room 4"
        return edited
    bare = _corrections.bare(clause)
    if bare is not None and _fits(bare.value, context, bare.replaces):
        return bare
    alone = clause.rest(clause.after("leads", "polite"))
    if not first and alone and len(clause.words) <= _SHORT_VALUE and _only_value(alone, context):
        return Correct(alone)
    return None


def _only_value(value: str, context: Context) -> bool:
    """Whether ``value`` is a value the open plan may have and nothing else ("45 minutes", "at 3:30"), not a clause
    that holds a time ("he's flying in that morning")."""
    said = Reply.of(value)
    for kind in context.correctable:
        if kind == "duration":
            length = find_duration(value.lower())
            rest = value.lower()[: length.span[0]] + value.lower()[length.span[1] :] if length is not None else None
            if rest is not None and all(phrases("glue").value((w,)) is not None for w in Reply.of(rest).words):
                return True
        if kind in ("datetime", "date", "text") and only_time(bare_clock(value) or value):
            return True
        alone = replace(context, correctable=(kind,))
        if kind in ("number", "choice") and len(said.words) <= 2 and _fits(value, alone):
            return True
    return False


_SHORT_VALUE = 5  # tokens of a value said alone in a later clause ("45 minutes", "at 3:30")


def _correction(reply: Reply, context: Context) -> Correct | None:
    """A change of the open plan: as said; after words that join it to what came before ("and make it an hour");
    said with a reason after it ("make it 2 chicago time, laura's there"), the longest words before the reason that
    read as one."""
    start = reply.after("also_leads")
    said = Reply.of(reply.rest(start)) if start else reply
    for part in (reply, said):
        found = _correction_of(part, context)
        if found is not None:
            return found
    words, marks = said.words, phrases("reason_marks")
    for cut in [i for i in range(len(words) - 1, 1, -1) if marks.at(words, i) is not None]:
        found = _correction_of(Reply(said.text[: said.toks[cut - 1].end], said.toks[:cut]), context)
        if found is not None:
            return found
    for cut in [i for i in range(1, len(words) - 1) if words[i] in _CLAUSE_MARKS]:  # "ugh, no - it was meant for X"
        found = _corrections.people(Reply.of(said.rest(cut + 1)))
        if found is not None:
            return found
    return None


_CLAUSE_MARKS = (",", ";", "-", "–", "—")


def _correction_of(reply: Reply, context: Context) -> Correct | None:
    if context.question == "approval" and (answered := answer_changed(reply, context.doing)) is not None:
        return answered  # "make it tentative instead": another answer to the invitation shown
    people = _corrections.people(reply) or _people_changed(reply, context)
    if people is None and context.people:  # "and to omar as well" at the card: he gets it too
        people = _resends.also_to(reply)
    if people is not None:
        return people
    named = _corrections.named_field(reply)
    named = named or (_corrections.named_anew(reply) if context.question == "approval" else None)
    if named is not None:  # "change the subject to …"; at a card, "call it initech renewal"
        return named
    alone = grounded.alone(reply, context) if context.question == "approval" else None
    if alone is not None:  # "an hour", "4:30", "95k": the one value shown of its kind
        return alone
    bare = _corrections.bare(reply)
    one = bare is not None and (_one_clause(bare.value) or _only_value(bare.value, context))
    if bare is not None and one and _fits(bare.value, context, bare.replaces):
        return bare
    return None


def _people_changed(reply: Reply, context: Context) -> Correct | None:
    """People added or taken off at an approval or where a value other than a text is asked; where a text is asked,
    only the plan's own people taken off ("take tom off" while the subject is asked)."""
    spans = context.question == "approval" or (context.question == "value" and context.value_kind != "text")
    changed = people_change(reply)
    if changed is None or spans:
        return changed
    if context.question == "pick" and changed.adding and said_as_added(reply):
        return changed  # "loop in john smith too" beside "park": he joins the one picked, he is not the pick
    return changed if changed.removing and _people_swaps.among(changed.value, context.people) else None


def _one_clause(value: str) -> bool:
    """Whether a value is said in one clause: no word that joins clauses in it ("10:15 and bring laura along" holds
    two; what the second asks would be lost)."""
    words = Reply.of(value).words
    return not any(phrases("clause_joins").value((w,)) is not None for w in words)


def _fits(value: str, context: Context, replaces: str | None = None) -> bool:
    """Whether a bare value may be one the open plan has: a time, a length, a number, a choice; in a text, a value of
    a kind a text holds (:mod:`.text_values`), or any words in the place of those said as replaced."""
    for kind in context.correctable:
        if kind == "duration" and find_duration(value.lower()) is not None:
            return True
        if kind in ("datetime", "date") and find_times(bare_clock(value) or value, ANY_DAY):  # "make it 1": 1pm
            return True
        if kind in ("datetime", "date") and weekday_alone(value) is not None:  # "make it wed": that day of its week
            return True
        sort = sort_of(value)
        if kind == "text" and (replaces or (sort is not None and not (sort == "name" and context.people))):
            return True  # "make that wednesday", "make it 300"; a bare name where the plan has people is who, not text
        if kind in ("number", "choice") and parse_answer("amount" if kind == "number" else "stage", value, ANY_DAY).ok:
            return True
    return False


def _to_question(reply: Reply, context: Context) -> Command:
    """The reply read as what the open question asks for."""
    question = context.question
    if question == "approval":
        return _at_approval(reply, context)
    if question == "clarify":
        picked = _picks.by_number(reply, len(context.options))
        if picked is not None:
            return picked
        approved = _decisions.approve(reply)
        return approved if approved is not None else NewRequest(reply.text)
    skipped = _decisions.skip_said_last(reply) if question in ("pick", "recover", "value") else None
    if skipped is not None:
        return skipped
    if question == "pick" and _picks.free_slots(context.candidates):  # free times shown numbered (§2.9)
        taken = _picks.free_time_taken(reply, context.candidates, numbered=True)
        if taken is not None:  # "first one's fine, call it …", "right after our 1:1 works", "10:30 for the review"
            return taken
    if question == "pick":
        named = _picks.named_pick(reply, lambda said: _to_question(said, context))
        if named is not None:  # "1 works. call it roadmap sync": the one picked, with the name it books it by
            return named
        return _picked(reply, context) or _picked_first(reply, context) or Answer(reply.text)
    if question == "unknown_outcome":
        return _decisions.outcome(reply) or Answer(reply.text)
    if question == "past_start":
        return _decisions.past_start(reply) or Answer(reply.text)
    if question == "value":
        return _value(reply, context)
    if question == "recover":
        return _search_words(reply)
    return Answer(reply.text)


def _picked(reply: Reply, context: Context) -> Pick | None:
    """The one of those shown for a pick that the reply says, by number, label, description, time or a word."""
    return (
        mail_picks.by_mail(reply, context.candidates, context.now)  # "the older one": by date, not position
        or _picks.by_number(reply, len(context.options))
        or _picks.by_label(reply, context.options)
        or _picks.by_description(reply, context.candidates, context.options)
        or _picks.by_time(reply, context.candidates)
        or _picks.singled_out(reply, context.candidates, context.options)  # "ugh, smith": a word only it holds
    )


def _picked_first(reply: Reply, context: Context) -> Pick | None:
    """ "smith! park is the customer, don't send him our stuff": a pick said first, in a clause of its own, and the
    reason after it, which may name the others: the pick the first clause says, when it turns nothing down."""
    words = reply.words
    cut = next((i for i in range(1, len(words)) if words[i] in _PICK_ENDS), None)
    if cut is None or cut + 1 >= len(words):
        return None
    first = Reply(reply.text, reply.toks[:cut])
    if any(phrases(name).at(first.words, i) for name in ("negations", "replaces") for i in range(len(first.words))):
        return None  # "not smith, …": what is turned down is the grounded reader's
    rest = Reply.of(reply.rest(cut + 1))
    if rest.after("leads") > 0 or phrases("correction_leads").at(rest.words, 0) is not None:
        return None  # "the first one - wait no, the second": a change of mind, not a reason
    return _picked(first, context)


_PICK_ENDS = (".", "!", "?", ",", ";", "-", "–", "—")


def _search_words(reply: Reply) -> Command:
    """Words to look for where a lookup found nothing, read as a command or a request first ("yes", "ok do it",
    "undo that", "bump the due date to friday instead"): those are never searched for."""
    if reply.is_one_of("not_a_value") is not None or _command_word(reply) is not None or _instruction(reply):
        return CannotHandle("a command, not words to search for", command=_command_word(reply))
    starts = (0, _corrections.past_leads(reply), reply.after("leads", "polite", "answer_leads"))  # "oh wait, set …"
    if any(phrases("request_starts").at(reply.words, start) is not None for start in starts):
        return _new_request(reply)  # offered as a request of its own; else the words to look for (table)
    return Answer(reply.text)


def _at_approval(reply: Reply, context: Context) -> Command:
    only = _decisions.only_another(reply, context.doing)
    if only is not None:  # "just book the kickoff" at the email's card: that one only, the email left out
        return only
    stepped = _steps_named.decided(reply, context)
    if stepped is not None:  # "skip the demo for now" at the lead's card: the demo left out, the card still shown
        return stepped
    for decided in (_decisions.approve(reply, thanks=True), _decisions.skip(reply)):
        if decided is not None and decided.action == "skip" and context.people:
            people = _people_swaps.named_among((reply.before_reason() or reply).words, context.people)
            if people:  # "skip tom, he knows already": he is left out, not the whole step
                return Correct(" and ".join(people), people=True, removing=True)
        if decided is not None:
            return _which_unsaid(decided, reply, context)
    named = _decisions.approve_naming(reply, context.doing)
    if named is not None:  # "ok create it" where the record is there already: its verb said, another is made
        return named
    if context.doing in _EVENT_STEPS:  # "give it an hour", "push it back 15", "put it in room 4": the event's values
        edited = event_edit(reply)
        if edited is not None:
            return edited
    if context.doing in _ON_AN_EVENT:  # "don't delete it - move it to friday instead": that change in its place
        instead = _followups.change_instead(reply)
        if instead is not None:
            return instead
    choice = _decisions.card_choice(reply, context.choices, context.existing)
    if choice is not None:
        return choice
    added = added_text(reply, context.doing)
    if added is not None:  # "add that i can walk him through it": words added to the mail's text, shown again
        return added
    for read in (_decisions.remove, _decisions.edit, _decisions.note):
        decided = read(reply)
        if decided is not None:
            return decided
    said = new_text(reply, context.doing)
    if said is not None:  # "say we're in, see you friday" at a mail's card: its new text, shown again
        return said
    if _request_of_its_own(reply):  # "book 20 min w/ dana tmrw at 10" while a card waits: offered, never taken
        return _new_request(reply)
    fixed = _respelled.respelled(reply, context.people) if context.doing in _MAIL_SENDS else None
    if fixed is not None:  # "oops, it's jenn with 2 n's": the address of the name said again, respelled
        return fixed
    other = repicked(reply, context)
    if other is not None:  # "wait no - park" after smith was picked: the other one shown
        return other
    if phrases("asked_starts").at(reply.words, reply.after("also_leads")) is not None:  # "what's on wed": asked
        return _new_request(reply)
    return CannotHandle("not an answer to the approval")


def _which_unsaid(decided: Decide, reply: Reply, context: Context) -> Decide:
    """A yes at a card that found the thing already there says neither "create another" nor "use the existing one":
    the approve key alone (data/approve_key.txt) takes the card's approve action."""
    if decided.action != "approve" or not context.existing or reply.is_one_of("approve_key") is not None:
        return decided
    return replace(decided, unsure_which=True)


def _value(reply: Reply, context: Context) -> Command:
    if context.value_kind != "text" and _followups.undo(reply) is not None:
        return Undo()  # "argh wrong week. undo that" where a time is asked: the answer, or the request, taken back
    command = reply.is_one_of("not_a_value")
    if command is not None or _command_word(reply) is not None:
        return CannotHandle("a command, not a value", command=_command_word(reply))
    back = taken_back(reply)
    if back is not None:  # "oh crap wait undo that, haven't looked at …": never the email's text
        return back
    if context.value_kind == "text" and _instruction(reply):
        return CannotHandle("an instruction, not the text asked for", command=_command_word(reply))
    if context.value_kind == "datetime" and reply.is_one_of("gap_words") is not None:
        return Answer(reply.text, search=True)
    if context.value_kind == "text" and (_request_start(reply) or _added_request(reply)) and not _prose(reply):
        return _new_request(reply)  # any words fit a text: only a request's start ("also book …") makes one
    if context.value_kind in _BARE_ANSWERS and _request_of_its_own(reply):
        return _new_request(reply)  # "also email her that it moved to fri 2pm": a request, not the time asked
    if context.value_kind in _BARE_ANSWERS:
        books = context.doing == "create_calendar_event"  # a new event may repeat; a moved one stays as it is
        return bare_answer(reply, asks_start=context.value_kind == "datetime", repeats=books)
    named = name_given(reply, context)
    if named is not None:  # "wen li. title cfo, no phone yet": the name, its title beside it, the remark left out
        return named
    lead = phrases("said_text_leads").at(reply.words, 0) if context.name == "body" else None
    if lead is not None and len(reply.words) - lead[0] >= _SAID_AFTER_LEAD and not _verb(reply.words[lead[0]]):
        said = reply.rest(lead[0])
        return Answer(said[:1].upper() + said[1:])
    return Answer(reply.text)


_SAID_AFTER_LEAD = 3  # words after "that" for it to report a text


def _verb(word: str) -> bool:
    """ "that works for me": "that" is what works, not a lead before the text."""
    return word in AUXILIARIES or present_base(word) is not None or past_base(word) is not None


_BARE_ANSWERS = ("datetime", "date", "duration", "number")
_MAIL_SENDS = ("send_email", "create_draft")
_ON_AN_EVENT = ("delete_calendar_event", "update_calendar_event", "accepted", "declined", "tentative")
_EVENT_STEPS = ("create_calendar_event", *_ON_AN_EVENT)


def _request_start(reply: Reply, *, joined: bool = False) -> bool:
    """Whether a reply starts like a request of its own ("book a meeting …"), not like a text ("the globex deal");
    ``joined``: after words that join it to what came before ("also email her …")."""
    start = reply.after("also_leads") if joined else 0
    return start < len(reply.words) and phrases("request_starts").at(reply.words, start) is not None


def _request_of_its_own(reply: Reply) -> bool:
    """A request said while a value is asked ("also email her that it moved to fri 2pm"), not the value said with a
    verb about what is asked ("book it for 3pm", "move that to 10"): a request's start not followed by "it"."""
    start = reply.after("also_leads")
    verb = phrases("request_starts").at(reply.words, start)
    if verb is None or only_time(reply.text):
        return False
    after = reply.words[start + verb[0] : start + verb[0] + 1]
    return not after or phrases("objects").value(after) is None


def _new_request(reply: Reply) -> NewRequest:
    """The reply as a request of its own; one joined by words that add ("also", "oh and") is said beside the open
    plan, to be done as well, not instead of it."""
    start = reply.after("also_leads")
    if 0 < start < len(reply.words):
        return NewRequest(reply.rest(start), added=True)
    return NewRequest(reply.text)


def _added_request(reply: Reply) -> bool:
    """Whether a reply adds a request to the conversation ("and also put 30 min w tom on thurs at 3"): after a word
    that adds ("also", "oh and"), words that ask for something done (an intent's cue). Where a text is asked and none
    was said yet, an "also" has nothing in the text to add to."""
    start = reply.after("also_leads")
    if start == 0 or start >= len(reply.words):
        return False
    return any(cue.kind == "intent" for cue in evidence_in(reply.rest(start)))


def _prose(reply: Reply) -> bool:
    """Whether a reply reads as a message's text rather than a request: more than one sentence, or a question."""
    marks = sum(1 for t in reply.toks if t.word in (".", "!", "?"))
    return marks > 0 or reply.text.rstrip().endswith("?")


def _instruction(reply: Reply) -> bool:
    """Whether a reply where a text is asked changes the plan instead of giving the text: it starts like an
    instruction, also after words of hesitation ("ugh, send it to john instead"), or it undoes ("ugh undo that, it
    was meant for john"), also after words that accept ("ok yeah send it to him then"). Such words are never sent as
    an email's subject or text."""
    words = reply.words
    starts = (0, _corrections.past_leads(reply), reply.after("leads", "polite", "answer_leads"))  # "ok yeah send it …"
    found = any(phrases("instruction_starts").at(words, start) is not None for start in starts)
    return found or _followups.undo(reply) is not None


def _command_word(reply: Reply) -> str | None:
    """The decision a command word meant where a value was asked ("approve", "approve all", "e field=value")."""
    rest = _covering.uncovered(reply.text)
    if _decisions.approve(reply) is not None or (rest and _decisions.approve(Reply.of(rest)) is not None):
        return "approve"
    if _decisions.edit(reply) is not None:
        return "edit"
    return None
