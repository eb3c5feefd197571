"""Forgetting a person (contract §5.1, people leave): when someone is deactivated or asks to be forgotten, their
connected accounts are disconnected (an OAuth grant revoked at the service where it can be: ``Accounts.disconnect``),
what plan memory learned from their requests is deleted, and their open plans are cancelled; the front end tells
each plan's thread and the person what went.

Only the person's own: a CRM shared by the whole workspace stays, and so do other people's plans in the same threads.
Audit records stay until their retention period (``PLANBOT_AUDIT_RETENTION_DAYS``): they are the record of what ran.
"""

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from bot.accounts.book import Accounts
from planning.engine.conversation import Conversation
from planning.engine.replies import Reply, Say
from planning.store import PlanStore
from planning.store.credentials import ANY_TEAM, WORKSPACE, StoredAccount

logger = logging.getLogger(__name__)


class Remembered(Protocol):
    def forget(self, requester: str) -> int:
        """Delete what was learned from ``requester``'s requests; how many records went (blocking is allowed)."""
        ...


@dataclass(frozen=True)
class CancelledPlan:
    session_id: str
    thread_key: str
    replies: list[Reply]  # what the engine said cancelling it, for the plan's thread


@dataclass(frozen=True)
class Forgotten:
    accounts: list[str] = field(default_factory=list)  # "email (imap: ann@example.com)": never a secret
    plans: list[CancelledPlan] = field(default_factory=list)
    remembered: int = 0  # plans and examples of plan memory learned from their requests
    problems: list[str] = field(default_factory=list)  # what could not be deleted, said plainly

    def summary(self) -> str:
        """What was deleted, for the person (or an admin's log)."""
        lines = []
        if self.accounts:
            lines.append(
                f"Disconnected and deleted {_count(len(self.accounts), 'account')}: {', '.join(self.accounts)}."
            )
        else:
            lines.append("No connected accounts were stored.")
        lines.append(
            f"Cancelled {_count(len(self.plans), 'open plan')}." if self.plans else "There were no open plans."
        )
        if self.remembered:
            lines.append(f"Deleted {_count(self.remembered, 'remembered plan or example')} learned from your requests.")
        else:
            lines.append("Plan memory held nothing learned from your requests.")
        lines.extend(self.problems)
        return "\n".join(lines)


class Forgetting:
    def __init__(
        self,
        *,
        store: PlanStore,
        conversation: Conversation,
        accounts: Accounts | None,
        memory: Remembered | None = None,
    ) -> None:
        self._store = store
        self._conversation = conversation
        self._accounts = accounts
        self._memory = memory

    async def forget(self, *, team: str, user: str, in_scope: Callable[[str], bool] = lambda key: True) -> Forgotten:
        """Forget ``user`` of ``team``; ``in_scope`` says which plans (by thread key) are that workspace's."""
        if not user:
            raise ValueError("forgetting needs a user id")  # never the workspace's shared accounts
        problems: list[str] = []
        plans = await self._cancel_plans(user, in_scope, problems)
        accounts = await self._disconnect(team, user, problems)
        remembered = await self._forget_memory(user, problems)
        counts = len(accounts), len(plans), remembered
        logger.info("forgot %s/%s: %d account(s), %d open plan(s), %d remembered", team, user, *counts)
        return Forgotten(accounts=accounts, plans=plans, remembered=remembered, problems=problems)

    async def _cancel_plans(
        self, user: str, in_scope: Callable[[str], bool], problems: list[str]
    ) -> list[CancelledPlan]:
        cancelled = []
        for record in await self._store.list_open(requester=user):
            if not in_scope(record.thread_key):
                continue
            replies = await self._conversation.cancel(session_id=record.id, user=user)
            still = await self._store.get(record.id)
            if still is not None and still.open:
                refusal = next((r.text for r in replies if isinstance(r, Say)), "")
                logger.warning("could not cancel plan %s of %s: %s", record.id, user, refusal)
                problems.append("One open plan could not be cancelled: ask an admin to cancel it.")
                continue
            cancelled.append(CancelledPlan(record.id, record.thread_key, list(replies)))
        return cancelled

    async def _disconnect(self, team: str, user: str, problems: list[str]) -> list[str]:
        if self._accounts is None:
            return []
        found: list[StoredAccount] = await self._accounts.list(team=team, user=user)
        if team != ANY_TEAM:  # connected without naming the workspace: the install's one workspace
            found += await self._accounts.list(team=ANY_TEAM, user=user)
        gone = []
        for account in found:
            if account.user == WORKSPACE:
                continue
            try:
                deleted = await self._accounts.disconnect(
                    team=account.team, user=account.user, kind=account.kind, service=account.service
                )
            except Exception as error:  # one account's trouble must not keep the others
                logger.warning("could not delete the %s account of %s (%s)", account.kind, user, type(error).__name__)
                problems.append(f"Your {account.kind} account could not be deleted: ask an admin to disconnect it.")
                continue
            if deleted:
                gone.append(f"{account.kind} ({account.service}: {account.label})")
        return gone

    async def _forget_memory(self, user: str, problems: list[str]) -> int:
        if self._memory is None:
            return 0
        try:
            return await asyncio.to_thread(self._memory.forget, user)
        except Exception as error:  # the index may be unavailable; say so rather than pretend
            logger.warning("could not delete the plan memory of %s (%s)", user, type(error).__name__)
            problems.append("Plan memory could not be reached: what it learned from you is not deleted yet.")
            return 0


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"
