"""``planbot serve --http`` serves the sign-in pages beside the Slack endpoint: a person's Connect link leads to the
provider and back, through the same app Slack's requests reach (behind a proxy at PLANBOT_PUBLIC_URL)."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest
from pydantic import SecretStr

from bot.accounts.oauth_links import start_link
from tests.bot.accounts.conftest import SECRET_KEY
from tests.bot.accounts.oauth_server import Client, Person, SignInServer, sign_in_server
from tests.integrations.calendar.conftest import google
from tests.integrations.calendar.google_fake import ME, FakeGoogleCalendar
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.payloads import TEAM_ID, im_message_event
from tests.slack.kit.views import view_button

__all__ = ["google"]
PUBLIC = "http://planbot.example.com"  # the proxy in front of planbot; the test talks to planbot itself
SCOPES = "https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.freebusy"


@pytest.fixture(autouse=True)
def _local(planbot_env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTHLIB_INSECURE_TRANSPORT", "1")


@asynccontextmanager
async def served_with_google(
    tmp_path: Path, fake: FakeGoogleCalendar, calendar_url: str, person: str
) -> AsyncIterator[tuple[Bot, aiohttp.ClientSession, SignInServer]]:
    """planbot over HTTP with Google sign-in configured, the local authorization server, and a browser."""
    client = Client("planbot-test", "client-secret-1", [f"{PUBLIC}/accounts/google/callback"], f"openid email {SCOPES}")
    provider = SignInServer(Person(person, ME), client, on_access=fake.tokens.add)
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
        yield bot, browser, provider


async def test_the_http_server_serves_the_sign_in_and_stores_the_account(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    fake, calendar_url = google
    async with served_with_google(tmp_path, fake, calendar_url, "g-ann") as (bot, browser, provider):
        link = start_link(PUBLIC, "google", TEAM_ID, "U0PRIYA", secret=SECRET_KEY, now=bot.clock.now.timestamp())
        through_proxy = link.replace(PUBLIC, bot.url)
        async with browser.get(through_proxy, allow_redirects=False) as start:
            assert start.status == 302 and start.headers["Location"].startswith(provider.url)
            authorize = start.headers["Location"]
        async with browser.get(authorize, allow_redirects=False) as consent:
            callback = urlsplit(consent.headers["Location"])
        assert f"{callback.scheme}://{callback.netloc}{callback.path}" == f"{PUBLIC}/accounts/google/callback"
        async with browser.get(f"{bot.url}{callback.path}?{callback.query}") as page:
            text = await page.text()
            assert page.status == 200 and "return to Slack" in text, text
        accounts = bot.service.app.accounts
        assert accounts is not None
        assert [(a.team, a.user, a.kind, a.label) for a in await accounts.list()] == [
            (TEAM_ID, "U0PRIYA", "calendar", ME)
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

        async with browser.get(link.replace(PUBLIC, bot.url), allow_redirects=False) as start:
            authorize = start.headers["Location"]
        async with browser.get(authorize, allow_redirects=False) as consent:
            callback = urlsplit(consent.headers["Location"])
        async with browser.get(f"{bot.url}{callback.path}?{callback.query}") as page:
            assert page.status == 200, await page.text()

        await bot.slack.wait_for(  # the same thread goes on by itself, with her calendar
            "chat.postMessage",
            lambda c: c.args.get("thread_ts") == thread and "Pipeline review with Olga" in str(c.args),
        )
