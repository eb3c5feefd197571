"""Connecting a password service without typing a password into Slack, over signed HTTP: Connect is a Connect link
to planbot's own page, reached after Sign in with Slack as the link's person; the login is checked against real
servers (Dovecot with aiosmtpd, Radicale) before anything is saved; a wrong password is answered on the page next to
its field in one sentence (the same for every failure), never with a traceback, and the password never reaches the
logs, the page shown again, or Slack."""

import json
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from html import escape
from pathlib import Path

import aiohttp
import pytest
from pydantic import SecretStr
from yarl import URL

from bot.accounts.password_form import CANNOT_SIGN_IN
from tests.bot.accounts.conftest import own_smtp
from tests.integrations.calendar.conftest import radicale
from tests.integrations.calendar.radicale import USERS as CALDAV_USERS
from tests.integrations.calendar.radicale import Radicale
from tests.integrations.email.conftest import PRIYA, MailServers, mail_servers
from tests.integrations.email.dovecot import MailUser
from tests.integrations.email.smtp_server import SmtpServer
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.payloads import TEAM_ID
from tests.slack.kit.views import view_button, view_buttons
from tests.slack.test_connect_home import KEY, MARIA, home_of, no_planbot_environment, text_of

__all__ = ["mail_servers", "no_planbot_environment", "own_smtp", "radicale"]
PUBLIC = "http://planbot.example.com"  # the proxy in front of planbot; the browser talks to planbot itself


@dataclass
class Page:
    status: int
    html: str
    url: str  # where the form posts to (planbot's own address)

    @property
    def key(self) -> str:
        found = re.search(r"name=s value='([^']+)'", self.html)
        assert found, self.html
        return found.group(1)


@asynccontextmanager
async def browser_of(bot: Bot, user: str) -> AsyncIterator[aiohttp.ClientSession]:
    """A browser signed in to Slack as ``user``."""
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as browser:
        browser.cookie_jar.update_cookies({"d": bot.slack.openid.sign_in(user)}, URL(bot.slack.root))
        yield browser


async def follow(bot: Bot, browser: aiohttp.ClientSession, url: str) -> Page:
    for _ in range(5):
        url = url.replace(PUBLIC, bot.url)
        async with browser.get(url, allow_redirects=False) as answer:
            if answer.status != 302:
                return Page(answer.status, await answer.text(), url)
            url = answer.headers["Location"]
    raise AssertionError(f"still redirected: {url}")


async def open_page(bot: Bot, browser: aiohttp.ClientSession, link: str) -> Page:
    """Open a Connect link: Sign in with Slack, then planbot's form."""
    page = await follow(bot, browser, link)
    assert page.status == 200 and "<form" in page.html, page.html
    return page


async def link_on_home(bot: Bot, user: str, kind: str) -> str:
    return str(view_button(await home_of(bot, user), "account_connect_link", kind)["url"])


async def submit(bot: Bot, browser: aiohttp.ClientSession, page: Page, fields: dict[str, str]) -> Page:
    async with browser.post(page.url.split("?")[0], data={"s": page.key, **fields}) as answer:
        return Page(answer.status, await answer.text(), page.url)


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


@pytest.fixture
async def mail_bot(tmp_path: Path) -> AsyncIterator[Bot]:
    async with running_bot(tmp_path, email="imap", secret_key=SecretStr(KEY), public_url=PUBLIC) as bot:
        yield bot


async def test_slack_shows_no_password_input_anywhere(mail_bot: Bot) -> None:
    home = await home_of(mail_bot, MARIA)
    assert not [b for b in view_buttons(home) if b["action_id"] == "account_connect"]  # the modal's button is gone
    assert "plain_text_input" not in text_of(home) and "password" not in text_of(home).lower()
    assert mail_bot.slack.calls_to("views.open") == []


