"""A plan that needs an account its requester has not connected, over signed HTTP with two real mailboxes: it stops at
that step with a Connect button (the requester's alone), reads nobody else's mail meanwhile, and goes on by itself
once they connect; an account that no longer logs in asks to be reconnected the same way."""

import json
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from bot.accounts import services
from tests.bot.accounts.conftest import own_smtp
from tests.integrations.email.conftest import ACCOUNT, PRIYA, MailServers, mail_servers
from tests.integrations.email.dovecot import MailUser
from tests.integrations.email.imap_helpers import deliver, raw_message
from tests.integrations.email.smtp_server import SmtpServer
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.payloads import (
    CHANNEL_ID,
    TEAM_ID,
    app_mention_event,
    block_actions_body,
    dm_channel_id,
    im_message_event,
)
from tests.slack.kit.views import view_button
from tests.slack.test_connect_home import JOHN, KEY, MARIA, no_planbot_environment
from tests.slack.test_connect_password_page import PUBLIC, browser_of, mail_fields, open_page, submit

__all__ = ["mail_servers", "no_planbot_environment", "own_smtp"]
ASK = "show my 5 latest emails"


@pytest.fixture
async def mail_bot(tmp_path: Path) -> AsyncIterator[Bot]:
    async with running_bot(tmp_path, email="imap", secret_key=SecretStr(KEY), public_url=PUBLIC) as bot:
        yield bot


async def connect_directly(
    bot: Bot, mail: MailServers, smtp: SmtpServer, user: str, who: MailUser, password: str
) -> None:
    """An account stored as the CLI stores it (no check: the password may be wrong, as after a change)."""
    fields = mail_fields(mail, smtp, who, password)
    credentials, label = services.password_credentials(
        "imap",
        url=fields["server"],
        smtp_url=f"{fields['smtp']}&from={who.address}",
        username=who.login,
        password=password,
    )
    accounts = bot.service.app.accounts
    assert accounts is not None
    await accounts.save(team=TEAM_ID, user=user, kind="email", service="imap", label=label, credentials=credentials)


async def mail_to(mail: MailServers, who: MailUser) -> str:
    token = f"for-{who.login}-{uuid.uuid4().hex[:8]}"
    raw = raw_message("From: Tom <tom.reyes@example.com>", f"To: {who.address}", f"Subject: News {token}")
    await deliver(mail, who, raw, datetime.now(UTC))
    return token


def sent(bot: Bot) -> str:
    return json.dumps([call.args for call in bot.slack.calls], ensure_ascii=False)


async def prompt_in(bot: Bot, method: str, thread_ts: str, words: str) -> dict[str, Any]:
    [call] = await bot.slack.wait_for(
        method, lambda c: c.args.get("thread_ts") == thread_ts and words in str(c.args.get("text", ""))
    )
    return dict(call.args)


async def connect_from_prompt(bot: Bot, prompt: dict[str, Any], ts: str, channel: str, fields: dict[str, str]) -> int:
    """Maria opens the prompt's Connect link (Slack reports the click), signs in with Slack and sends the form: the
    page's status."""
    button = view_button(prompt, "account_connect_link", "email")
    click = block_actions_body(
        action_id="account_connect_link", value=button["value"], user_id=MARIA, channel_id=channel, message_ts=ts
    )
    assert (await bot.send(click))[0] == 200
    async with browser_of(bot, MARIA) as browser:
        page = await open_page(bot, browser, str(button["url"]))
        return (await submit(bot, browser, page, fields)).status


