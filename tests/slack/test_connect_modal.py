"""Connecting a password service from Slack over signed HTTP: Connect opens the modal, its login is checked against
real servers (Dovecot with aiosmtpd, Radicale) before anything is saved; a wrong password is answered in the modal
in one sentence (the same for every failure), never with a traceback, and the password never reaches the logs or
anything sent to Slack."""

import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from bot.slack.connect_form import CANNOT_SIGN_IN
from tests.bot.accounts.conftest import own_smtp
from tests.integrations.calendar.conftest import radicale
from tests.integrations.calendar.radicale import USERS as CALDAV_USERS
from tests.integrations.calendar.radicale import Radicale
from tests.integrations.email.conftest import PRIYA, MailServers, mail_servers
from tests.integrations.email.dovecot import MailUser
from tests.integrations.email.smtp_server import SmtpServer
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.payloads import TEAM_ID, plain_text_value, view_submission_body
from tests.slack.kit.views import view_actions_body, view_button
from tests.slack.test_connect_home import KEY, MARIA, home_of, no_planbot_environment, text_of

__all__ = ["mail_servers", "no_planbot_environment", "own_smtp", "radicale"]
CONNECT_VIEW = "connect_account"


@pytest.fixture
async def mail_bot(tmp_path: Path) -> AsyncIterator[Bot]:
    async with running_bot(tmp_path, email="imap", secret_key=SecretStr(KEY)) as bot:
        yield bot


async def open_modal(bot: Bot, user: str, kind: str) -> dict[str, Any]:
    """Connect on the Home tab, as ``user``: the modal it opened."""
    home = await home_of(bot, user)
    value = view_button(home, "account_connect", kind)["value"]
    assert (await bot.send(view_actions_body(action_id="account_connect", value=value, user_id=user, view=home)))[
        0
    ] == 200
    [opened] = await bot.slack.wait_for("views.open", lambda c: c.args["view"]["callback_id"] == CONNECT_VIEW)
    return dict(opened.response["view"])


async def submit(bot: Bot, user: str, modal: dict[str, Any], fields: dict[str, str]) -> dict[str, Any]:
    """The modal submitted with ``fields``: what the app answered Slack (``response_action`` ...)."""
    values = {name: {"value": plain_text_value(text)} for name, text in fields.items()}
    body = view_submission_body(
        callback_id=CONNECT_VIEW,
        private_metadata=modal["private_metadata"],
        values=values,
        user_id=user,
        view_id=modal["id"],
    )
    status, text = await bot.send(body)
    assert status == 200
    return json.loads(text) if text else {}


def mail_fields(mail: MailServers, smtp: SmtpServer, who: MailUser, password: str) -> dict[str, str]:
    return {
        "address": who.address,
        "server": f"imap://127.0.0.1:{mail.dovecot.port}?security=none",
        "smtp": f"smtp://127.0.0.1:{smtp.port}?security=none",
        "username": who.login,
        "password": password,
    }


def everything_sent(bot: Bot) -> str:
    return json.dumps([call.args for call in bot.slack.calls], ensure_ascii=False)


