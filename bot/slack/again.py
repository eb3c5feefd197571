"""A request handled again after its process stopped half-way (``bot.slack.inbox`` replays it): what its first
handling did in Slack is used, not done twice.

The engine makes no second plan for it (``planning.engine.receipts``), and says nothing more of it; the plan it made
is shown where it stands (``made_before``), since the first handling may have stopped before showing it. A request
that opens a new thread for its plan (``/plan``'s first message, a plan moved to the requester's DM) keeps that
thread as the place of the plan it makes, whose id its receipt gives (``opening``); handled again, it goes on there
(``opened``) rather than posting another first message.
"""

from collections.abc import Awaitable, Callable

from bot.slack.state import SlackState, Where
from planning.engine.receipts import Receipt, session_id_for
from planning.engine.replies import Reply

MadeBy = Callable[[Receipt], Awaitable[list[Reply]]]  # the engine's ``Conversation.made_by``


class Again:
    def __init__(self, state: SlackState, made_by: MadeBy) -> None:
        self._state = state
        self._made_by = made_by

    async def made_before(self, receipt: Receipt | None) -> list[Reply]:
        """For a request handled again: where the plan it made stands, with what it asks; [] otherwise."""
        if receipt is None or not receipt.again:
            return []
        return await self._made_by(receipt)

    async def opened(self, receipt: Receipt | None) -> Where | None:
        """For a request handled again: the thread its first handling opened for its plan, if it opened one."""
        if receipt is None or not receipt.again:
            return None
        return await self._state.where(session_id_for(receipt))

    async def opening(self, receipt: Receipt | None, where: Where) -> None:
        """The request posted the first message of a new thread for its plan, at ``where``. Only for a new thread: a
        place kept for a plan that is never made must not stand for another plan of its thread
        (``SlackState.where_thread``)."""
        if receipt is not None:
            await self._state.remember(session_id_for(receipt), where)
