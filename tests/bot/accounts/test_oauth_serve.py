"""``planbot serve --http`` serves the sign-in pages beside the Slack endpoint: a person's Connect link leads through
Sign in with Slack to the provider and back, through the same app Slack's requests reach (behind a proxy at
PLANBOT_PUBLIC_URL); an account signed in as another address than the person's Slack profile waits for their word in
a DM."""

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest
from pydantic import SecretStr
from yarl import URL

from bot.accounts.oauth_links import start_link
from tests.bot.accounts.conftest import SECRET_KEY
from tests.bot.accounts.oauth_server import Client, Person, SignInServer, sign_in_server
from tests.integrations.calendar.conftest import google
from tests.integrations.calendar.google_fake import ME, FakeGoogleCalendar
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.payloads import DEMO_USERS, TEAM_ID, block_actions_body, dm_channel_id, im_message_event
from tests.slack.kit.views import view_button

__all__ = ["google"]
PUBLIC = "http://planbot.example.com"  # the proxy in front of planbot; the test talks to planbot itself
SCOPES = (
    "https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.freebusy"
    " https://www.googleapis.com/auth/calendar.calendarlist.readonly"
)
PRIYA = next(user for user in DEMO_USERS if user.id == "U0PRIYA")


async def through_proxy(browser: aiohttp.ClientSession, bot: Bot, url: str, *, steps: int = 6) -> tuple[int, str]:
    """The browser follows redirects (PLANBOT_PUBLIC_URL is the proxy in front of ``bot.url``) to the last page."""
    for _ in range(steps):
        async with browser.get(url.replace(PUBLIC, bot.url), allow_redirects=False) as answer:
            if answer.status != 302:
                return answer.status, await answer.text()
            url = answer.headers["Location"]
    raise AssertionError(f"still redirected after {steps} steps: {url}")


