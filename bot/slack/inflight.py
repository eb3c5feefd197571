"""The listener work still running after Slack's ack, so a shutdown can let it finish (bounded) before the stores
close. Whatever does not finish in time is cancelled and, being saved step by step, resumes at the next start
(``bot.serve.resume_in_slack``; leases for other replicas).

Bolt runs an event's listener in a task of its own after acking; its runner's start and completion handlers run
inside that task, which is where each run is counted. A request acknowledged before it is handled (a person looked
up after the ack, ``bot.slack.inbox``) is counted from its ack: its dispatch's task until its listener starts."""

import asyncio
import logging
from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_bolt.listener.async_listener_completion_handler import AsyncListenerCompletionHandler
from slack_bolt.listener.async_listener_start_handler import AsyncListenerStartHandler
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.response import BoltResponse

from bot.slack.inbox import LATER_TASK

logger = logging.getLogger(__name__)


class InFlight:
    def __init__(self) -> None:
        self._running: set[asyncio.Task[Any]] = set()

    def watch(self, app: AsyncApp) -> None:
        """Count every listener run of ``app`` from its start to its completion."""
        runner = app.listener_runner
        runner.listener_start_handler = _Started(self._running, runner.listener_start_handler)
        runner.listener_completion_handler = _Completed(self._running, runner.listener_completion_handler)

    def add(self, task: asyncio.Task[Any]) -> None:
        """Count work of a request running before its listener (its dispatch after its ack), until it ends or its
        listener starts (counted then)."""
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    @property
    def running(self) -> int:
        return len(self._running)

    async def drain(self, timeout_seconds: float) -> int:
        """Wait up to ``timeout_seconds`` for the running listeners; cancel the rest. Returns how many were cut."""
        if not self._running:
            return 0
        _, pending = await asyncio.wait(set(self._running), timeout=timeout_seconds)
        for task in pending:
            task.cancel()
        if pending:
            await asyncio.wait(pending, timeout=1)
            logger.warning("shutdown: %d requests still running were stopped; they resume at next start", len(pending))
        return len(pending)


class _Started(AsyncListenerStartHandler):
    def __init__(self, running: set[asyncio.Task[Any]], then: AsyncListenerStartHandler) -> None:
        self._running = running
        self._then = then  # the handler installed before (the inbox's): it runs too

    async def handle(self, request: AsyncBoltRequest, response: BoltResponse | None) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._running.add(task)
        self._running.discard(request.context.get(LATER_TASK))  # the request is counted by its listener's run now
        await self._then.handle(request=request, response=response)


class _Completed(AsyncListenerCompletionHandler):
    def __init__(self, running: set[asyncio.Task[Any]], then: AsyncListenerCompletionHandler) -> None:
        self._running = running
        self._then = then

    async def handle(self, request: AsyncBoltRequest, response: BoltResponse | None) -> None:
        try:
            await self._then.handle(request=request, response=response)
        finally:
            task = asyncio.current_task()
            if task is not None:
                self._running.discard(task)
