"""The Home tab's accounts over signed HTTP: each kind with its state (demo data, connected as …, needs reconnecting,
not connected), Connect as a Connect link made for that person (a password service's too: no password in Slack),
fresh after each click, Disconnect (confirmed first), and the CRM for everyone, which only a workspace admin connects
or disconnects."""

import json
import os
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from pydantic import SecretStr

from bot.accounts.oauth_links import read_link
from bot.serve import build_service
from bot.settings import Settings
from tests.bot.accounts.conftest import LOCAL_SERVERS
from tests.fakes import ManualClock
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.fake_openid import SIGN_IN_CLIENT_ID, SIGN_IN_CLIENT_SECRET
from tests.slack.kit.fake_web_api import FakeSlackWebApi, SlackCall
from tests.slack.kit.payloads import BOT_TOKEN, DEMO_USERS, TEAM_ID, app_home_opened_event
from tests.slack.kit.views import WorkspaceAdmin, view_actions_body, view_button, view_buttons

KEY = "slack-connect-test-key-of-32-characters-at-least"
JOHN, MARIA = "U0JOHN", "U0MARIA"
ADMIN = WorkspaceAdmin("U0ADMIN", "ada.admin", "Ada Admin", "ada@example.com")
PUBLIC_URL = "https://planbot.example.com"
IMAP_CREDENTIALS = {
    "url": "imap://127.0.0.1:1?security=none",
    "smtp_url": "smtp://127.0.0.1:1?security=none",
    "username": "john@example.com",
    "password": "johns-app-password",
}