async def test_a_wrong_password_is_answered_on_the_page_and_nothing_is_saved(
    mail_bot: Bot, mail_servers: MailServers, own_smtp: SmtpServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    async with browser_of(mail_bot, MARIA) as browser:
        page = await open_page(mail_bot, browser, await link_on_home(mail_bot, MARIA, "email"))
        assert "Maria Garcia" in page.html  # the Slack person it connects for
        assert re.findall(r"name=(\w+) type", page.html) == ["address", "server", "smtp", "username", "password"]
        answer = await submit(
            mail_bot, browser, page, mail_fields(mail_servers, own_smtp, PRIYA, "not-her-app-password")
        )
    assert answer.status == 400 and escape(CANNOT_SIGN_IN) in answer.html and PRIYA.address in answer.html
    accounts = mail_bot.service.app.accounts
    assert accounts is not None and await accounts.list() == []
    assert "not-her-app-password" not in caplog.text + everything_sent(mail_bot) + answer.html
    assert "Traceback" not in caplog.text + answer.html


async def test_the_right_password_is_checked_saved_and_shown_on_the_home_tab(
    mail_bot: Bot, mail_servers: MailServers, own_smtp: SmtpServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    async with browser_of(mail_bot, MARIA) as browser:
        page = await open_page(mail_bot, browser, await link_on_home(mail_bot, MARIA, "email"))
        published = len(mail_bot.slack.calls_to("views.publish"))
        answer = await submit(mail_bot, browser, page, mail_fields(mail_servers, own_smtp, PRIYA, PRIYA.password))
        again = await submit(mail_bot, browser, page, mail_fields(mail_servers, own_smtp, PRIYA, PRIYA.password))
    assert answer.status == 200 and "Connected" in answer.html and "Maria Garcia" in answer.html
    assert again.status == 400 and "already finished" in again.html  # the form works once
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
    assert PRIYA.password not in caplog.text + everything_sent(mail_bot) + answer.html


async def test_the_page_is_only_for_the_links_person_in_the_browser_that_opened_it(
    mail_bot: Bot, mail_servers: MailServers, own_smtp: SmtpServer
) -> None:
    link = await link_on_home(mail_bot, MARIA, "email")
    async with browser_of(mail_bot, "U0JOHN") as john:
        refused = await follow(mail_bot, john, link)
    assert refused.status == 403 and "made for someone else" in refused.html and "<form" not in refused.html
    async with browser_of(mail_bot, MARIA) as maria:
        used = await follow(mail_bot, maria, link)
        assert used.status == 410 and "already used" in used.html
        page = await open_page(mail_bot, maria, await link_on_home(mail_bot, MARIA, "email"))
        async with browser_of(mail_bot, MARIA) as elsewhere:  # her key, another browser: no form, nothing saved
            stolen = await submit(mail_bot, elsewhere, page, mail_fields(mail_servers, own_smtp, PRIYA, PRIYA.password))
        assert stolen.status == 400 and "browser where you started" in stolen.html
        accounts = mail_bot.service.app.accounts
        assert accounts is not None and await accounts.list() == []
        assert (
            await submit(mail_bot, maria, page, mail_fields(mail_servers, own_smtp, PRIYA, PRIYA.password))
        ).status == 200


async def test_a_missing_field_or_a_bad_server_is_named_before_any_connection(mail_bot: Bot) -> None:
    async with browser_of(mail_bot, MARIA) as browser:
        page = await open_page(mail_bot, browser, await link_on_home(mail_bot, MARIA, "email"))
        fields = {"address": "maria", "server": "imap.example.com", "smtp": "", "username": "", "password": "x"}
        first = await submit(mail_bot, browser, page, fields)
        second = await submit(mail_bot, browser, page, {**fields, "smtp": "smtp.example.com:587"})
    assert first.status == 400 and "Please fill this in." in first.html
    assert second.status == 400 and "This is not an email address." in second.html
    assert "value='x'" not in second.html  # the password is never shown back


async def test_caldav_wrong_then_right_password_against_radicale(
    tmp_path: Path, radicale: Radicale, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    url = radicale.new_calendar("ann")
    async with running_bot(tmp_path, calendar="caldav", secret_key=SecretStr(KEY), public_url=PUBLIC) as bot:
        async with browser_of(bot, MARIA) as browser:
            page = await open_page(bot, browser, await link_on_home(bot, MARIA, "calendar"))
            wrong = await submit(bot, browser, page, {"server": url, "username": "ann", "password": "not-anns"})
            right = await submit(
                bot, browser, page, {"server": url, "username": "ann", "password": CALDAV_USERS["ann"]}
            )
        accounts = bot.service.app.accounts
        assert accounts is not None
        stored = [(a.user, a.kind, a.service, a.label) for a in await accounts.list()]
        sent = everything_sent(bot)
    assert wrong.status == 400 and escape(CANNOT_SIGN_IN) in wrong.html
    assert right.status == 200 and "calendar account of Maria Garcia" in right.html
    assert stored == [(MARIA, "calendar", "caldav", "ann")]
    assert "not-anns" not in caplog.text + sent and CALDAV_USERS["ann"] not in caplog.text + sent
