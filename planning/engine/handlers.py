"""A reply to the open plan: read once into commands (:mod:`planning.understanding.commands`), each run by the
handler its row of :mod:`planning.engine.table` names (``_on_<handler>``). Files shared in a reply go with it."""

from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime
from typing import Literal

from planning.engine import named_steps, reading, table, texts, then_said, thread_files
from planning.engine.as_reply import sent_as_reply
from planning.engine.checks import ChoiceKey
from planning.engine.decisions import Decisions
from planning.engine.file_facts import AttachedFile, known_files
from planning.engine.instead import instead
from planning.engine.machine import window_asked
from planning.engine.mail_named import another_mail
from planning.engine.occurrence import whole_series
from planning.engine.occurrence_again import on_other_day
from planning.engine.offers import Offers, asked_again
from planning.engine.parts import Parts
from planning.engine.replies import AskApproval, AskValue, Refused, Reply, Say, ShowPlan
from planning.engine.session import Question, Session, Standing
from planning.engine.starting import Starter
from planning.engine.targets import record_of
from planning.understanding.clarify import describe
from planning.understanding.commands import (
    SHOWN,
    Answer,
    CannotHandle,
    Command,
    Correct,
    Decide,
    EventChange,
    NewRequest,
    Pick,
    RequestAgain,
)

Handler = Callable[[Session, str, str, Command], Awaitable[list[Reply]]]


