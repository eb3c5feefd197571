"""A message in a thread where no plan is open, after the person's last plan there ended: read once into a command
(a follow-up on what that plan made, or a new request) and run by the handler its row of the table names (question
"ended", :mod:`~planning.engine.table`). A handler returns the replies of the plan it started, or None when the words
are no follow-up after all: the conversation then plans them as a new request."""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from integrations.base.principal import Principal
from planning.engine import (
    booked_beside,
    followups,
    free_time_beside,
    free_time_booking,
    reading,
    sent_corrections,
    table,
    texts,
    then_said,
)
from planning.engine.day_carried import day_carried
from planning.engine.mail_again import mail_again
from planning.engine.parts import Parts
from planning.engine.record_changes import names_another, record_changed, records_changed
from planning.engine.replies import Refused, Reply, Say
from planning.engine.resend import resend
from planning.engine.session import Session
from planning.engine.undo_changed import restates_undo, retimes_made, undone_moved, undone_then, undone_with
from planning.understanding.commands import (
    OWNER,
    BookBeside,
    Command,
    EventChange,
    MailFollowUp,
    NewRequest,
    Pick,
    RecordChange,
    Undo,
    asides,
    ordinal_named,
    pointing,
    points_back,
)

if TYPE_CHECKING:
    from planning.engine.starting import Starter


@dataclass(frozen=True, slots=True)
class Turn:
    """What every handler is given: who wrote ``text`` in which thread, their last plan there (ended), their now."""

    who: Principal
    thread_key: str
    text: str
    earlier: Session
    now: datetime
    more: tuple[Command, ...] = ()  # the commands read after the first ("…, and the proposal one - push to wed")


Handler = Callable[[Turn, Command], Awaitable[list[Reply] | None]]
_ANY_LENGTH = 99  # a list this long holds any place a request names ("the second one")


