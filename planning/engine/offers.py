"""A reply that reads as a request of its own while the plan asks something: offered ("reply new to drop the open
plan"), never taken; "new" drops the plan and starts the request offered, an answer keeps the plan."""

from dataclasses import replace
from datetime import datetime

from planning.engine import each
from planning.engine.answers import value_type
from planning.engine.intentions import view_of
from planning.engine.parts import Parts, zone
from planning.engine.replies import AskValue, Reply, Say, ShowPlan
from planning.engine.session import Question, Session
from planning.engine.starting import Starter
from planning.understanding.commands import Answer

_ASIDE = "/aside"  # the thread a question answered beside an open plan is kept in
_OFFER_OPTIONS = ("new: drop the open plan and start the new request", "an answer to the question: go on")


class Offers:
    def __init__(self, parts: Parts, starter: Starter) -> None:
        self._parts = parts
        self._starter = starter

    async def take(self, session: Session, user: str) -> list[Reply]:
        """ "new": the open plan is dropped and the request offered is started."""
        question = session.question
        assert question is not None
        offered, question.offered = question.offered or "", None
        for run in session.steps:
            if run.state in ("pending", "waiting"):
                run.state, run.note = "skipped", "dropped for a new request"
        session.question = None
        await self._parts.close(session, "cancelled")
        await self._parts.audit.record(session, "cancelled", self._parts.clock(), actor=user)
        dropped = Say(text=f"Dropped the plan “{session.text}”.")
        who = replace(session.principal, user=user)
        started = await self._starter.start(who, session.thread_key, offered, files=session.files)
        return [dropped, ShowPlan(view=view_of(session)), *started]

    async def keep(self, session: Session) -> list[Reply]:
        """An answer to the question: the plan goes on; a text asked takes the words offered, else it is asked again."""
        question = session.question
        assert question is not None
        offered, question.offered = question.offered or "", None
        if _free_text(question):  # the words offered were the text asked for after all
            now = self._parts.now(session.tz)
            answered = await self._parts.dialogue.answer(session, Answer(offered), offered, now)
            return [*answered, *await self._parts.machine.advance(session)]
        await self._parts.save(session)
        return [AskValue(text=question.prompt)]

    async def is_new_request(self, session: Session, text: str, now: datetime, *, any_kind: bool = False) -> bool:
        """Whether a reply that does not answer the question is a request of its own: understood with good
        confidence, without a question back, as something else than the open plan is for (``any_kind``: or as the
        same kind of thing: where words to look for are asked, a whole request is never such words)."""
        understood = await self._parts.planner.understand_async(text, now, None, who=session.principal)
        parse = understood.parse
        if parse.clarify or not understood.plan.steps or parse.confidence < self._parts.settings.new_request_confidence:
            return False
        if {goal.intent for goal in parse.goals} & {"chat", "unsupported"}:
            return False
        if any_kind:
            return True
        ours = {(goal.intent, goal.entity) for goal in session.parse.goals}
        our_tools = {run.step.tool for run in session.steps}
        theirs = {(goal.intent, goal.entity) for goal in parse.goals}
        return not theirs <= ours or not {step.tool for step in understood.plan.steps} <= our_tools

    async def answered_aside(self, session: Session, user: str, text: str, now: datetime) -> list[Reply] | None:
        """A request of the plan's requester that only reads ("what's on wed" while a card waits): answered now, as a
        plan of its own kept beside the thread (the open plan stays the thread's); None when it changes anything."""
        if user != session.requester:
            return None
        understood = await self._parts.planner.understand_async(text, now, None, who=session.principal)
        steps = understood.plan.steps
        if not steps or understood.parse.clarify or any(self._parts.kind(step.tool) != "read" for step in steps):
            return None
        return await self._starter.start(session.principal, f"{session.thread_key}{_ASIDE}", text)

    async def queue(self, session: Session, text: str) -> list[Reply]:
        """A request said beside the open plan ("also book …" while it asks): kept, to start once the plan ends; the
        question is asked again (a card waiting is shown again by the caller)."""
        question = session.question
        assert question is not None
        session.queued.append(text.strip())
        await self._parts.save(session)
        said = Say(text=f"Noted: once this plan is finished I'll start “{text.strip()}”.")
        return [said, *asked_again(session)]

    async def offer(self, session: Session, text: str, partial: str | None) -> list[Reply]:
        """Offer to drop the open plan for the new request, or to keep answering what it asks."""
        question = session.question
        assert question is not None
        question.offered, question.partial = text.strip(), partial  # a day the reply gave is not an answer
        await self._parts.save(session)
        offer = (
            f"“{text.strip()}” sounds like a new request. Reply “new” to drop the open plan (“{session.text}”) and "
            "start this one, or answer the question to go on with it:"
        )
        if question.kind == "approval":  # the card is shown again below the offer
            kept = "or “keep” to go on with what is shown."
            return [Say(text=offer.removesuffix("or answer the question to go on with it:") + kept)]
        if question.kind == "pick":  # a number answers the pick: the offer is in words only
            labels = [each.item_label(option, zone(session.tz)) for option in question.options]
            return [Say(text=offer), AskValue(text=question.prompt, options=labels)]
        return [Say(text=offer), AskValue(text=question.prompt, options=list(_OFFER_OPTIONS))]


def asked_again(session: Session) -> list[Reply]:
    """The open question asked again after a reply that answered something else (a card waiting is shown again by
    the caller)."""
    question = session.question
    if question is None or question.kind == "approval":
        return []
    if question.kind == "pick":
        labels = [each.item_label(option, zone(session.tz)) for option in question.options]
        return [AskValue(text=question.prompt, options=labels)]
    return [AskValue(text=question.prompt, field=question.name)]


def _free_text(question: Question) -> bool:
    """Whether the question takes any words as its answer (an email's text, a subject)."""
    return question.kind == "value" and question.name is not None and value_type(question.name) == "text"