@pytest.fixture(autouse=True)
def no_planbot_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Nothing of the machine's own planbot settings (credentials in the environment belong to PLANBOT_OWNER)."""
    monkeypatch.chdir(tmp_path)
    for name in list(os.environ):
        if name.startswith("PLANBOT_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("PLANBOT_ALLOWED_SERVER_HOSTS", LOCAL_SERVERS)  # the test servers, on this machine
    yield


async def home_of(bot: Bot, user: str) -> dict[str, Any]:
    """The Home tab as it is published after ``user`` opens it."""
    before = len(bot.slack.calls_to("views.publish"))
    await bot.send(app_home_opened_event(user_id=user))
    await bot.slack.wait_for("views.publish", lambda c: c.args.get("user_id") == user, count=1 + _published(bot, user))
    assert len(bot.slack.calls_to("views.publish")) > before
    view = bot.slack.home_view(user)
    assert view is not None
    return view


def _published(bot: Bot, user: str) -> int:
    return len([c for c in bot.slack.calls_to("views.publish") if c.args.get("user_id") == user])


def published_for(user: str) -> Callable[[SlackCall], bool]:
    return lambda call: call.args.get("user_id") == user


def text_of(view: dict[str, Any]) -> str:
    return json.dumps(view, ensure_ascii=False)


@pytest.fixture
async def mail_and_calendar(tmp_path: Path) -> AsyncIterator[Bot]:
    """Each person's own email (IMAP) and calendar (CalDAV); the CRM is the demo workspace."""
    async with running_bot(
        tmp_path, email="imap", calendar="caldav", secret_key=SecretStr(KEY), public_url=PUBLIC_URL
    ) as bot:
        yield bot


async def save_mail(bot: Bot, user: str, label: str = "john@example.com") -> None:
    accounts = bot.service.app.accounts
    assert accounts is not None
    await accounts.save(
        team=TEAM_ID, user=user, kind="email", service="imap", label=label, credentials=IMAP_CREDENTIALS
    )


async def test_the_demo_workspace_is_labelled_demo_data_with_nothing_to_connect(bot: Bot) -> None:
    home = await home_of(bot, JOHN)
    shown = text_of(home)
    assert shown.count("demo data") == 3  # email, calendar, CRM
    assert not [b for b in view_buttons(home) if b["action_id"].startswith("account_")]


async def test_each_kind_says_connected_as_needs_reconnecting_or_not_connected(mail_and_calendar: Bot) -> None:
    bot = mail_and_calendar
    await save_mail(bot, JOHN)
    accounts = bot.service.app.accounts
    assert accounts is not None
    await accounts.save(
        team=TEAM_ID, user=JOHN, kind="calendar", service="caldav", label="john", credentials=IMAP_CREDENTIALS
    )
    calendar = await accounts.store.get(TEAM_ID, JOHN, "calendar")
    assert calendar is not None and await accounts.store.mark_needs_reconnect(calendar)

    home = text_of(john := await home_of(bot, JOHN))
    assert "connected as *john@example.com*" in home
    assert "needs reconnecting (*john*)" in home
    assert "demo data" in home  # the CRM
    assert view_button(john, "account_connect_link", "calendar")["text"]["text"] == "Reconnect"
    assert view_button(john, "account_disconnect", "email")["confirm"]["confirm"]["text"] == "Disconnect"
    assert "johns-app-password" not in home

    maria = await home_of(bot, MARIA)
    assert text_of(maria).count("not connected") == 2 and "john@example.com" not in text_of(maria)
    assert view_button(maria, "account_connect_link", "email")["text"]["text"] == "Connect"
    link = view_button(maria, "account_connect_link", "calendar")["url"]  # a password service: planbot's own page
    assert link.startswith(f"{PUBLIC_URL}/accounts/caldav/start?link=")
    assert read_link(parse_qs(urlsplit(link).query)["link"][0], "caldav", secret=KEY).user == MARIA
    assert not [b for b in view_buttons(maria) if b["action_id"] == "account_connect"]  # no modal: no password input


async def test_a_click_on_a_connect_link_shows_the_home_tab_again_with_a_fresh_link(mail_and_calendar: Bot) -> None:
    bot = mail_and_calendar
    home = await home_of(bot, MARIA)
    first = view_button(home, "account_connect_link", "email")
    published = _published(bot, MARIA)
    body = view_actions_body(action_id="account_connect_link", value="email", user_id=MARIA, view=home)
    assert (await bot.send(body))[0] == 200
    await bot.slack.wait_for("views.publish", published_for(MARIA), count=published + 1)
    fresh = view_button(bot.slack.home_view(MARIA), "account_connect_link", "email")
    assert fresh["url"] != first["url"]  # the first one is used up once opened


async def test_without_sign_in_with_slack_nothing_can_be_connected_and_the_home_tab_says_why(tmp_path: Path) -> None:
    async with running_bot(
        tmp_path,
        email="imap",
        secret_key=SecretStr(KEY),
        public_url=PUBLIC_URL,
        slack_sign_in_client_id=None,
        slack_sign_in_client_secret=None,
    ) as bot:
        home = await home_of(bot, MARIA)
    assert "PLANBOT_SLACK_SIGN_IN_CLIENT_ID" in text_of(home)
    assert not [b for b in view_buttons(home) if b["action_id"].startswith("account_connect")]


async def test_disconnect_deletes_the_stored_account_and_the_home_tab_says_so(mail_and_calendar: Bot) -> None:
    bot = mail_and_calendar
    await save_mail(bot, JOHN)
    home = await home_of(bot, JOHN)
    published = _published(bot, JOHN)
    value = view_button(home, "account_disconnect", "email")["value"]

    status, _ = await bot.send(view_actions_body(action_id="account_disconnect", value=value, user_id=JOHN, view=home))

    assert status == 200
    await bot.slack.wait_for("views.publish", lambda c: c.args.get("user_id") == JOHN, count=published + 1)
    accounts = bot.service.app.accounts
    assert accounts is not None and await accounts.list(user=JOHN) == []
    after = bot.slack.home_view(JOHN)
    assert "john@example.com" not in text_of(after or {}) and "Email* (IMAP/SMTP): not connected" in text_of(
        after or {}
    )


async def test_an_oauth_service_connects_through_a_sign_in_link_made_for_that_person(tmp_path: Path) -> None:
    async with running_bot(tmp_path, email="gmail", secret_key=SecretStr(KEY), public_url=PUBLIC_URL) as bot:
        home = await home_of(bot, MARIA)
    link = view_button(home, "account_connect_link", "email")["url"]
    assert link.startswith(f"{PUBLIC_URL}/accounts/google/start?link=")
    token = parse_qs(urlsplit(link).query)["link"][0]
    person = read_link(token, "google", secret=KEY)
    assert (person.team, person.user, person.shared) == (TEAM_ID, MARIA, False)


async def test_without_a_public_address_an_oauth_service_says_what_is_missing(tmp_path: Path) -> None:
    async with running_bot(tmp_path, email="gmail", secret_key=SecretStr(KEY)) as bot:
        home = await home_of(bot, MARIA)
    assert "PLANBOT_PUBLIC_URL" in text_of(home)
    assert not [b for b in view_buttons(home) if b["action_id"].startswith("account_connect")]


async def test_only_an_admin_connects_or_disconnects_the_crm_for_everyone(tmp_path: Path) -> None:
    async with running_bot(tmp_path, crm="hubspot", secret_key=SecretStr(KEY), public_url=PUBLIC_URL) as bot:
        bot.slack.users[ADMIN.id] = ADMIN
        admin_home = await home_of(bot, ADMIN.id)
        link = view_button(admin_home, "account_connect_link", "crm:workspace")
        assert link["text"]["text"] == "Connect for everyone"
        shared = read_link(parse_qs(urlsplit(link["url"]).query)["link"][0], "hubspot", secret=KEY)
        assert (shared.user, shared.shared) == (ADMIN.id, True)
        assert "crm:workspace" not in text_of(await home_of(bot, MARIA))

        accounts = bot.service.app.accounts
        assert accounts is not None
        await accounts.save(
            team=TEAM_ID, user="", kind="crm", service="hubspot", label="Acme HubSpot", credentials={"token": "t"}
        )
        shown = text_of(await home_of(bot, MARIA))  # connected from the command line: no admin named
        assert "Workspace CRM (connected by an admin) — read-only for members: *Acme HubSpot*" in shown
        for who in (MARIA, ADMIN.id):  # a forged click by a member changes nothing; the admin's disconnects it
            published = _published(bot, who)
            body = view_actions_body(action_id="account_disconnect", value="crm:workspace", user_id=who)
            assert (await bot.send(body))[0] == 200
            await bot.slack.wait_for("views.publish", published_for(who), count=published + 1)
            still = [a.label for a in await accounts.list(team=TEAM_ID)]
            assert still == (["Acme HubSpot"] if who == MARIA else [])


async def test_in_socket_mode_the_home_tab_says_connecting_needs_the_web_pages(tmp_path: Path) -> None:
    async with FakeSlackWebApi(users=DEMO_USERS) as slack:
        settings = Settings(
            data_dir=tmp_path,
            email="imap",
            secret_key=SecretStr(KEY),
            public_url=PUBLIC_URL,
            slack_bot_token=SecretStr(BOT_TOKEN),
            slack_api_url=slack.base_url,
            slack_app_token=SecretStr("xapp-1-A0PLANBOT-test"),
            slack_sign_in_client_id=SIGN_IN_CLIENT_ID,
            slack_sign_in_client_secret=SecretStr(SIGN_IN_CLIENT_SECRET),
        )
        service = await build_service(settings, "socket", "America/New_York", ManualClock())
        try:
            assert service.connections is not None
            await service.connections.publish_home(TEAM_ID, MARIA)
        finally:
            await service.close()
        home = slack.home_view(MARIA)
    assert "planbot serve --http" in text_of(home or {})  # no page would answer a Connect link
    assert not [b for b in view_buttons(home) if b["action_id"].startswith("account_connect")]