@pytest.fixture(autouse=True)
def _local(planbot_env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTHLIB_INSECURE_TRANSPORT", "1")


@asynccontextmanager
async def served_with_google(
    tmp_path: Path, fake: FakeGoogleCalendar, calendar_url: str, person: str, email: str = PRIYA.email
) -> AsyncIterator[tuple[Bot, aiohttp.ClientSession, SignInServer]]:
    """planbot over HTTP with Google sign-in configured, the local authorization server, and a browser signed in to
    Slack as Priya (whose Google account is ``email``)."""
    client = Client("planbot-test", "client-secret-1", [f"{PUBLIC}/accounts/google/callback"], f"openid email {SCOPES}")
    provider = SignInServer(Person(person, email), client, on_access=fake.tokens.add)
    async with (
        sign_in_server(provider),
        running_bot(
            tmp_path,
            secret_key=SecretStr(SECRET_KEY),
            public_url=PUBLIC,
            calendar="google",
            oauth_google_client_id="planbot-test",
            oauth_google_client_secret=SecretStr("client-secret-1"),
            oauth_google_base_url=provider.url,
            oauth_google_api_url=calendar_url,
        ) as bot,
        aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as browser,
    ):
        browser.cookie_jar.update_cookies({"d": bot.slack.openid.sign_in(PRIYA.id)}, URL(bot.slack.root))
        yield bot, browser, provider


async def test_the_http_server_serves_the_sign_in_and_stores_the_account(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    fake, calendar_url = google
    async with served_with_google(tmp_path, fake, calendar_url, "g-ann") as (bot, browser, provider):
        link = start_link(PUBLIC, "google", TEAM_ID, "U0PRIYA", secret=SECRET_KEY, now=bot.clock.now.timestamp())
        async with browser.get(link.replace(PUBLIC, bot.url), allow_redirects=False) as start:
            assert start.status == 302 and start.headers["Location"].startswith(bot.slack.root)
            to_slack = start.headers["Location"]
        async with browser.get(to_slack, allow_redirects=False) as signed_in:
            back = urlsplit(signed_in.headers["Location"])
        assert f"{back.scheme}://{back.netloc}{back.path}" == f"{PUBLIC}/accounts/slack/callback"
        async with browser.get(f"{bot.url}{back.path}?{back.query}", allow_redirects=False) as slack_callback:
            assert slack_callback.headers["Location"].startswith(provider.url)
            authorize = slack_callback.headers["Location"]
        async with browser.get(authorize, allow_redirects=False) as consent:
            callback = urlsplit(consent.headers["Location"])
        assert f"{callback.scheme}://{callback.netloc}{callback.path}" == f"{PUBLIC}/accounts/google/callback"
        async with browser.get(f"{bot.url}{callback.path}?{callback.query}") as page:
            text = await page.text()
            assert page.status == 200 and "return to Slack" in text, text
            assert "Priya Shah" in text  # the Slack person it was connected for
        accounts = bot.service.app.accounts
        assert accounts is not None
        assert [(a.team, a.user, a.kind, a.label) for a in await accounts.list()] == [
            (TEAM_ID, "U0PRIYA", "calendar", PRIYA.email)
        ]
        async with browser.get(f"{bot.url}/accounts/google/callback?state=made-up") as forged:
            assert forged.status == 400 and "not one planbot started" in await forged.text()


async def test_a_plan_waiting_for_the_calendar_goes_on_in_its_thread_once_the_person_signs_in(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    fake, calendar_url = google
    fake.invitation("Pipeline review with Olga", "2026-03-03T10:00:00-05:00", 30)
    async with served_with_google(tmp_path, fake, calendar_url, "g-priya") as (bot, browser, _provider):
        asked = im_message_event("what's on my calendar on March 3?", user_id="U0PRIYA")
        thread = asked["event"]["ts"]
        await bot.send(asked)
        [prompt] = await bot.slack.wait_for(
            "chat.postMessage",
            lambda c: c.args.get("thread_ts") == thread and "calendar account" in str(c.args.get("text", "")),
        )
        button = view_button(dict(prompt.args), "account_connect_link", "calendar")
        link = str(button["url"])
        assert link.startswith(f"{PUBLIC}/accounts/google/start?")

        status, text = await through_proxy(browser, bot, link)
        assert status == 200, text

        await bot.slack.wait_for(  # the same thread goes on by itself, with her calendar
            "chat.postMessage",
            lambda c: c.args.get("thread_ts") == thread and "Pipeline review with Olga" in str(c.args),
        )


async def test_another_address_than_the_slack_profiles_is_used_only_once_the_person_says_so_in_slack(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    fake, calendar_url = google
    async with served_with_google(tmp_path, fake, calendar_url, "g-other", email=ME) as (bot, browser, _provider):
        accounts = bot.service.app.accounts
        assert accounts is not None
        link = start_link(PUBLIC, "google", TEAM_ID, PRIYA.id, secret=SECRET_KEY, now=bot.clock.now.timestamp())
        status, text = await through_proxy(browser, bot, link)
        assert status == 200 and "Almost connected" in text and ME in text and PRIYA.email in text
        assert await accounts.list() == []  # not used yet
        [asked] = await bot.slack.wait_for("chat.postMessage", lambda c: c.args.get("channel") == PRIYA.id)
        assert ME in json.dumps(asked.args) and PRIYA.email in json.dumps(asked.args)
        use = view_button(dict(asked.args), "account_held_use")
        message = {"ts": asked.response["ts"], **asked.args}

        def click(user: str, action_id: str = "account_held_use") -> str:
            return block_actions_body(
                action_id=action_id,
                value=str(use["value"]),
                user_id=user,
                channel_id=dm_channel_id(PRIYA.id),
                message_ts=str(asked.response["ts"]),
                message=message,
            )

        assert (await bot.send(click("U0JOHN")))[0] == 200  # someone else's click counts for nothing
        assert (await bot.send(click(PRIYA.id)))[0] == 200
        [done] = await bot.slack.wait_for("chat.update")
        assert "is now your calendar account" in json.dumps(done.args)
        assert [(a.user, a.kind, a.label) for a in await accounts.list()] == [(PRIYA.id, "calendar", ME)]
        assert (await bot.send(click(PRIYA.id)))[0] == 200  # a second click changes nothing
        [_, again] = await bot.slack.wait_for("chat.update", count=2)
        assert "answered already" in json.dumps(again.args) and len(await accounts.list()) == 1


async def test_forget_it_stores_nothing(tmp_path: Path, google: tuple[FakeGoogleCalendar, str]) -> None:
    fake, calendar_url = google
    async with served_with_google(tmp_path, fake, calendar_url, "g-other", email=ME) as (bot, browser, _provider):
        link = start_link(PUBLIC, "google", TEAM_ID, PRIYA.id, secret=SECRET_KEY, now=bot.clock.now.timestamp())
        assert (await through_proxy(browser, bot, link))[0] == 200
        [asked] = await bot.slack.wait_for("chat.postMessage", lambda c: c.args.get("channel") == PRIYA.id)
        forget = view_button(dict(asked.args), "account_held_discard")
        body = block_actions_body(
            action_id="account_held_discard",
            value=str(forget["value"]),
            user_id=PRIYA.id,
            channel_id=dm_channel_id(PRIYA.id),
            message_ts=str(asked.response["ts"]),
        )
        assert (await bot.send(body))[0] == 200
        [done] = await bot.slack.wait_for("chat.update")
        assert "nothing was stored" in json.dumps(done.args)
        assert await bot.service.app.accounts.list() == []  # type: ignore[union-attr]