class AfterPlan:
    def __init__(self, parts: Parts, starter: "Starter") -> None:
        self._parts = parts
        self._starter = starter

    async def reply(self, who: Principal, thread_key: str, text: str) -> list[Reply] | None:
        """ "undo that", "make it 4pm instead", "also invite Priya" after ``who``'s last plan in the thread ended: a new
        plan from its values (contract §2.7); None when ``text`` is no such follow-up."""
        record = await self._parts.store.latest_for_thread(thread_key, requester=who.user)
        if record is None or record.open:
            return None
        earlier = self._parts.from_record(record)
        [command, *later] = reading.read_after(text, earlier)
        turn = Turn(who, thread_key, text, earlier, self._parts.now(who.zone), tuple(later))
        then = next((c.text for c in later if isinstance(c, NewRequest)), None)  # "undo that and book lunch …"
        said = next((c for c in later if isinstance(c, RecordChange | EventChange)), None)  # "… and update park"
        if isinstance(command, Undo) and (then is not None or said is not None):  # "undo that, … due friday instead"
            [change, *rest] = (said,) if said is not None else reading.read_after(then or "", earlier)
            back = undone_moved(earlier, change, turn.now) if not rest else None
            if back is not None:  # "put it back on thursday but at 3:30" after a move: moved once, there
                return await self._started(turn, back)
            both = undone_with(earlier, command, change, turn.now) if isinstance(change, RecordChange) else None
            if both is None and isinstance(change, RecordChange) and change.option is not None:  # "… and update park"
                both = undone_then(earlier, command, change, turn.now)
            if both is not None:
                return await self._started(turn, both)
            if restates_undo(earlier, command, change):  # "scratch that … delete it and email her": deleted once
                then = next((c.text for c in rest if isinstance(c, NewRequest)), None)
            elif not rest and isinstance(change, EventChange) and retimes_made(earlier, change):
                # "undo that, she's out thursday. wednesday 11 instead": the event made, moved there
                return await self._started(turn, followups.follow_up(earlier, change, turn.now))
        row = table.row_for("ended", command)
        handler: Handler = getattr(self, f"_on_{row.handler}")
        replies = await handler(turn, command)
        if replies is None or then is None:
            return replies
        return [*replies, *await then_said.kept(self._parts, self._starter, who, thread_key, then, replies)]

    async def _started(self, turn: Turn, follow: followups.FollowUp | None) -> list[Reply] | None:
        return await self._starter.follow(turn.who, turn.thread_key, turn.text, turn.earlier, follow)

    async def _on_undo(self, turn: Turn, command: Command) -> list[Reply] | None:
        assert isinstance(command, Undo)
        return await self._started(turn, followups.follow_up(turn.earlier, command, turn.now))

    async def _on_event_change(self, turn: Turn, command: Command) -> list[Reply] | None:
        assert isinstance(command, EventChange)
        return await self._started(turn, followups.follow_up(turn.earlier, command, turn.now))

    async def _on_record_change(self, turn: Turn, command: Command) -> list[Reply] | None:
        assert isinstance(command, RecordChange)
        others = tuple(other for other in turn.more if isinstance(other, RecordChange))
        if command.record is not None and others and len(others) == len(turn.more):  # each of the records listed
            return await self._started(turn, records_changed(turn.earlier, (command, *others), turn.now))
        follow = record_changed(turn.earlier, command, turn.now)
        named = command.record is None and command.option is None and command.field != OWNER  # the owner: a person
        named = named and not command.among  # "the acme one" of two acme tasks: the words that fit them
        if follow is not None and named:  # "push initech to proposal"; "…, peter's out friday": a reason, not it
            cut = asides.in_request(turn.text)  # "…, please update her too": "her" is whom the aside names
            said = cut[0] if cut is not None and not pointing.names_them(cut[0]) else turn.text
            understood = await self._parts.planner.understand_async(said, turn.now, None, who=turn.who)
            follow = None if names_another(follow, understood.parse.goals) else follow
        return await self._started(turn, follow)

    async def _on_forward(self, turn: Turn, command: Command) -> list[Reply] | None:
        assert isinstance(command, MailFollowUp)
        return await self._started(turn, followups.forwarded(turn.earlier, command.value))

    async def _on_send_again(self, turn: Turn, command: Command) -> list[Reply] | None:
        assert isinstance(command, MailFollowUp)
        return await self._started(turn, resend(turn.earlier, command))

    async def _on_correct_sent(self, turn: Turn, command: Command) -> list[Reply] | None:
        """ "its friday not thursday": the email sent, corrected."""
        assert isinstance(command, MailFollowUp)
        return await self._started(turn, sent_corrections.correction(turn.earlier, command))

    async def _on_same_mail_change(self, turn: Turn, command: Command) -> list[Reply] | None:
        """ "the invoice one from maria too": the change made to mail, made to that mail."""
        assert isinstance(command, MailFollowUp)
        return await self._started(turn, mail_again(turn.earlier, command))

    async def _on_request_again(self, turn: Turn, command: Command) -> list[Reply] | None:
        """ "and tomorrow?": the earlier request again, at that time."""
        again = followups.restated(turn.earlier, turn.text, turn.now)
        return await self._starter.start(turn.who, turn.thread_key, again) if again is not None else None

    async def _on_book_beside(self, turn: Turn, command: Command) -> list[Reply] | None:
        """ "right after it then? 30 min with omar": booked next to what the last plan showed."""
        assert isinstance(command, BookBeside)
        parts = self._parts
        beside = await booked_beside.booking_beside(
            turn.earlier, command, turn.text, turn.now, parts.planner, parts.runner
        )
        return await self._started(turn, beside)

    async def _on_book_free_time(self, turn: Turn, command: Command) -> list[Reply] | None:
        """ "3pm works": one of the free times the search found, booked."""
        assert isinstance(command, Pick)
        placed = await free_time_beside.placed(turn.earlier, command, self._parts.runner)
        taken = free_time_booking.booking(turn.earlier, placed) if isinstance(placed, Pick) else placed
        if isinstance(taken, str):  # a time outside the free time found: nothing booked
            return [Refused(text=f"{taken}.", reason="invalid", tone="problem", private=False)]
        return await self._started(turn, taken)

    async def _on_welcome(self, turn: Turn, command: Command) -> list[Reply] | None:
        return [Say(text=texts.WELCOME)]

    async def _on_not_follow_up(self, turn: Turn, command: Command) -> list[Reply] | None:
        """No follow-up: the words are a new request, started by the caller; started here without the asides said
        with it ("decline it, sarah's got it covered": Sarah is a reason, not the event's person) when the reply is
        that one request and what is left of it points back at what the last plan changed or listed."""
        carried = day_carried(turn.earlier, turn.text, turn.now) if isinstance(command, NewRequest) else None
        if carried is not None and not turn.more:  # "then block 1 to 4 for the deck": on the day the plan was about
            return await self._starter.start(turn.who, turn.thread_key, carried)
        if not isinstance(command, NewRequest) or turn.more or command.text == turn.text.strip():
            return None
        if not (points_back(command.text) or ordinal_named(command.text, _ANY_LENGTH) is not None):
            return None
        return await self._starter.start(turn.who, turn.thread_key, command.text)
