"""End to end on two real mailboxes: two people connect their own IMAP accounts with ``planbot accounts connect``;
each one's "show my emails" reads their own inbox only, and a third, unconnected, is asked to connect theirs."""

import asyncio
import uuid
from datetime import UTC, datetime

import pytest

from bot.compose import build_app
from bot.settings import Settings
from integrations.base.principal import Principal
from planning.engine.replies import AskConnect, StepOutcome
from tests.bot.accounts.test_accounts_cli import connect_mail
from tests.integrations.email.conftest import ACCOUNT, PRIYA, MailServers
from tests.integrations.email.imap_helpers import deliver, raw_message
from tests.integrations.email.smtp_server import SmtpServer

ASK = "show my 5 latest emails"


def test_each_person_reads_their_own_mailbox(
    mail_servers: MailServers, own_smtp: SmtpServer, planbot_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PLANBOT_EMAIL", "imap")
    for user, who in (("UA", ACCOUNT), ("UB", PRIYA)):
        assert connect_mail(mail_servers, own_smtp, user, who, who.password).exit_code == 0
    tokens = {"UA": f"for-a-{uuid.uuid4().hex[:8]}", "UB": f"for-b-{uuid.uuid4().hex[:8]}"}
    seen = asyncio.run(scenario(mail_servers, tokens))
    assert tokens["UA"] in seen["UA"] and tokens["UB"] not in seen["UA"]
    assert tokens["UB"] in seen["UB"] and tokens["UA"] not in seen["UB"]
    assert "needs your own email account" in seen["UC"] and "for-a-" not in seen["UC"] and "for-b-" not in seen["UC"]


async def scenario(mail: MailServers, tokens: dict[str, str]) -> dict[str, str]:
    now = datetime.now(UTC)
    for user, who in (("UA", ACCOUNT), ("UB", PRIYA)):
        raw = raw_message("From: Tom <tom.reyes@example.com>", f"To: {who.address}", f"Subject: News {tokens[user]}")
        await deliver(mail, who, raw, now)
    app = await build_app(Settings(), "UTC")
    seen: dict[str, str] = {}
    try:
        for user in ("UA", "UB", "UC"):
            replies = await app.conversation.message(
                thread_key=f"slack:T1:C1:{user}.1", text=ASK, who=Principal("T1", user)
            )
            (outcome,) = [r for r in replies if isinstance(r, StepOutcome | AskConnect)]
            if isinstance(outcome, AskConnect):  # not connected: the plan waits for it
                seen[user] = outcome.text
            else:
                seen[user] = str(outcome.data) if outcome.ok else str(outcome.error)
    finally:
        await app.close()
    return seen
