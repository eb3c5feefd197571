"""A form's submission of a person the access gate has not cached: acknowledged first, checked after.

Slack waits 3 seconds for a submission's answer, and that answer is the only place for what the form itself says (a
field's error, shown next to it). So the form's listener runs at once, while Slack is asked about its sender
(``users.info``) beside it (``AccessGate``: the verdict to come, in ``PENDING``): the listener reads the form without
I/O and acknowledges it (with the fields' errors, or closing it), and only then, before any work, is the verdict
awaited (``checked_form``: the ``ack`` it gives the listener does both). A refused person is told in their DM (the
form is closed by then) and nothing else happens; the listener's work never starts.
"""

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.slack.access import Verdict

logger = logging.getLogger(__name__)
PENDING = "planbot_form_verdict"  # in Bolt's context: the asyncio task that will give the submitter's verdict
FormListener = Callable[..., Awaitable[None]]
Refuse = Callable[[str, Verdict], Awaitable[None]]  # (user, verdict): tell a person refused after the ack


class _RefusedAfterAckError(Exception):
    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict)
        self.verdict = verdict


def pending(verdict: Awaitable[Verdict]) -> "asyncio.Task[Verdict]":
    """The verdict, worked out beside the listener (its failure is read by whoever awaits it, or logged)."""
    task = asyncio.ensure_future(verdict)
    task.add_done_callback(_retrieved)
    return task


def checked_form(listener: FormListener, refuse: Refuse) -> FormListener:
    """``listener`` of a form's submissions (Bolt injects any of ``ack``, ``body``, ``view``, ``context``), whose
    submitter, when not checked before (``PENDING`` in the context), is checked right after its ``ack``."""
    wanted = set(inspect.signature(listener).parameters)

    async def submitted(ack: Any, body: dict[str, Any], view: dict[str, Any], context: dict[str, Any]) -> None:
        verdict: asyncio.Task[Verdict] | None = context.get(PENDING)
        arguments: dict[str, Any] = {"ack": ack, "body": body, "view": view, "context": context}
        if verdict is None:
            await listener(**{name: value for name, value in arguments.items() if name in wanted})
            return

        async def ack_then_check(*args: Any, **kwargs: Any) -> Any:
            answer = await ack(*args, **kwargs)  # Slack has its answer now; the rest waits for the verdict
            decided = await verdict
            if decided != "allowed":
                raise _RefusedAfterAckError(decided)
            return answer

        arguments["ack"] = ack_then_check
        try:
            await listener(**{name: value for name, value in arguments.items() if name in wanted})
        except _RefusedAfterAckError as refused:
            user = str((body.get("user") or {}).get("id") or "")
            logger.info("refused %s after a form's ack: %s", user, refused.verdict)
            await refuse(user, refused.verdict)

    return submitted


def _retrieved(task: "asyncio.Task[Verdict]") -> None:
    if not task.cancelled() and task.exception() is not None:
        logger.warning("checking a form's sender failed (%s)", type(task.exception()).__name__)
