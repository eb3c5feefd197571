"""Putting the engine's replies into Slack: the plan message updated in place, questions as thread replies,
private things only to the person they are for, where Slack keeps them.

Addressing: replies that name a plan go to that plan's own message and its own requester, as remembered for the
plan (``SlackState.where``) or, for a new plan, as its session says; never to an earlier plan of the same thread.

In a channel (not a direct message) everyone sees the plan message, so it lists steps and states and says what
waits for whom. The private things go to the requester's direct messages with the app (``keep``): the step's
arguments (mailbox, calendar or CRM contents, bodies) on the approval card with its buttons, read results, the
choices of a question, a failed change's details. Slack keeps a DM: it is there after a reload and on every device,
which an ephemeral message is not. The thread says where they are, with a link (``chat.getPermalink``). Ephemeral
messages (``privately``) carry only what may be lost: a hint, a refusal. An email's text is asked for with a
*Write it* button (a modal), not in the thread. In a DM everything is shown in place.

Failures: every call goes through ``SlackSender`` (transient errors retried with backoff). When Slack refuses a
message for good, the person it was for gets it another way (their DM, else ephemeral), or else a short notice;
the remaining replies are delivered either way.
"""

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any

from slack_sdk.web.async_client import AsyncWebClient

from bot.slack import blocks
from bot.slack.blocks_private import in_dm_line, write_it_question, write_value
from bot.slack.blocks_text import MAX_BLOCKS, unnest_message
from bot.slack.connect_blocks import connect_prompt, connect_waiting
from bot.slack.posted_once import posting
from bot.slack.sending import RetryPolicy, SendError, SlackSender
from bot.slack.state import SlackState, Where, recent_owner
from planning.engine.replies import (
    ApprovedCard,
    AskApproval,
    AskConnect,
    AskValue,
    Refused,
    Reply,
    Say,
    ShowPlan,
    StepOutcome,
)

logger = logging.getLogger(__name__)
RequesterOf = Callable[[str], Awaitable[str | None]]
ConnectButton = Callable[[str, str, str, bool], dict[str, Any] | None]  # team, user, kind, reconnect → button
PRIVATE_TEXT_FIELDS = frozenset({"body", "subject", "description", "notes"})  # what someone writes: a Write it button


