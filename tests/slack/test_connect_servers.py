"""The Connect form cannot reach inside: a server typed by a member that is, or resolves to, a loopback, link-local or
private address is refused before any connection (a socket listening on 127.0.0.1 sees none), unless the operator
lists its host (``PLANBOT_ALLOWED_SERVER_HOSTS``, which these tests otherwise set for the local test servers). Every
failed check gets the same one sentence: a refused address, a closed port and a wrong password are not told apart.
Over signed HTTP with the Slack stand-in, Dovecot and aiosmtpd, on planbot's password page."""

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from html import escape
from pathlib import Path

import aiohttp
import pytest
from pydantic import SecretStr

from bot.accounts.password_form import CANNOT_SIGN_IN
from tests.bot.accounts.conftest import own_smtp
from tests.integrations.email.conftest import PRIYA, MailServers, mail_servers
from tests.integrations.email.smtp_server import SmtpServer
from tests.integrations.outbound.test_server_addresses import Listener
from tests.slack.conftest import Bot, running_bot
from tests.slack.test_connect_home import KEY, MARIA, no_planbot_environment
from tests.slack.test_connect_password_page import PUBLIC, Page, browser_of, link_on_home, mail_fields, open_page
from tests.slack.test_connect_password_page import submit as submit_page

__all__ = ["mail_servers", "no_planbot_environment", "own_smtp"]
REFUSED = (400, escape(CANNOT_SIGN_IN))


@asynccontextmanager
async def form_of(bot: Bot, user: str, kind: str) -> AsyncIterator[tuple[Bot, aiohttp.ClientSession, Page]]:
    """``user`` opens their Connect link and signs in with Slack: their browser and the password page."""
    async with browser_of(bot, user) as browser:
        yield bot, browser, await open_page(bot, browser, await link_on_home(bot, user, kind))


async def submit(form: tuple[Bot, aiohttp.ClientSession, Page], fields: dict[str, str]) -> tuple[int, str]:
    """The page's answer: its status and, when refused, the sentence shown (else "")."""
    bot, browser, page = form
    answer = await submit_page(bot, browser, page, fields)
    return answer.status, (escape(CANNOT_SIGN_IN) if escape(CANNOT_SIGN_IN) in answer.html else "")


@pytest.fixture
def listener() -> Iterator[Listener]:
    opened = Listener()
    yield opened
    opened.sock.close()


async def nothing_stored(bot: Bot) -> bool:
    accounts = bot.service.app.accounts
    return accounts is not None and await accounts.list() == []


async def test_an_inside_mail_server_in_the_form_is_refused_without_being_reached(
    tmp_path: Path, listener: Listener
) -> None:
    async with (
        running_bot(
            tmp_path, email="imap", secret_key=SecretStr(KEY), public_url=PUBLIC, allowed_server_hosts=frozenset()
        ) as bot,
        form_of(bot, MARIA, "email") as form,
    ):
        for host in ["127.0.0.1", "localhost", "[::1]", "169.254.169.254", "10.0.0.8", "192.168.1.1"]:
            fields = {
                "address": "maria@example.com",
                "server": f"imap://{host}:{listener.port}?security=none",
                "smtp": f"smtp://{host}:{listener.port}?security=none",
                "password": "her-app-password",
            }
            assert await submit(form, fields) == REFUSED, host
        assert listener.connections() == 0
        assert await nothing_stored(bot)


async def test_an_inside_calendar_server_in_the_form_is_refused_without_being_reached(
    tmp_path: Path, listener: Listener
) -> None:
    key = SecretStr(KEY)
    async with (
        running_bot(
            tmp_path, calendar="caldav", secret_key=key, public_url=PUBLIC, allowed_server_hosts=frozenset()
        ) as bot,
        form_of(bot, MARIA, "calendar") as form,
    ):
        for host in ["127.0.0.1", "localhost", "[::1]"]:
            fields = {"server": f"http://{host}:{listener.port}/dav/", "username": "maria", "password": "pw"}
            assert await submit(form, fields) == REFUSED, host
        assert listener.connections() == 0
        assert await nothing_stored(bot)


async def test_a_wrong_password_a_closed_port_and_an_inside_address_get_the_same_sentence(
    tmp_path: Path, mail_servers: MailServers, own_smtp: SmtpServer, listener: Listener
) -> None:
    good = mail_fields(mail_servers, own_smtp, PRIYA, PRIYA.password)
    closed = Listener()
    closed.sock.close()  # nothing listens on its port any more
    answers = []
    async with (
        running_bot(tmp_path / "allowed", email="imap", secret_key=SecretStr(KEY), public_url=PUBLIC) as bot,
        form_of(bot, MARIA, "email") as form,
    ):  # 127.0.0.1 listed
        answers.append(await submit(form, {**good, "password": "not-her-app-password"}))
        answers.append(await submit(form, {**good, "server": f"imap://127.0.0.1:{closed.port}"}))
        assert await nothing_stored(bot)
        assert (await submit(form, good))[0] == 200  # the listed host is reached
    async with (
        running_bot(
            tmp_path / "not-allowed",
            email="imap",
            secret_key=SecretStr(KEY),
            public_url=PUBLIC,
            allowed_server_hosts=frozenset(),
        ) as bot,
        form_of(bot, MARIA, "email") as form,
    ):
        answers.append(await submit(form, good))  # the same servers, no longer listed
        assert await nothing_stored(bot)
    assert answers == [REFUSED] * 3