class Handlers:
    def __init__(self, parts: Parts, decisions: Decisions, starter: Starter, offers: Offers) -> None:
        self._parts = parts
        self._decisions = decisions
        self._starter = starter
        self._offers = offers

    async def with_files(self, session: Session, user: str, text: str, shared: list[AttachedFile]) -> list[Reply]:
        """Files shared in a reply: kept with the plan; the answer to its question for a file, else attached to its
        emails not sent yet (an approval they change is asked again). Words with them are read as any reply,
        unless the files answered what was asked."""
        if self._parts.expired(session):
            return await self._decisions.expire(session)
        session.files = known_files([*session.files, *shared])
        question = session.question
        if question is not None and question.kind == "clarify":  # the request, re-planned, takes the files along
            if text.strip():
                return await self.reply(session, user, text)
            await self._parts.save(session)
            options = [describe(option["intent"], option["entity"]) for option in question.options]
            kept = Say(text=f"I will keep {', '.join(file.label for file in shared)} with your request.")
            return [kept, AskValue(text=question.prompt, options=options)]
        attached = thread_files.attach_in_thread(session, [file.ref for file in shared])
        for run in attached.steps:
            await self._parts.audit.record(
                session, "edited", self._parts.clock(), actor=user, run=run, files=attached.refs
            )
        told = thread_files.told(attached, shared)
        if attached.answered or attached.reopened:
            return [told, *await self._parts.machine.advance(session)]
        if text.strip():
            return [told, *await self.reply(session, user, text)]
        await self._parts.save(session)
        question = session.question  # still asked: ask it again
        if question is not None and question.kind == "approval":
            return [told, *self._decisions.reissue(session)]
        return [told, AskValue(text=question.prompt)] if question is not None else [told]

    async def reply(self, session: Session, user: str, text: str) -> list[Reply]:
        """A reply to the open plan: read once into commands, each run by the handler its table row names."""
        if self._parts.expired(session):
            return await self._decisions.expire(session)
        commands = reading.read(text, session, self._parts.now(session.tz))
        if len(commands) > 1 and session.question is not None:  # "send the email but skip the meeting": each said
            session.question.then = []
        replies: list[Reply] = []
        for index, command in enumerate(commands):
            said = await self._dispatch(session, user, text, command)
            later = commands[index + 1 :]
            if later and _went_wrong(said):  # what follows a change that did not apply is not done
                replies += [*said, Say(text=texts.STOPPED_AT_PROBLEM, private=True)]
                if not any(isinstance(r, AskApproval) for r in said) and _approval_open(session):
                    replies += self._decisions.reissue(session)
                break
            if later:  # the card (or the question still open) is shown once, with every change of the reply made
                said = [r for r in said if not isinstance(r, AskApproval | ShowPlan | AskValue)]
            replies += said
            if not session.open:
                request = next((c for c in later if isinstance(c, NewRequest)), None)
                if request is not None and request.added:  # "yes. oh and push the close date …": on what it did
                    who = replace(session.principal, user=user)
                    replies += await then_said.said(self._starter, who, session.thread_key, request.text)
                elif request is not None:  # "scratch that, email omar instead": the plan ended, the request starts
                    who = replace(session.principal, user=user)
                    replies += await self._starter.start(who, session.thread_key, request.text, files=session.files)
                break
        return [*replies, *await self.then(session)]

    async def then(self, session: Session) -> list[Reply]:
        """What the plan kept to say once done ("undo that and <then>"), said when a reply or a click finished it. An
        approval said for every card ("yes both" at the undo's card) stands for the plan that starts too."""
        said = await then_said.after_done(self._starter, session)
        said += await then_said.queued(self._parts, self._starter, session)
        if session.standing is None or not said:
            return said
        opened = await self._parts.open_session(session.thread_key)
        if opened is None or opened.id == session.id:
            return said
        opened.standing = session.standing
        return await self._decisions.standing_on(opened, said)

    async def _dispatch(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        kind: str = "none" if question is None else question.kind
        if question is not None and question.offered is not None and table.label(command) in table.OFFER_ANSWERS:
            kind = "offer"
        row = table.row_for(kind, command)
        if question is not None and row.handler not in ("approve", "approval_words"):
            question.unread = None  # a reply understood since: an approval after it is said of the card as it is
        handler: Handler = getattr(self, f"_on_{row.handler}")
        return await handler(session, user, text, command)

    async def _on_cancel(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        return await self._decisions.cancel(session, user)

    async def _on_undo_answer(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        """Where a time is asked, "undo that": the day an answer gave for it is taken back and the time asked as
        first asked; no day was given: nothing to take back, the value is asked again (“cancel” stops the plan)."""
        question = session.question
        assert question is not None and question.step_id is not None and question.name is not None
        run = session.step(question.step_id)
        asked: list[Reply] = []
        first = window_asked(session, run, question.name, self._parts.now(session.tz))
        if question.partial is None or (first is not None and question.partial == _day_start(first[0])):
            return await self._on_answer(session, user, text, CannotHandle("nothing said to take back"))
        self._parts.machine.ask_value(session, run, question.name, asked, tries=question.tries)
        await self._parts.save(session)
        return [Say(text=texts.DAY_TAKEN_BACK), *asked]

    async def _on_cancel_named(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        """ "cancel the email", "don't send this one" at a card: the step named (or shown) left out and the plan's
        other writes kept; with no other write left, the plan cancelled."""
        assert isinstance(command, Decide) and command.target is not None
        question = session.question
        shown = command.target == SHOWN and question is not None and question.step_id is not None
        runs = [session.step(question.step_id)] if shown and question and question.step_id else []
        runs = runs or named_steps.named(session, self._parts.runner.catalog, command.target)
        left = [run for run in session.steps if run.kind == "write" and run.state in ("pending", "waiting")]
        if not runs or all(run in runs for run in left):
            return await self._decisions.cancel(session, user)
        if shown:
            return await self._dispatch(session, user, text, Decide("skip"))
        return await self._on_skip_named(session, user, text, Decide("skip", target=command.target))

    async def _on_take_offer(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        return await self._offers.take(session, user)

    async def _on_keep_offer(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        if question is not None and question.kind == "approval":  # the card waits as it was
            question.offered = None
            await self._parts.save(session)
            return self._decisions.reissue(session)
        return await self._offers.keep(session)

    async def _on_offer_again(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None and question.offered is not None
        return await self._offers.offer(session, question.offered, question.partial)

    async def _on_correct(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        assert isinstance(command, Correct)
        now = self._parts.now(session.tz)
        if command.field == "email":  # "not the nda - the signed msa john sent fri": another email searched for
            parts = self._parts
            named = await another_mail(session, command, planner=parts.planner, runner=parts.runner, now=now)
            if named is None:  # "send it as a reply to his launch plan email instead": a new email made a reply
                named = await sent_as_reply(session, command, planner=parts.planner, runner=parts.runner, now=now)
            if named is not None:
                return [*named, *await parts.machine.advance(session)]
        corrected = await self._parts.dialogue.correct(session, command, now)
        if corrected is not None:
            return [*corrected, *await self._parts.machine.advance(session)]
        if session.question is None:
            return await self._on_busy(session, user, text, command)
        if session.question.kind == "approval":  # it fits nothing on the card: say what an approval takes
            return await self._on_approval_words(session, user, text, command)
        return await self._on_answer(session, user, text, Answer(text))  # it fits nothing: read as the answer

    async def _on_busy(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        return await self._decisions.while_running(session, clicked=False)

    async def _on_skip_named(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        """ "skip the email" while another step is asked: that step is left out and what is asked stays asked;
        the step asked, or nothing of that kind open: a skip of what is asked."""
        assert isinstance(command, Decide) and (command.target is not None or command.step is not None)
        question = session.question
        if command.step is not None:  # "skip the priya move": the step named by its words
            runs = [run for run in session.steps if run.id == command.step and run.state in ("pending", "waiting")]
        else:
            runs = named_steps.named(session, self._parts.runner.catalog, command.target or "")
        if question is None or not runs or any(run.id == question.step_id for run in runs):
            return await self._dispatch(session, user, text, Decide("skip"))
        replies: list[Reply] = []
        for run in runs:
            run.state, run.decided_by, run.note = "skipped", user, f"skipped by {user}"
            await self._parts.audit.record(session, "skipped", self._parts.clock(), actor=user, run=run)
            replies.append(Say(text=f"Skipped “{run.step.intent}” ({user})."))
        await self._parts.save(session)
        if question.kind == "approval":
            return [*replies, *self._decisions.reissue(session)]
        return [*replies, AskValue(text=question.prompt, field=question.name)]

    async def _on_clarify_pick(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        assert isinstance(command, Pick) and command.index is not None and session.question is not None
        option = session.question.options[command.index - 1]
        await self._parts.close(session, "cancelled")  # one of the readings offered: plan the request again as that
        chosen = (str(option["intent"]), str(option["entity"]))
        who = replace(session.principal, user=user)
        return await self._starter.start(who, session.thread_key, session.text, chosen=chosen, files=session.files)

    async def _on_clarify_yes(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        session.question, session.state = None, "collecting"
        return await self._parts.machine.advance(session)

    async def _on_clarify_new(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        await self._parts.close(session, "cancelled")
        who = replace(session.principal, user=user)
        return await self._starter.start(who, session.thread_key, text, files=session.files)

    async def _on_approve(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None
        run = session.step(question.step_id)
        series = whole_series(record_of(session, run), run.step.tool)
        if series is not None and isinstance(command, Decide) and command.one_occurrence:  # "yes, just today"
            return [Say(text=series, private=True, tone="problem"), *self._decisions.reissue(session)]
        checks = question.checks
        if isinstance(command, Decide) and command.unsure_which and checks is not None and checks.existing is not None:
            said = texts.which_of_existing(checks.notices[0].title if checks.notices else None)
            return [Say(text=said, private=True, tone="problem"), *self._decisions.reissue(session)]
        if question.unread is not None:  # "yes" right after a change not understood: approve it as shown?
            said, question.unread = question.unread, None
            await self._parts.save(session)
            return [Say(text=texts.approve_without(said), private=True, tone="problem")]
        if isinstance(command, Decide) and command.covering:  # "yes both": the plan's later cards too
            session.standing = Standing(by=user, said=text.strip())
        if isinstance(command, Decide) and command.only:  # "just the email": the later changes wait for their own
            question.then = []
        return await self._decisions.decide_step(
            session, question.step_id, "approve", user, question.args_hash, said=text.strip()
        )

    async def _on_skip(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None
        return await self._decisions.decide_step(session, question.step_id, "skip", user, question.args_hash)

    async def _on_card_choice(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None and isinstance(command, Pick)
        if command.key not in ("free_slot", "use_existing", "create_another"):
            return await self._on_approval_words(session, user, text, command)
        key: ChoiceKey | Literal["approve"] = "approve" if command.key == "create_another" else command.key
        return await self._decisions.choose(session, question.step_id, key, user, question.args_hash)

    async def _on_remove(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None and isinstance(command, Decide)
        return await self._decisions.remove_items(session, question.step_id, list(command.numbers), user)

    async def _on_edit(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None and isinstance(command, Decide)
        now = self._parts.now(session.tz)
        run = session.step(question.step_id)
        arguments, problem = await self._parts.dialogue.edited(
            session, run, command.field or "", command.value or "", now, adding=command.adding, before=command.before
        )
        if arguments is None:
            return [
                Refused(text=f"That edit is not valid ({problem}). Nothing changed.", reason="invalid", tone="problem")
            ]
        return await self._decisions.edit(session, question.step_id, arguments, user)

    async def _on_instead(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        """ "don't delete it - move it to the 11th instead": the step shown becomes that update, shown again."""
        question = session.question
        assert question is not None and question.step_id is not None and isinstance(command, EventChange)
        run = session.step(question.step_id)
        arguments = self._parts.machine.arguments(session, run)
        step = instead(session, run, arguments, command, self._parts.now(session.tz))
        if step is None:
            return await self._on_approval_words(session, user, text, command)
        run.step, run.edited, run.overrides = step, None, {}
        await self._parts.audit.record(session, "edited", self._parts.clock(), actor=user, run=run, instead=step.tool)
        run.state, session.question = "pending", None  # shown again, checked again (busy times, duplicates)
        return [
            Say(text=f"Changed the plan: {step.intent}. Please approve it again."),
            *await self._parts.machine.advance(session),
        ]

    async def _on_other_occurrence(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        """ "not today's, next monday's (the 9th)" at the delete of the standup found for today: the request planned
        again on that day, this plan (nothing of it written) dropped; its card is the one on that day."""
        assert isinstance(command, RequestAgain)
        again = on_other_day(session, command.text, self._parts.now(session.tz))
        if again is None:
            return await self._on_approval_words(session, user, text, command)
        await self._parts.close(session, "cancelled")
        who = replace(session.principal, user=user)
        said = Say(text=f"Not that one: planned again for {command.text}.", private=True)
        return [said, *await self._starter.start(who, session.thread_key, again, files=session.files)]

    async def _on_approval_words(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        unread = command.unread if isinstance(command, CannotHandle) else ()  # the part of the reply nothing read
        said = "”, “".join(unread) if unread else text
        if session.question is not None and session.question.kind == "approval":
            session.question.unread = said
            await self._parts.save(session)
        return [Say(text=texts.not_understood_at_card(said), private=True, tone="problem")]

    async def _on_new_at_card(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None
        said = command.text if isinstance(command, NewRequest) else text
        now = self._parts.now(session.tz)
        if not await self._offers.is_new_request(session, said, now):
            return await self._on_approval_words(session, user, text, command)
        aside = await self._offers.answered_aside(session, user, said, now)
        if aside is not None:  # "what's on wed": answered, the card still waits
            return [*aside, *self._decisions.reissue(session)]
        if isinstance(command, NewRequest) and command.added:  # "oh and book …": done too, once this plan ends
            return [*await self._offers.queue(session, command.text), *self._decisions.reissue(session)]
        return [*await self._offers.offer(session, text, None), *self._decisions.reissue(session)]

    async def _on_maybe_new(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        now = self._parts.now(session.tz)
        question = session.question
        assert question is not None
        recover = question.kind == "recover"  # a request said where words to look for are asked: offered
        added = isinstance(command, NewRequest) and command.added
        said = command.text if isinstance(command, NewRequest) else text
        if await self._offers.is_new_request(session, said, now, any_kind=recover):  # any words would fit a text
            if added:  # "also email tom …" while a value is asked: done too, once this plan ends
                return await self._offers.queue(session, said)
            aside = None if recover else await self._offers.answered_aside(session, user, said, now)
            if aside is not None:  # "what's on my calendar tomorrow" while a start time is asked: answered, asked again
                return [*aside, *asked_again(session)]
            return await self._offers.offer(session, text, question.partial)
        return await self._on_answer(session, user, text, Answer(text))

    async def _on_answer(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None
        now = self._parts.now(session.tz)
        partial = question.partial
        replies = await self._parts.dialogue.answer(session, command, text, now)
        await self._parts.audit.record(
            session,
            "answered",
            self._parts.clock(),
            actor=user,
            question=question.kind,
            name=question.name,
            step=question.step_id,
            answer=text,
        )
        if session.question is not None:  # asked again: save and wait
            if _asked_again(question, session.question, replies) and await self._offers.is_new_request(
                session, text, now
            ):
                aside = await self._offers.answered_aside(session, user, text, now)
                if aside is not None:  # a question about something else: answered, the plan's question asked again
                    await self._parts.save(session)
                    return [*aside, *asked_again(session)]
                return await self._offers.offer(session, text, partial)
            await self._parts.save(session)
            return replies
        return [*replies, *await self._parts.machine.advance(session)]


def _went_wrong(replies: list[Reply]) -> bool:
    """Whether a command's replies say it did not do what was asked: a problem, a refusal, a reply not understood."""
    said = any(isinstance(r, Say) and r.tone in ("problem", "refusal") for r in replies)
    return said or any(isinstance(r, AskValue) and r.problem for r in replies)


def _approval_open(session: Session) -> bool:
    return session.open and session.question is not None and session.question.kind == "approval"


def _asked_again(before: Question, after: Question, replies: list[Reply]) -> bool:
    """Whether a reply left the same question asked again: it did not answer it."""
    same = after.kind == before.kind and after.step_id == before.step_id and after.name == before.name
    return (
        same
        and before.kind in ("value", "pick", "recover", "past_start")
        and any(isinstance(reply, AskValue) for reply in replies)
    )


def _day_start(moment: datetime) -> str:
    """The start of the day of ``moment``, as a question keeps the day it asks a time on (``Question.partial``)."""
    return moment.replace(hour=0, minute=0, second=0, microsecond=0).isoformat()
