"""Decisions on a step waiting for approval: approve, skip, a card's choice, an edit, items removed, cancel; and the
refusals when it is not theirs to decide or the plan moved on. Each says what it did and lets the plan go on."""

from typing import Any, Literal

from planning.engine import claims, each, standing, targets, texts, thread_files
from planning.engine.checks import ChoiceKey
from planning.engine.intentions import view_of
from planning.engine.parts import Parts
from planning.engine.replies import AskApproval, Refused, Reply, Say, ShowPlan
from planning.engine.runner import argument_errors
from planning.engine.session import Session, StepRun
from planning.types import Step

Decision = Literal["approve", "skip", "cancel"]


class Decisions:
    def __init__(self, parts: Parts) -> None:
        self._parts = parts

    async def read_edit(self, session: Session | None, step_id: str, field: str, text: str) -> tuple[Any, str | None]:
        """A value typed for ``field`` of the step waiting for approval, read as "edit FIELD=VALUE" reads it:
        (value, None), or (None, what is wrong)."""
        question = session.question if session is not None else None
        if session is None or question is None or question.step_id != step_id:
            return None, texts.MOVED_ON
        now = self._parts.now(session.tz)
        arguments, problem = await self._parts.dialogue.edited(session, session.step(step_id), field, text, now)
        if arguments is None:
            return None, problem
        value: Any = arguments
        for key in field.split("."):
            value = value.get(key) if isinstance(value, dict) else None
        return value, None

    def check_decider(self, session: Session, user: str) -> Refused | None:
        if user != session.requester and user not in self._parts.settings.approvers:
            return Refused(text=texts.NOT_YOURS, reason="not_yours")
        return None

    async def refuse(self, session: Session, user: str, what: str) -> list[Reply]:
        await self._parts.audit.record(session, "refused", self._parts.clock(), actor=user, attempted=what)
        return [Refused(text=texts.NOT_YOURS, reason="not_yours")]

    async def decide_step(
        self,
        session: Session,
        step_id: str,
        decision: Decision,
        user: str,
        shown_hash: str | None,
        said: str = "Approve",
    ) -> list[Reply]:
        """``said``: the words (or the button) of an approval, shown on the later cards a card that lists them
        approves with it (:func:`standing.approved_with`)."""
        if not session.open:
            return [Refused(text=texts.already_over(session.state), reason="over", tone="info")]
        question = session.question
        if question is None:
            return await self.while_running(session, clicked=True)
        if question.kind != "approval" or question.step_id != step_id:
            return [Refused(text=texts.MOVED_ON, reason="moved_on", tone="info")]
        if shown_hash is not None and shown_hash != question.args_hash:
            return [Refused(text=texts.STALE_APPROVAL, reason="changed", tone="info"), *self.reissue(session)]
        if self._parts.approval_expired(question.asked_at):
            question.asked_at = self._parts.clock()
            await self._parts.save(session)
            return [Refused(text=texts.EXPIRED_APPROVAL, reason="expired", tone="info"), *self.reissue(session)]
        run = session.step(step_id)
        replies: list[Reply] = []
        if decision == "skip":
            run.state, run.decided_by, run.note = "skipped", user, f"skipped by {user}"
            session.question = None
            await self._parts.audit.record(session, "skipped", self._parts.clock(), actor=user, run=run)
            replies.append(Say(text=f"Skipped{_named(session, run)} ({user})."))
        else:
            if not await self._parts.machine.still_as_shown(session, run, replies):  # its target changed, or is gone
                return await self.standing_on(session, [*replies, *await self._parts.machine.advance(session)])
            standing.approved_with(session, user, said)  # after the re-read: a card shown again is asked again
            arguments = self._parts.machine.arguments(session, run)
            standing_said = session.standing.said if session.standing is not None else None
            await self._parts.audit.record(
                session,
                "approved",
                self._parts.clock(),
                actor=user,
                run=run,
                arguments=arguments,
                args_hash=question.args_hash,
                **({"standing": standing_said} if standing_said is not None else {}),
            )
            replies.append(Say(text=f"Approved{_named(session, run)} ({user})."))
            await self._parts.machine.run_approved(session, run, user, replies)
        return await self.standing_on(session, [*replies, *await self._parts.machine.advance(session)])

    async def standing_on(self, session: Session, replies: list[Reply]) -> list[Reply]:
        """The card asked next, when an approval said for every card stands for it (``standing``): shown approved,
        and run; one that warns of something is asked as usual, and the reply says why."""
        question = standing.covered(session)
        if question is None or question.step_id is None or session.standing is None:
            return replies
        if standing.warned(question):
            return [*replies, standing.not_covered(session)]
        by, step_id, shown = session.standing.by, question.step_id, question.args_hash
        shown_approved = standing.shown_approved(session, replies)
        return [*shown_approved, *await self.decide_step(session, step_id, "approve", by, shown)]

    def reissue(self, session: Session) -> list[Reply]:
        question = session.question
        if question is None or question.step_id is None:
            return []
        run = session.step(question.step_id)
        arguments = self._parts.machine.arguments(session, run)
        return [
            AskApproval(
                session_id=session.id,
                step_id=run.id,
                tool=run.step.tool,
                intent=run.step.intent,
                arguments=arguments,
                args_hash=question.args_hash or "",
                items=each.approval_items(session, run) if run.step.for_each is not None and run.items else [],
                target=targets.target_of(session, run, arguments) if run.step.for_each is None else None,
                files=thread_files.described(session, arguments) if run.step.for_each is None else [],
                checks=question.checks,
                then=question.then_said or [session.step(step_id).step.intent for step_id in question.then],
            )
        ]

    async def choose(
        self, session: Session, step_id: str, choice: ChoiceKey | Literal["approve"], user: str, shown_hash: str | None
    ) -> list[Reply]:
        """Instead of approving: the next free slot (shown for approval again) or the existing record."""
        question = session.question
        if not session.open or question is None or question.kind != "approval" or question.step_id != step_id:
            return [Refused(text=texts.MOVED_ON, reason="moved_on", tone="info")]
        if choice == "approve" or (shown_hash is not None and shown_hash != question.args_hash):
            return await self.decide_step(session, step_id, "approve", user, shown_hash)  # "create another"
        run = session.step(step_id)
        replies = self._parts.machine.choose(session, run, choice, user)
        if replies is None:
            return [Refused(text=texts.MOVED_ON, reason="moved_on", tone="info")]
        action = "edited" if choice == "free_slot" else "skipped"  # a new time; or nothing created, the record used
        await self._parts.audit.record(session, action, self._parts.clock(), actor=user, run=run, choice=choice)
        return [*replies, *await self._parts.machine.advance(session)]

    async def edit(self, session: Session, step_id: str, arguments: dict[str, Any], user: str) -> list[Reply]:
        question = session.question
        if question is None or question.kind != "approval" or question.step_id != step_id:
            return [Refused(text=texts.MOVED_ON, reason="moved_on", tone="info")]
        run = session.step(step_id)
        problems = argument_errors(self._parts.runner.catalog, run.step.tool, arguments)
        if problems:
            detail = "; ".join(f"{k}: {v}" for k, v in problems.items())
            return [
                Refused(text=f"That edit is not valid ({detail}). Nothing changed.", reason="invalid", tone="problem")
            ]
        run.step = _relabelled(run.step, self._parts.machine.arguments(session, run), arguments, session.text)
        run.edited = dict(arguments)
        await self._parts.audit.record(
            session, "edited", self._parts.clock(), actor=user, run=run, arguments=run.edited
        )
        run.state, session.question = "pending", None  # shown again, checked again (busy times, duplicates)
        updated = Say(text=f"Updated “{run.step.intent}”. Please approve it again.")
        return [updated, *await self._parts.machine.advance(session)]

    async def remove_items(self, session: Session, step_id: str, numbers: list[int], user: str) -> list[Reply]:
        question = session.question
        if question is None or question.kind != "approval" or question.step_id != step_id:
            return [Refused(text=texts.MOVED_ON, reason="moved_on", tone="info")]
        run = session.step(step_id)
        if run.step.for_each is None or run.items is None:
            return [
                Refused(
                    text="This step is not repeated for several items: Skip it instead.",
                    reason="not_repeated",
                    tone="info",
                )
            ]
        removed, unknown = each.remove(run, numbers)
        replies: list[Reply] = []
        if unknown:
            replies.append(Say(text=f"There is no item {', '.join(map(str, unknown))} to remove.", private=True))
        if removed:
            replies.append(Say(text=f"Removed item {', '.join(map(str, removed))} of “{run.step.intent}” ({user})."))
            await self._parts.audit.record(session, "edited", self._parts.clock(), actor=user, run=run, removed=removed)
        if not run.open_items():
            run.state, run.note, session.question = "skipped", f"every item removed by {user}", None
            return [*replies, *await self._parts.machine.advance(session)]
        run.state, session.question = "pending", None
        return [*replies, *await self._parts.machine.advance(session)]

    async def cancel(self, session: Session, user: str) -> list[Reply]:
        if not session.open:
            return [Refused(text=texts.already_over(session.state), reason="over", tone="info")]
        started = [run.step.intent for run in session.steps if run.state in ("running", "unknown")]
        for run in session.steps:
            if run.state in ("pending", "waiting"):
                run.state, run.note = "skipped", "cancelled"
        session.question = None
        await self._parts.close(session, "cancelled")
        await self._parts.audit.record(session, "cancelled", self._parts.clock(), actor=user)
        text = f"Cancelled the plan ({user}). Nothing else of it will run."
        if started:
            text += " " + claims.may_have_happened(started)
        return [Say(text=text), ShowPlan(view=view_of(session))]

    async def expire(self, session: Session) -> list[Reply]:
        for run in session.steps:
            if run.state in ("pending", "waiting"):
                run.state, run.note = "skipped", "expired"
        session.question = None
        await self._parts.close(session, "expired")
        await self._parts.audit.record(session, "expired", self._parts.clock())
        return expired_notice(session)

    async def while_running(self, session: Session, *, clicked: bool) -> list[Reply]:
        """A word about a plan that waits for no answer: a step of it is running, here or in a process that
        stopped; take it over if that process's lease ran out. A click on it (``clicked``) is refused."""
        replies = await self._parts.takeover.reconcile(session)
        if replies is not None:
            return replies
        running = self._parts.takeover.running_write(session)
        lease = self._parts.lease.lease_seconds
        text = (
            claims.still_running(running.step.intent, lease) if running else texts.MOVED_ON if clicked else texts.BUSY
        )
        if clicked:
            return [Refused(text=text, reason="moved_on", tone="info")]
        return [Say(text=text, private=True)]