async def test_a_wrong_password_is_answered_in_the_modal_and_nothing_is_saved(
    mail_bot: Bot, mail_servers: MailServers, own_smtp: SmtpServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    modal = await open_modal(mail_bot, MARIA, "email")
    assert [b["block_id"] for b in modal["blocks"] if b["type"] == "input"] == [
        "address",
        "server",
        "smtp",
        "username",
        "password",
    ]

    answer = await submit(mail_bot, MARIA, modal, mail_fields(mail_servers, own_smtp, PRIYA, "not-her-app-password"))

    assert answer["response_action"] == "errors"
    assert answer["errors"] == {"password": CANNOT_SIGN_IN}
    accounts = mail_bot.service.app.accounts
    assert accounts is not None and await accounts.list() == []
    assert "not-her-app-password" not in caplog.text + everything_sent(mail_bot) + json.dumps(answer)
    assert "Traceback" not in caplog.text


async def test_the_right_password_is_checked_saved_and_shown_on_the_home_tab(
    mail_bot: Bot, mail_servers: MailServers, own_smtp: SmtpServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    modal = await open_modal(mail_bot, MARIA, "email")
    published = len(mail_bot.slack.calls_to("views.publish"))

    answer = await submit(mail_bot, MARIA, modal, mail_fields(mail_servers, own_smtp, PRIYA, PRIYA.password))

    assert answer["response_action"] == "update" and "is connected" in json.dumps(answer["view"])
    accounts = mail_bot.service.app.accounts
    assert accounts is not None
    [stored] = await accounts.list()
    assert (stored.team, stored.user, stored.kind, stored.service, stored.label) == (
        TEAM_ID,
        MARIA,
        "email",
        "imap",
        PRIYA.address,
    )
    assert accounts.credentials(stored)["password"] == PRIYA.password  # sealed, and opens with the key
    await mail_bot.slack.wait_for("views.publish", lambda c: c.args.get("user_id") == MARIA, count=published + 1)
    assert f"connected as *{PRIYA.address}*" in text_of(mail_bot.slack.home_view(MARIA) or {})
    assert PRIYA.password not in caplog.text + everything_sent(mail_bot) + json.dumps(answer)


async def test_a_slow_check_answers_at_once_then_shows_its_outcome_without_the_password(
    mail_bot: Bot, mail_servers: MailServers, own_smtp: SmtpServer
) -> None:
    connections = mail_bot.service.connections
    assert connections is not None
    connections.ack_wait_seconds = 0  # Slack's three seconds are shorter than this check
    modal = await open_modal(mail_bot, MARIA, "email")

    answer = await submit(mail_bot, MARIA, modal, mail_fields(mail_servers, own_smtp, PRIYA, "wrong-again"))

    assert answer["response_action"] == "update" and "Checking" in json.dumps(answer["view"])
    [updated] = await mail_bot.slack.wait_for("views.update")
    again = updated.args["view"]
    assert again["callback_id"] == CONNECT_VIEW and "sign in with these details" in json.dumps(again)
    initial = {b["block_id"]: b["element"].get("initial_value") for b in again["blocks"] if b["type"] == "input"}
    assert initial["address"] == PRIYA.address and initial["password"] is None
    assert "wrong-again" not in everything_sent(mail_bot)


async def test_a_missing_field_or_a_bad_server_is_named_before_any_connection(mail_bot: Bot) -> None:
    modal = await open_modal(mail_bot, MARIA, "email")
    fields = {"address": "maria", "server": "imap.example.com", "smtp": "", "username": "", "password": "x"}

    answer = await submit(mail_bot, MARIA, modal, fields)

    assert answer["response_action"] == "errors" and set(answer["errors"]) == {"smtp"}
    answer = await submit(mail_bot, MARIA, modal, {**fields, "smtp": "smtp.example.com:587"})
    assert answer["errors"] == {"address": "This is not an email address."}


async def test_caldav_wrong_then_right_password_against_radicale(
    tmp_path: Path, radicale: Radicale, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    url = radicale.new_calendar("ann")
    async with running_bot(tmp_path, calendar="caldav", secret_key=SecretStr(KEY)) as bot:
        modal = await open_modal(bot, MARIA, "calendar")
        wrong = await submit(bot, MARIA, modal, {"server": url, "username": "ann", "password": "not-anns"})
        right = await submit(bot, MARIA, modal, {"server": url, "username": "ann", "password": CALDAV_USERS["ann"]})
        accounts = bot.service.app.accounts
        assert accounts is not None
        stored = [(a.user, a.kind, a.service, a.label) for a in await accounts.list()]
        sent = everything_sent(bot)
    assert wrong["response_action"] == "errors" and list(wrong["errors"]) == ["password"]
    assert right["response_action"] == "update"
    assert stored == [(MARIA, "calendar", "caldav", "ann")]
    assert "not-anns" not in caplog.text + sent and CALDAV_USERS["ann"] not in caplog.text + sent
