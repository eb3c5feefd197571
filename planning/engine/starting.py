"""A new request in a thread: understood, planned and started (or refused, or asked what was meant); a follow-up to
the person's last plan there ("undo that", "make it 4pm instead"); the hourly limit; and a finished plan kept as
an example for later planning."""

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import replace
from datetime import timedelta
from functools import partial

from integrations.base.principal import Principal
from planning.engine import each, followups, sent_corrections, texts
from planning.engine.after_plan import AfterPlan
from planning.engine.day_asked import on_day_asked
from planning.engine.file_facts import AttachedFile
from planning.engine.intentions import view_of
from planning.engine.invitation_answered import answered_alone
from planning.engine.listed_again import one_more_listed
from planning.engine.listed_week import in_its_week
from planning.engine.meeting_booked import with_meeting_asked
from planning.engine.named_listed import acts_on_listed, forwarded_listed, named_listed, said_by_name, shown_listed
from planning.engine.news import with_news
from planning.engine.observe import ApprovedPlans
from planning.engine.parts import Parts, zone
from planning.engine.person_address import with_earlier_address
from planning.engine.rebooked import deleted_rebooked
from planning.engine.receipts import Receipt, new_session_id, session_id_for
from planning.engine.record_changes import made_again
from planning.engine.replies import AskValue, Refused, Reply, Say, ShowPlan
from planning.engine.session import Question, Session, StepRun
from planning.engine.shown_events import among_shown
from planning.engine.shown_mails import among_shown_mails
from planning.engine.shown_summary import with_summary
from planning.engine.subject_pointed import with_event_in_subject
from planning.engine.summarized_shown import summary_of_shown
from planning.engine.task_on_its_own import on_its_own
from planning.engine.thing_titles import with_event_in_title
from planning.engine.workspaces import workspace_prefix
from planning.planner.shared_files import with_shared_files
from planning.types import Plan
from planning.understanding.clarify import describe
from planning.understanding.commands import ordinal_named, points_back
from planning.validation import validate_plan

logger = logging.getLogger(__name__)
_ANY_LENGTH = 99  # a list this long holds any place a request names ("the second one")