async def test_someone_unconnected_gets_the_connect_prompt_and_no_data_then_the_plan_goes_on(
    mail_bot: Bot, mail_servers: MailServers, own_smtp: SmtpServer
) -> None:
    await connect_directly(mail_bot, mail_servers, own_smtp, JOHN, ACCOUNT, ACCOUNT.password)
    johns, marias = await mail_to(mail_servers, ACCOUNT), await mail_to(mail_servers, PRIYA)
    asked = im_message_event(ASK, user_id=MARIA)
    ts = asked["event"]["ts"]

    await mail_bot.send(asked)

    prompt = await prompt_in(mail_bot, "chat.postMessage", ts, "needs your own email account")
    assert view_button(prompt, "account_connect_link", "email")["text"]["text"] == "Connect"
    assert johns not in sent(mail_bot) and "for-planbot-" not in sent(mail_bot)

    status = await connect_from_prompt(
        mail_bot, prompt, ts, dm_channel_id(MARIA), mail_fields(mail_servers, own_smtp, PRIYA, PRIYA.password)
    )

    assert status == 200
    await prompt_in(mail_bot, "chat.postMessage", ts, marias)  # her own mail, in her thread, without asking again
    assert johns not in sent(mail_bot)


async def test_in_a_channel_only_the_requester_gets_the_connect_button(mail_bot: Bot) -> None:
    mention = app_mention_event(ASK, user_id=MARIA)
    ts = mention["event"]["ts"]

    await mail_bot.send(mention)

    await prompt_in(mail_bot, "chat.postMessage", ts, f"Waiting for <@{MARIA}> to connect their email account")
    [call] = await mail_bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("channel") == dm_channel_id(MARIA) and "needs your own email account" in str(c.args),
    )  # in her DM with the app, where Slack keeps it
    assert view_button(call.args, "account_connect_link", "email")
    public = [
        c.args
        for c in mail_bot.slack.calls_to("chat.postMessage") + mail_bot.slack.calls_to("chat.update")
        if c.args.get("channel") == CHANNEL_ID
    ]
    assert "account_connect" not in json.dumps(public)


async def test_an_account_that_no_longer_logs_in_asks_to_reconnect_then_goes_on(
    mail_bot: Bot, mail_servers: MailServers, own_smtp: SmtpServer
) -> None:
    await connect_directly(mail_bot, mail_servers, own_smtp, MARIA, PRIYA, "a-password-changed-since")
    marias = await mail_to(mail_servers, PRIYA)
    asked = im_message_event(ASK, user_id=MARIA)
    ts = asked["event"]["ts"]

    await mail_bot.send(asked)

    prompt = await prompt_in(mail_bot, "chat.postMessage", ts, "needs to be connected again")
    assert view_button(prompt, "account_connect_link", "email")["text"]["text"] == "Reconnect"
    fields = mail_fields(mail_servers, own_smtp, PRIYA, PRIYA.password)
    assert await connect_from_prompt(mail_bot, prompt, ts, dm_channel_id(MARIA), fields) == 200
    await prompt_in(mail_bot, "chat.postMessage", ts, marias)
    assert "a-password-changed-since" not in sent(mail_bot)


async def test_a_change_is_not_offered_for_approval_before_the_account_is_connected(
    mail_bot: Bot, mail_servers: MailServers, own_smtp: SmtpServer
) -> None:
    asked = im_message_event("email tom.reyes@example.com with the subject Lunch saying see you at noon", user_id=MARIA)
    ts = asked["event"]["ts"]

    await mail_bot.send(asked)

    prompt = await prompt_in(mail_bot, "chat.postMessage", ts, "needs your own email account")
    assert "step_approve" not in sent(mail_bot)
    fields = mail_fields(mail_servers, own_smtp, PRIYA, PRIYA.password)
    assert await connect_from_prompt(mail_bot, prompt, ts, dm_channel_id(MARIA), fields) == 200
    await mail_bot.slack.wait_for("chat.update", lambda c: "step_approve" in json.dumps(c.args.get("blocks")))


async def test_a_missing_account_is_said_before_any_other_question(mail_bot: Bot) -> None:
    asked = im_message_event("email John saying zebra-acct-1", user_id=MARIA)  # two Johns: "Which one?"
    ts = asked["event"]["ts"]

    await mail_bot.send(asked)

    await prompt_in(mail_bot, "chat.postMessage", ts, "needs your own email account")
    said = [str(c.args.get("text")) for c in mail_bot.slack.calls_to("chat.postMessage")]
    assert not any("Which one" in text or "should I use" in text for text in said)