class Delivery:
    def __init__(
        self,
        client: AsyncWebClient,
        state: SlackState,
        *,
        requester_of: RequesterOf | None = None,
        approvers: frozenset[str] = frozenset(),
        retry: RetryPolicy | None = None,
        connect_button: ConnectButton | None = None,
    ) -> None:
        """``requester_of(session_id)``: who asked for a plan (the engine's record); ``approvers`` also get the
        approval card when they act on a plan; ``connect_button``: the requester's Connect button for a step that
        waits for their account (``bot.slack.connect``)."""
        self._send = SlackSender(client, retry)
        self._connect_button = connect_button
        self._state = state
        self._requester_of = requester_of
        self._approvers = approvers

    @property
    def sender(self) -> SlackSender:
        return self._send

    async def deliver(self, where: Where, replies: Sequence[Reply], *, actor: str | None = None) -> Where:
        """Send ``replies`` for the conversation at ``where`` (for a new plan: its thread); ``actor`` is who
        caused them (a refusal goes to them). Returns the plan's place."""
        plan = next((r for r in reversed(replies) if isinstance(r, ShowPlan)), None)
        approval = next((r for r in reversed(replies) if isinstance(r, AskApproval)), None)
        session_id = plan.view.session_id if plan else approval.session_id if approval else None
        if session_id:
            where = await self._place(where, session_id)
        kinds = {s.id: s.kind for i in plan.view.intentions for s in i.steps} if plan else {}
        waiting = approval if plan is None or plan.view.state == "awaiting_approval" else None
        carded = waiting is not None and plan is not None and not where.is_dm
        link = await self._card(where, waiting, actor) if carded and waiting is not None else None
        if plan is not None:  # in a channel, its note links the card, sent first to the requester's DM
            where = await self._show_plan(where, plan, waiting, link)
        said = _Said(self, where)  # what the thread sees at one time goes as one message
        results: list[str | None] = []  # links to the results that went to the requester's DM
        for reply in replies:
            if isinstance(reply, AskValue):
                await self._where_results_are(where, said, results)
                await said.flush()
                await self._question(where, reply)
            elif isinstance(reply, Say):
                await self._say(where, reply, actor, said)
            elif isinstance(reply, StepOutcome):
                await self._outcome(where, reply, kinds.get(reply.step_id), said, results)
            elif isinstance(reply, ApprovedCard):  # what it changes, for the requester: in place in a DM
                card = blocks.approved_card(reply)
                what = f"the details of “{reply.card.intent}”"
                if where.is_dm:
                    await said.add(card, what=what)
                else:
                    results.append(await self.keep(where, where.requester, card, what=what))
        await self._where_results_are(where, said, results)
        await said.flush()
        if waiting is not None and plan is None:
            await self._card(where, waiting, actor)
        return where

    async def _where_results_are(self, where: Where, said: "_Said", results: list[str | None]) -> None:
        """One line for the thread: the results just sent to the requester's DM are there (linked)."""
        if results:
            await said.add(in_dm_line(where.requester, _results(len(results)), results[0]), what="a note")
            results.clear()

    async def keep(self, where: Where, user: str, message: dict[str, Any], *, what: str) -> str | None:
        """Something ``user`` must be able to find again and act on: in a DM conversation of theirs, in place;
        from a channel, in their DM with the app (a link to it is returned, when Slack gives one); when Slack
        refuses the DM, privately where they are (ephemeral), else a short notice."""
        if where.is_dm and user == where.requester:
            await self._public(where, message, what=what)
            return None
        if message.get("file"):  # the file comes along in the DM: it says which plan it is for
            title = blocks.escape(str(message["file"].get("title", "")))
            comment = f"All of “{title}”, for your plan in <#{where.channel}>."
            message = {**message, "file": {**message["file"], "comment": comment}}
        try:
            channel = await self._send.dm_channel(user)
            ts = await self._send.post(channel=channel, thread_ts=None, message=message)
        except SendError:
            await self.privately(where, user, message, what=what)
            return None
        if message.get("file"):
            await self._attach(message["file"], user, where)
        return await self._send.permalink(channel=channel, ts=ts)

    async def privately(self, where: Where, user: str, message: dict[str, Any], *, what: str) -> None:
        """To ``user`` only: in the thread (ephemeral; a DM is private already), else in their DM, else a short
        notice that ``what`` could not be shown."""
        failure: SendError | None = None
        ways = self._private_ways(where, user, message)
        if message.get("file") and not where.is_dm:  # the file goes to their DM: the message says so
            title = blocks.escape(str(message["file"].get("title", "")))
            comment = f"All of “{title}”, from my private message in <#{where.channel}>."
            ways[0] = self._private_ways(where, user, blocks.file_elsewhere(message, comment))[0]
            message = {**message, "file": {**message["file"], "comment": comment}}
        for number, attempt in enumerate(ways):
            try:
                await attempt()
            except SendError as error:
                failure = error
                continue
            if message.get("file"):  # a file cannot be ephemeral: in a channel, it goes to the person's DM
                in_place = where.is_dm and number == 0
                await self._attach(message["file"], None if in_place else user, where)
            return
        assert failure is not None
        notice = blocks.delivery_problem(what, failure.error)
        for attempt in self._private_ways(where, user, notice):
            try:
                await attempt()
                return
            except SendError:
                continue
        logger.warning("could not reach %s in %s by any way (%s)", user, where.channel, failure.error)

    # --- the plan message ----------------------------------------------------------------------------

    async def _place(self, where: Where, session_id: str) -> Where:
        """The plan's own place: as remembered, else ``where``'s thread with the plan's own requester."""
        known = await self._state.where(session_id)
        if known is not None:
            return known
        requester = await self._requester_of(session_id) if self._requester_of is not None else None
        return replace(where, requester=requester or where.requester)

    async def _show_plan(
        self, where: Where, plan: ShowPlan, approval: AskApproval | None, link: str | None = None
    ) -> Where:
        """``approval``: the step waiting, shown whole in a DM; in a channel only what waits for whom, its card
        (linked by ``link``) being in the requester's DM."""
        session_id = plan.view.session_id
        decided = await self._state.decisions(session_id)
        audience = None if where.is_dm else where.requester
        message = blocks.plan_message(plan.view, approval, decided, for_channel=audience, details=link)
        if where.message_ts:
            try:
                await self._send.update(channel=where.channel, ts=where.message_ts, message=message)
                if await self._state.where(session_id) is None:  # a message posted for it before it existed (/plan)
                    await self._state.remember(session_id, where)
                return where
            except SendError as failure:
                if failure.transient:
                    return where  # still there; the next change updates it
                logger.warning("plan %s: chat.update failed (%s); posting it again", session_id, failure.error)
        async with posting(self._state, f"plan:{session_id}") as mine:
            if not mine:
                return where  # another handling of this request posts it
            try:
                ts = await self._send.post(channel=where.channel, thread_ts=where.thread_ts or None, message=message)
            except SendError:  # the requester's own, details included (its card, if any, went to their DM already)
                whole = blocks.plan_message(plan.view, approval if where.is_dm else None, decided)
                await self.keep(where, where.requester, whole, what="your plan")
                return where
            where = replace(where, message_ts=ts)
            await self._state.remember(session_id, where)
        return where

    async def _card(self, where: Where, ask: AskApproval, actor: str | None) -> str | None:
        """The step's details with its buttons for the requester (and for an approver who acted), in their DM;
        the link to the requester's."""
        card = unnest_message(blocks.approval_card(ask, channel=None if where.is_dm else where.channel))
        what = f"the details of “{ask.intent}”"
        shown = f"card:{ask.session_id}:{ask.step_id}:{ask.args_hash}"
        if where.is_dm:
            async with posting(self._state, f"{shown}:{where.thread_key}") as mine:
                if mine:
                    await self._public(where, card, what=what)
            return None
        link = None
        async with posting(self._state, f"{shown}:{where.requester}") as mine:
            if mine:
                link = await self.keep(where, where.requester, card, what=what)
        if actor and actor != where.requester and actor in self._approvers:
            async with posting(self._state, f"{shown}:{actor}") as mine:
                if mine:
                    await self.keep(where, actor, card, what=what)
        return link

    # --- replies -------------------------------------------------------------------------------------

    async def _question(self, where: Where, ask: AskValue) -> None:
        async with posting(self._state, f"question:{where.thread_key}:{ask.field}:{ask.text}") as mine:
            if mine:  # else another handling of this request asks it
                await self._ask(where, ask)

    async def _ask(self, where: Where, ask: AskValue) -> None:
        if isinstance(ask, AskConnect):
            await self._connect(where, ask)
            return
        if where.is_dm:
            await self._public(where, blocks.question_message(ask), what="a question")
            return
        if ask.field in PRIVATE_TEXT_FIELDS and not ask.options:  # typed in a modal, not in the channel's thread
            value = write_value(where.team_id, where.channel, where.thread_ts)
            await self._public(where, write_it_question(ask, where.requester, value), what="a question")
            return
        if not ask.options:
            await self._public(where, blocks.question_message(ask), what="a question")
            return
        choices = blocks.question_message(ask, answer_in=where.channel)
        link = await self.keep(where, where.requester, choices, what="the choices")
        await self._public(where, blocks.shared_question_message(ask, where.requester, link), what="a question")

    async def _connect(self, where: Where, ask: AskConnect) -> None:
        """The Connect button is the requester's own (a sign-in link made for them): in a channel, only they see it."""
        make = self._connect_button
        button = make(where.team_id, where.requester, ask.account, ask.reconnect) if make is not None else None
        prompt = connect_prompt(ask, button)
        if where.is_dm:
            await self._public(where, prompt, what="a question")
            return
        await self.keep(where, where.requester, prompt, what="the Connect button")
        await self._public(where, connect_waiting(ask, where.requester), what="a question")

    async def _say(self, where: Where, say: Say, actor: str | None, said: "_Said") -> None:
        people = [p for p in (actor, where.requester) if p]  # "Approved … (U0TOM)": shown as a mention
        if (
            say.private and not say.kept and (isinstance(say, Refused) or say.tone in ("refusal", "problem"))
        ):  # may be lost
            await said.flush()
            await self.privately(where, actor or where.requester, blocks.say_message(say, people), what="a message")
        elif say.private:  # what the plan used or did (a record, an event's organiser): kept in their DM
            await said.flush()
            await self.keep(where, actor or where.requester, blocks.say_message(say, people), what="a message")
        else:
            await said.add(blocks.say_message(say, people), what="a message")

    async def _outcome(
        self, where: Where, outcome: StepOutcome, kind: str | None, said: "_Said", results: list[str | None]
    ) -> None:
        """Results of reads, and any result in a DM, go to the requester (in a channel: to their DM, its link
        added to ``results``); a channel sees changes done or failed."""
        message = blocks.outcome_message(outcome)
        what = f"the result of “{outcome.intent}”"
        if where.is_dm:
            await said.add(message, what=what)
        elif outcome.private or kind != "write":
            results.append(await self.keep(where, where.requester, message, what=what))
        else:
            await said.add(blocks.shared_outcome_message(outcome, where.requester), what=what)
            if not outcome.ok:
                results.append(await self.keep(where, where.requester, message, what=what))
        line = message.get("text", outcome.intent)
        owner = recent_owner(where.team_id, where.requester)
        await self._state.add_recent(owner, outcome.intent, str(line)[:300], tool=outcome.tool)

    async def _public(self, where: Where, message: dict[str, Any], *, what: str) -> None:
        """In the thread; when Slack refuses it there, to the requester's DM (from a channel), else ephemeral."""
        try:
            await self._send.post(channel=where.channel, thread_ts=where.thread_ts or None, message=message)
        except SendError:
            if where.is_dm:
                await self.privately(where, where.requester, message, what=what)
            else:
                await self.keep(where, where.requester, message, what=what)
            return
        if message.get("file"):
            await self._attach(message["file"], None, where)

    async def _attach(self, file: dict[str, Any], user: str | None, where: Where) -> None:
        """The file that goes with a message: in ``where``'s thread, or in ``user``'s DM."""
        try:
            if user is None:
                await self._send.upload(channel=where.channel, thread_ts=where.thread_ts or None, file=file)
            else:
                await self._send.upload(channel=await self._send.dm_channel(user), thread_ts=None, file=file)
        except SendError as failure:  # said where the message went (privately for a private one)
            notice = blocks.delivery_problem(f"the file “{file['title']}”", failure.error)
            try:
                if user is None:
                    await self._send.post(channel=where.channel, thread_ts=where.thread_ts or None, message=notice)
                else:
                    await self._send.direct(user=user, message=notice)
            except SendError:
                logger.warning("could not attach a file nor say so in %s", where.channel)

    def _private_ways(self, where: Where, user: str, message: dict[str, Any]) -> list[Callable[[], Awaitable[object]]]:
        thread = where.thread_ts or None
        first: Callable[[], Awaitable[object]]
        if where.is_dm:
            first = lambda: self._send.post(channel=where.channel, thread_ts=thread, message=message)  # noqa: E731
        else:
            first = lambda: self._send.ephemeral(  # noqa: E731
                channel=where.channel, user=user, thread_ts=thread, message=message
            )
        return [first, lambda: self._send.direct(user=user, message=message)]


def _results(count: int) -> str:
    return "the result is" if count == 1 else f"the {count} results are"


class _Said:
    """Thread messages said one after another for one event, posted as one message (with a file, or past Slack's
    block limit, on their own)."""

    def __init__(self, delivery: Delivery, where: Where) -> None:
        self._delivery, self._where = delivery, where
        self._messages: list[dict[str, Any]] = []
        self._what: list[str] = []

    async def add(self, message: dict[str, Any], *, what: str) -> None:
        if message.get("file"):
            await self.flush()
            await self._delivery._public(self._where, message, what=what)
            return
        if sum(len(m.get("blocks", [])) for m in self._messages) + len(message.get("blocks", [])) > MAX_BLOCKS:
            await self.flush()
        self._messages.append(message)
        self._what.append(what)

    async def flush(self) -> None:
        if not self._messages:
            return
        messages, what = self._messages, " and ".join(dict.fromkeys(self._what))
        self._messages, self._what = [], []
        await self._delivery._public(self._where, blocks.together(messages), what=what)