class Starter:
    def __init__(self, parts: Parts) -> None:
        self._parts = parts
        self._after = AfterPlan(parts, self)  # a follow-up after a plan ended, by its row of the table

    async def may_follow_up(self, who: Principal, thread_key: str, receipt: Receipt | None) -> bool:
        """Whether words in this thread may follow up ``who``'s own plan there: none is open, their last one ended
        within the session TTL, and this is not a delivery again of a request that already made its plan."""
        if await self._parts.open_session(thread_key) is not None:
            return False
        if receipt is not None and receipt.again and await self._parts.store.get(session_id_for(receipt)) is not None:
            return False
        record = await self._parts.store.latest_for_thread(thread_key, requester=who.user)
        if record is None or record.open:
            return False
        ttl = timedelta(seconds=self._parts.settings.session_ttl_seconds)
        return self._parts.clock() - record.updated_at <= ttl

    async def pointed_follow_up(self, who: Principal, thread_key: str, text: str) -> list[Reply]:
        """In a channel thread: a follow-up of this person's last plan there, or words that point back at what it did
        or showed ("push it 30 min", "cancel the 2nd one"), started as a request about it; [] for anything else."""
        followed = await self.after(who, thread_key, text)
        if followed is None and (points_back(text) or ordinal_named(text, _ANY_LENGTH) is not None):
            followed = await self.start(who, thread_key, text)
        return followed or []

    async def after(self, who: Principal, thread_key: str, text: str) -> list[Reply] | None:
        """ "undo that", "make it 4pm instead", "also invite Priya" after this person's last plan in the thread
        ended: a new plan from its values (contract §2.7, :mod:`~planning.engine.after_plan`); None when ``text`` is
        no such follow-up."""
        return await self._after.reply(who, thread_key, text)

    async def follow(
        self, who: Principal, thread_key: str, text: str, earlier: Session, follow: followups.FollowUp | None
    ) -> list[Reply] | None:
        """The plan of a follow-up on ``earlier`` started (validated, created within the hourly limit, advanced)."""
        if follow is None:
            return None
        said = [Say(text=line + ".") for line in follow.cannot]
        if not follow.plan.steps:
            offer = sent_corrections.OFFER if sent_corrections.sent_last(earlier) else texts.NOTHING_TO_UNDO
            return [*said, Say(text=offer)] if said else None
        problems = validate_plan(follow.plan, self._parts.runner.catalog)
        if problems:
            logger.error("follow-up plan failed validation: %s", "; ".join(map(str, problems)))
            return [Say(text=f"I could not build that change. {texts.TRY_AGAIN}", tone="problem")]
        session = Session(
            id=new_session_id(),
            thread_key=thread_key,
            requester=who.user,
            text=text,
            tz=who.zone,
            team=who.team,
            requester_address=who.address,
            created_at=self._parts.clock(),
            parse=followups.parse_of(follow),
            steps=follow.runs(self._parts.kind),
            state="collecting",
        )
        which = followups.ask_which(  # "mark the acme one done" of two acme tasks: which one
            session, follow, partial(each.item_label, tz=zone(who.zone)), self._parts.clock()
        )
        limited = await self.create_within_limit(session)
        if limited is not None:
            return [limited]
        return [*said, *([which] if which else []), *await self._parts.machine.advance(session)]

    async def handled_before(self, receipt: Receipt, thread_key: str, user: str, session: Session | None) -> bool:
        """Whether a request delivered again was handled before: its plan exists, or a plan here took it."""
        if await self._parts.store.get(session_id_for(receipt)) is not None:
            return True
        if session is not None and receipt.key in session.receipts:
            return True
        latest = await self._parts.store.latest_for_thread(thread_key, requester=user)
        return latest is not None and receipt.key in latest.data.get("receipts", [])

    async def start(
        self,
        who: Principal,
        thread_key: str,
        text: str,
        chosen: tuple[str, str] | None = None,
        *,
        files: Sequence[AttachedFile] = (),
    ) -> list[Reply]:
        now = self._parts.now(who.zone)
        early = await self.rate_limited(who)  # a cheap early answer; the binding check is at creation
        if early is not None:
            return [early]
        understood = await self._parts.planner.understand_async(text, now, chosen, who=who)
        understood = replace(understood, plan=with_shared_files(understood.plan, [file.ref for file in files]))
        earlier = await self._parts.store.latest_for_thread(thread_key, requester=who.user)
        again = said_by_name(self._parts.from_record(earlier), text, understood.plan) if earlier else None
        if earlier is not None and not earlier.open and again is not None:  # "mark me tentative on that one"
            retold = await self._parts.planner.understand_async(again, now, chosen, who=who)
            if acts_on_listed(self._parts.from_record(earlier), retold.plan):
                understood = replace(retold, plan=with_shared_files(retold.plan, [file.ref for file in files]))
        more = one_more_listed(self._parts.from_record(earlier), text) if earlier and not earlier.open else None
        if more is not None:  # "add one: …" after notes listed: a note on what they were about
            retold = await self._parts.planner.understand_async(more[0], now, chosen, who=who)
            if any(s.tool == "create_entity" and s.inputs.get("entityType") == more[1] for s in retold.plan.steps):
                understood = replace(retold, plan=with_shared_files(retold.plan, [file.ref for file in files]))
        pointed: followups.FollowUp | None = None
        if earlier is not None and not earlier.open:  # "book a follow-up with them": the earlier plan's people
            plan = followups.with_earlier_people(self._parts.from_record(earlier), text, understood.plan)
            plan = with_earlier_address(self._parts.from_record(earlier), text, plan)  # "add her as a lead, nina …"
            plan = with_news(self._parts.from_record(earlier), text, plan)  # "let john know": what was done
            plan = with_event_in_subject(self._parts.from_record(earlier), plan)  # "It's moved …": the event's name
            plan = with_summary(self._parts.from_record(earlier), text, plan)  # "send that summary to sarah"
            plan = summary_of_shown(self._parts.from_record(earlier), text, plan)  # "summarize pls": that search's mail
            plan = deleted_rebooked(self._parts.from_record(earlier), text, plan, understood.parse.goals[0], now)
            plan = with_event_in_title(self._parts.from_record(earlier), plan)  # "… to rebook it": the lunch
            plan = on_day_asked(self._parts.from_record(earlier), text, plan, now)  # "at 3 then": the day asked
            plan = with_meeting_asked(self._parts.from_record(earlier), text, plan, understood.parse.goals[0], now)
            understood = replace(understood, plan=plan)
            # "push it back an hour": what the earlier plan changed or found
            pointed = named_listed(self._parts.from_record(earlier), text, plan, understood.parse.goals[0])
            pointed = pointed or forwarded_listed(self._parts.from_record(earlier), text, plan)  # "send it on to …"
            pointed = (
                pointed
                or followups.with_earlier_record(
                    self._parts.from_record(earlier), text, plan, understood.parse.goals[0]
                )
                or among_shown(self._parts.from_record(earlier), plan, understood.parse.goals[0])
            )
            pointed = pointed or among_shown_mails(
                self._parts.from_record(earlier), plan, understood.parse.goals[0], now
            )
            pointed = pointed or made_again(self._parts.from_record(earlier), plan)  # the record just made, again
            pointed = pointed or answered_alone(self._parts.from_record(earlier), text, plan)  # "maybe", after one
            pointed = pointed or shown_listed(self._parts.from_record(earlier), text, plan)  # "open the 2nd"
            pointed = in_its_week(pointed, text, now) if pointed is not None else None  # "…to wed": of its week
        parse = understood.parse
        if pointed is not None and (pointed.goal.intent in ("update", "find") or not understood.plan.steps):
            parse = followups.parse_of(pointed)  # a change, or "open the 2nd": only what it points at
        intents = {g.intent for g in parse.goals}
        self._parts.observer.count("requests", understood="/".join(sorted(intents)))
        if not understood.plan.steps and pointed is None:
            if intents == {"chat"}:
                return [Say(text=texts.HELP)]
            outside = next((goal.outside for goal in parse.goals if goal.outside is not None), None)
            if outside is not None:
                return [Refused(text=texts.cant_do(outside), reason="out_of_scope", private=False)]
            if "unsupported" in intents:  # it sounded like ours: say what was not understood, and how to say it
                return [Refused(text=texts.not_understood(text), reason="not_understood", private=False)]
            reason = understood.planning_problem or "I could not turn that into steps"
            return [Say(text=f"{reason}. {texts.TRY_AGAIN}", tone="problem")]
        if pointed is None:  # "add a task to follow up on pricing": no record asked
            understood = replace(understood, plan=on_its_own(understood.plan))
        steps = [StepRun(step=step, kind=self._parts.kind(step.tool)) for step in understood.plan.steps]
        if pointed is not None:
            steps = pointed.runs(self._parts.kind)
        session = Session(
            id=new_session_id(),
            thread_key=thread_key,
            requester=who.user,
            text=text,
            tz=who.zone,
            team=who.team,
            requester_address=who.address,
            created_at=self._parts.clock(),
            parse=parse,
            steps=steps,
            files=list(files),
        )
        replies: list[Reply] = []
        if "unsupported" in intents:
            replies.append(Say(text=texts.PARTLY_UNSUPPORTED, tone="problem"))
        if parse.clarify:
            session.state = "clarifying"
            options = [describe(choice.intent, choice.entity) for choice in parse.choices]
            how = "reply with a number" if options else "reply “yes” to go ahead with this plan"
            prompt = f"{parse.clarify} ({how}, or tell me what you meant)"
            session.question = Question(
                kind="clarify",
                prompt=prompt,
                asked_at=self._parts.clock(),
                options=[{"intent": c.intent, "entity": c.entity} for c in parse.choices],
            )
            limited = await self.create_within_limit(session)
            asked = AskValue(text=prompt, options=options)
            return [limited] if limited else [*replies, ShowPlan(view=view_of(session)), asked]
        session.state = "collecting"
        which = None
        if pointed is not None:  # several found where one is meant: which one
            which = followups.ask_which(
                session, pointed, partial(each.item_label, tz=zone(who.zone)), self._parts.clock()
            )
        limited = await self.create_within_limit(session)
        if limited is not None:
            return [limited]
        return [*replies, *([which] if which else []), *await self._parts.machine.advance(session)]

    async def create_within_limit(self, session: Session) -> Say | None:
        """Count and create under one per-user lock, so the limit holds exactly across replicas."""
        if self._parts.settings.max_plans_per_hour <= 0:
            await self._parts.create(session)
            return None
        team = session.team
        async with self._parts.lock(f"user:{team}:{session.requester}" if team else f"user:{session.requester}"):
            limited = await self.rate_limited(session.principal)
            if limited is None:
                await self._parts.create(session)
            return limited

    async def rate_limited(self, who: Principal) -> Say | None:
        """The hourly plan limit of ``who`` in their workspace (one user id may be two people)."""
        limit = self._parts.settings.max_plans_per_hour
        if limit <= 0:
            return None
        since, prefix = self._parts.clock() - timedelta(hours=1), workspace_prefix(who.team) if who.team else None
        started = await self._parts.store.count_created_since(who.user, since, thread_prefix=prefix)
        if started < limit:
            return None
        self._parts.observer.count("rate_limited")
        return Refused(text=texts.rate_limited(started, limit), reason="rate_limited")


async def remember(memory: ApprovedPlans | None, session: Session) -> None:
    """A finished plan whose changes were approved and ran becomes an example for later planning."""
    approved = [r for r in session.steps if r.kind == "write" and r.state == "done" and r.decided_by]
    if memory is None or not approved:
        return
    plan = Plan(steps=tuple(r.step for r in session.steps))
    scope = session.team or "default"
    try:
        who = session.requester  # what is learned from a request is forgotten with its requester
        remember = memory.remember
        await asyncio.to_thread(remember, session.text, session.parse, plan, scope=scope, requester=who)
    except Exception:  # remembering helps later plans; this one is done either way
        logger.warning("could not remember plan %s", session.id, exc_info=True)