_HEADING_FIELDS = ("title", "subject")  # what a heading may be named by; never a body


def _relabelled(step: Step, before: dict[str, Any], after: dict[str, Any], request: str) -> Step:
    """After an edit, a heading that named the old title or subject names the new one only when the request
    itself gave the new words ("Create the event 'Roadmap chat'" → "… 'Roadmap planning'"). The heading is seen
    by everyone in a channel, and the Edit form is the requester's own: what was typed there (a body, a subject,
    a title) never renames it; the requester's card and "As it ran" show it."""
    intent = step.intent
    for name in _HEADING_FIELDS:
        old, new = before.get(name), after.get(name)
        if not (isinstance(old, str) and old.strip() and isinstance(new, str) and new.strip()):
            continue
        if old in intent and new.casefold() in request.casefold() and old != before.get("body"):
            intent = intent.replace(old, new)
    return step if intent == step.intent else step.model_copy(update={"intent": intent})


def _named(session: Session, run: StepRun) -> str:
    """A step as who decided it reads it (' “Email Priya”'): by its intent, never by what it acts on, since who
    decided is told in the thread, which everyone in a channel sees."""
    return f" “{run.step.intent}”"


def expired_notice(session: Session) -> list[Reply]:
    """What the requester of an expired plan is told, in its thread."""
    return [Say(text=texts.SESSION_EXPIRED, tone="problem"), ShowPlan(view=view_of(session))]
