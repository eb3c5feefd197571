"""Connecting Google through its sign-in page, against a local authorization server built from authlib's server
components, the Slack stand-in's Sign in with Slack and the Google Calendar stand-in: PKCE verified by the server,
single-use state bound to the person and the browser, the exact redirect URI, expiry; the stored (sealed) token then
serves that person's plan steps; a revoked grant marks the account and the step asks to reconnect; Disconnect revokes
the grant at the provider."""

import logging
import socket
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import aiohttp
import pytest
from aiohttp import web
from pydantic import SecretStr
from yarl import URL

from bot.accounts.oauth_flow import OAuthConnections, per_kind
from bot.accounts.oauth_links import start_link
from bot.accounts.oauth_routes import oauth_routes, open_connections
from bot.compose import App, build_app
from bot.settings import Settings
from integrations.base import AuthError
from integrations.base.errors import AccountNotConnectedError
from integrations.base.principal import Principal
from planning.engine.replies import AskConnect, StepOutcome
from planning.engine.runner import ToolRunner, describe_failure
from tests.bot.accounts.conftest import SECRET_KEY
from tests.bot.accounts.oauth_server import Client, Person, SignInServer, sign_in_server
from tests.fakes import ManualClock
from tests.integrations.calendar.conftest import google
from tests.integrations.calendar.google_fake import ME, FakeGoogleCalendar
from tests.slack.kit.fake_openid import SIGN_IN_CLIENT_ID, SIGN_IN_CLIENT_SECRET
from tests.slack.kit.fake_web_api import FakeSlackWebApi
from tests.slack.kit.payloads import SlackUser

__all__ = ["google"]
CALENDAR_SCOPES = (
    "https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.freebusy"
    " https://www.googleapis.com/auth/calendar.calendarlist.readonly"
)
GMAIL_SCOPES = (
    "https://www.googleapis.com/auth/gmail.readonly https://www.googleapis.com/auth/gmail.send"
    " https://www.googleapis.com/auth/gmail.modify"
)
ANN = Principal("T1", "UA")
MARCH = {"start": "2026-03-01T00:00:00-05:00", "end": "2026-04-01T00:00:00-04:00"}
ASK = "what's on my calendar on March 9?"
ANN_IN_SLACK = SlackUser("UA", "ann", "Ann Example", ME)  # her Slack profile's address is her Google account's
BEA_IN_SLACK = SlackUser("UB", "bea", "Bea Lopez", "bea@example.com")


def listening_socket() -> socket.socket:
    """A socket already bound to a free loopback port: the port is known before the server starts and no other
    process can take it in between (choosing a port and binding it later raced other tests' servers in CI)."""
    bound = socket.socket()
    bound.bind(("127.0.0.1", 0))
    return bound


@dataclass
class World:
    public: str
    provider: SignInServer
    calendar: FakeGoogleCalendar
    app: App
    connections: OAuthConnections
    clock: ManualClock
    browser: aiohttp.ClientSession
    data_dir: Path
    slack: FakeSlackWebApi

    def link(self, user: str = "UA", team: str = "T1") -> str:
        return start_link(self.public, "google", team, user, secret=SECRET_KEY, now=self.clock.now.timestamp())

    def signed_in_to_slack(self, user: str = "UA", browser: aiohttp.ClientSession | None = None) -> None:
        """The browser is signed in to Slack as ``user`` (of the stand-in's workspace, T1)."""
        session = self.slack.openid.sign_in(user)
        (browser or self.browser).cookie_jar.update_cookies({"d": session}, URL(self.slack.root))

    async def sign_in(self, link: str | None = None) -> tuple[int, str]:
        """The person opens the Connect link; the browser follows every redirect to planbot's last page."""
        async with self.browser.get(link or self.link()) as page:
            return page.status, await page.text()

    async def to_provider(self, link: str | None = None, browser: aiohttp.ClientSession | None = None) -> str:
        """Start and sign in with Slack: the provider's authorize URL planbot sent the browser to."""
        url = link or self.link()
        for _ in range(3):  # planbot's start → Slack → planbot's Slack callback → the provider
            async with (browser or self.browser).get(url, allow_redirects=False) as step:
                assert step.status == 302, await step.text()
                url = step.headers["Location"]
        return url

    async def to_callback(self, link: str | None = None, browser: aiohttp.ClientSession | None = None) -> str:
        """Start, sign in with Slack and consent, stopping before the browser comes back: the callback URL the
        provider sent."""
        url = await self.to_provider(link, browser)
        async with (browser or self.browser).get(url, allow_redirects=False) as consent:
            assert consent.status == 302, await consent.text()
            return consent.headers["Location"]

    async def events(self, principal: Principal = ANN) -> Any:
        """The person's March, as a plan's step reads it (their own account, through the registry)."""
        assert self.app.registry is not None
        return await ToolRunner(self.app.registry).run("fetch_calendar_events", MARCH, principal=principal)


@asynccontextmanager
async def world(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str], *, email: str = "local", scope: str = CALENDAR_SCOPES
) -> AsyncIterator[World]:
    fake, calendar_url = google
    bound = listening_socket()
    public = f"http://127.0.0.1:{bound.getsockname()[1]}"
    client = Client("planbot-test", "client-secret-1", [f"{public}/accounts/google/callback"], f"openid email {scope}")
    provider = SignInServer(Person("g-ann", ME), client, on_access=fake.tokens.add, on_revoke=fake.tokens.discard)
    async with sign_in_server(provider), FakeSlackWebApi(users=[ANN_IN_SLACK, BEA_IN_SLACK], team_id="T1") as slack:
        slack.openid.redirect_urls.append(f"{public}/accounts/slack/callback")
        settings = Settings(
            data_dir=tmp_path / "data",
            secret_key=SecretStr(SECRET_KEY),
            public_url=public,
            email=email,
            calendar="google",
            oauth_google_client_id="planbot-test",
            oauth_google_client_secret=SecretStr("client-secret-1"),
            oauth_google_base_url=provider.url,
            oauth_google_api_url=calendar_url,
            slack_api_url=slack.base_url,
            slack_sign_in_client_id=SIGN_IN_CLIENT_ID,
            slack_sign_in_client_secret=SecretStr(SIGN_IN_CLIENT_SECRET),
        )
        clock = ManualClock()
        app = await build_app(settings, "America/New_York", clock=clock)
        assert app.accounts is not None
        connections = await open_connections(settings, app.accounts, clock=clock)
        site = web.Application()
        site.add_routes(oauth_routes(connections))
        runner = web.AppRunner(site, access_log=None)
        await runner.setup()
        await web.SockSite(runner, bound).start()
        jar = aiohttp.CookieJar(unsafe=True)  # cookies for 127.0.0.1, as a browser keeps them
        try:
            async with aiohttp.ClientSession(cookie_jar=jar) as browser:
                w = World(public, provider, fake, app, connections, clock, browser, settings.data_dir, slack)
                w.signed_in_to_slack("UA")
                yield w
        finally:
            await runner.cleanup()
            await connections.close()
            await app.close()


@pytest.fixture(autouse=True)
def _no_machine_settings(planbot_env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTHLIB_INSECURE_TRANSPORT", "1")  # the local server speaks plain HTTP on 127.0.0.1


def meeting(fake: FakeGoogleCalendar) -> None:
    fake.events["standup"] = {
        "kind": "calendar#event",
        "id": "standup",
        "status": "confirmed",
        "summary": "Standup",
        "start": {"dateTime": "2026-03-09T10:00:00-04:00"},
        "end": {"dateTime": "2026-03-09T10:15:00-04:00"},
        "organizer": {"email": ME, "self": True},
        "sequence": 0,
    }


async def test_connecting_stores_the_sealed_grant_for_that_person_and_their_steps_use_it(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    async with world(tmp_path, google) as w:
        meeting(w.calendar)
        status, page = await w.sign_in()
        assert status == 200, page
        assert "Connected" in page and ME in page and "return to Slack" in page
        (account,) = await w.app.accounts.list()  # type: ignore[union-attr]
        assert (account.team, account.user, account.kind, account.service, account.label) == (
            "T1",
            "UA",
            "calendar",
            "google",
            ME,
        )
        assert account.needs_reconnect is False
        (refresh,) = w.provider.refresh_tokens()
        with sqlite3.connect(w.data_dir / "plans.sqlite3") as db:
            stored = b"".join(bytes(row[0]) for row in db.execute("SELECT secret FROM accounts"))
            states = db.execute("SELECT count(*) FROM oauth_states WHERE service NOT LIKE 'link:%'").fetchone()[0]
        db.close()
        assert refresh.encode() not in stored and states == 0  # sealed; the states were used up (the link's kept)
        (event,) = await w.events()
        assert event["title"] == "Standup"
        used = {s.method for s in w.calendar.seen}
        assert "calendar.events.list" in used
        with pytest.raises(AccountNotConnectedError):  # nobody else's steps run on it
            await w.events(Principal("T1", "UB"))
        with pytest.raises(AccountNotConnectedError):
            await w.events(Principal("T2", "UA"))
    ours = "\n".join(
        r.getMessage() for r in caplog.records if r.name.split(".")[0] in ("bot", "planning", "integrations")
    )
    (exchange,) = [r for r in w.provider.token_requests if r["grant_type"] == "authorization_code"]
    secrets = (refresh, exchange["code"], exchange["code_verifier"], SECRET_KEY, "client-secret-1")
    assert "account connected: calendar google for T1/UA" in ours
    assert not [s for s in secrets if s in ours]  # no token, code, verifier or key in planbot's logs


async def test_the_server_checks_pkce_a_wrong_or_missing_verifier_gets_no_token(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    async with world(tmp_path, google) as w:
        callback = await w.to_callback()
        sent = parse_qs(urlsplit(callback).query)
        code = sent["code"][0]
        base = {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": f"{w.public}/accounts/google/callback",
            "client_id": "planbot-test",
            "client_secret": "client-secret-1",
        }
        async with aiohttp.ClientSession() as attacker:
            for extra in ({"code_verifier": "x" * 64}, {}):
                async with attacker.post(f"{w.provider.url}/token", data={**base, **extra}) as answer:
                    assert answer.status == 400
                    assert (await answer.json())["error"] in ("invalid_grant", "invalid_request")
        async with w.browser.get(callback) as page:  # planbot's own verifier: accepted
            assert page.status == 200, await page.text()
        exchange = w.provider.token_requests[-1]
        assert exchange["grant_type"] == "authorization_code" and 43 <= len(exchange["code_verifier"]) <= 128


async def test_a_replayed_callback_is_refused_and_changes_nothing(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    async with world(tmp_path, google) as w:
        callback = await w.to_callback()
        async with w.browser.get(callback) as first:
            assert first.status == 200
        exchanges = len(w.provider.token_requests)
        async with w.browser.get(callback) as again:
            text = await again.text()
            assert again.status == 400 and "already finished" in text and "Traceback" not in text
        assert len(w.provider.token_requests) == exchanges  # not even tried


async def test_the_redirect_uri_is_exact_and_a_wrong_one_is_refused(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    async with world(tmp_path, google) as w:
        authorize = await w.to_provider()
        asked = parse_qs(urlsplit(authorize).query)
        assert asked["redirect_uri"] == [f"{w.public}/accounts/google/callback"]
        assert asked["code_challenge_method"] == ["S256"] and asked["response_type"] == ["code"]
        assert asked["scope"][0].split() == ["openid", "email", *CALENDAR_SCOPES.split()]  # calendar only: no mail
        elsewhere = authorize.replace("%2Faccounts%2Fgoogle%2Fcallback", "%2Fsomewhere%2Felse")
        async with w.browser.get(elsewhere, allow_redirects=False) as refused:
            assert refused.status == 400 and "Location" not in refused.headers
        w.provider.client.redirect_uris = [f"{w.public}/accounts/google/callback/"]  # registered differently
        async with w.browser.get(authorize, allow_redirects=False) as refused:
            assert refused.status == 400
        assert await w.app.accounts.list() == []  # type: ignore[union-attr]


async def test_an_expired_sign_in_is_refused(tmp_path: Path, google: tuple[FakeGoogleCalendar, str]) -> None:
    async with world(tmp_path, google) as w:
        callback = await w.to_callback()
        w.clock.advance(minutes=11)
        async with w.browser.get(callback) as page:
            text = await page.text()
            assert page.status == 400 and "expired" in text
        assert w.provider.token_requests == [] and await w.app.accounts.list() == []  # type: ignore[union-attr]
        w.clock.advance(minutes=30)
        status, text = await w.sign_in(start_link(w.public, "google", "T1", "UA", secret=SECRET_KEY, now=0))
        assert status == 400 and "Connect link has expired" in text


async def test_the_sign_in_is_bound_to_the_browser_and_the_link_to_its_person(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    async with world(tmp_path, google) as w:
        callback = await w.to_callback()
        async with aiohttp.ClientSession() as other_browser, other_browser.get(callback) as page:
            assert page.status == 400 and "the browser where you started" in await page.text()
        forged = w.link().replace("link=", "link=x")
        status, text = await w.sign_in(forged)
        assert status == 400 and "not valid" in text
        async with w.browser.get(f"{w.public}/accounts/google/start") as bare:
            assert bare.status == 400 and "Connect button" in await bare.text()
        async with w.browser.get(f"{w.public}/accounts/nothing/start") as unknown:
            assert unknown.status == 404
        async with w.browser.get(f"{w.public}/accounts/microsoft/start") as unused:
            assert unused.status == 404 and "does not use Microsoft 365" in await unused.text()
        w.provider.deny = True
        status, text = await w.sign_in()
        assert status == 400 and "did not allow access" in text
        assert await w.app.accounts.list() == []  # type: ignore[union-attr]


async def test_a_revoked_grant_marks_the_account_and_the_step_asks_to_reconnect(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    async with world(tmp_path, google) as w:
        meeting(w.calendar)
        assert (await w.sign_in())[0] == 200
        assert len(await w.events()) == 1
        w.provider.revoke_all()  # the person removed planbot's access in their Google account
        with pytest.raises(AuthError) as refused:
            await w.events()
        failure = describe_failure(refused.value)
        assert failure.reconnect and "reconnect" in failure.message
        (account,) = await w.app.accounts.list()  # type: ignore[union-attr]
        assert account.needs_reconnect is True
        exchanges = len(w.provider.token_requests)
        with pytest.raises(AuthError, match="needs reconnecting"):  # asked again at once, the provider left alone
            await w.events()
        assert len(w.provider.token_requests) == exchanges
        assert (await w.sign_in())[0] == 200  # reconnected: the mark is gone and the steps run again
        (account,) = await w.app.accounts.list()  # type: ignore[union-attr]
        assert account.needs_reconnect is False
        assert len(await w.events()) == 1


async def test_disconnect_revokes_the_grant_once_no_kind_uses_it(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    async with world(tmp_path, google, email="gmail", scope=f"{CALENDAR_SCOPES} {GMAIL_SCOPES}") as w:
        assert (await w.sign_in())[0] == 200
        accounts = w.app.accounts
        assert accounts is not None
        listed = [(a.kind, a.service, a.label) for a in await accounts.list()]
        assert listed == [("calendar", "google", ME), ("email", "gmail", ME)]  # one sign-in, both kinds
        (refresh,) = w.provider.refresh_tokens()
        assert await accounts.disconnect(team="T1", user="UA", kind="calendar", service="google")
        assert w.provider.revocations == []  # mail still uses the grant
        assert await accounts.disconnect(team="T1", user="UA", kind="email", service="gmail")
        assert w.provider.revocations == [refresh] and await accounts.list() == []
        form = {"grant_type": "refresh_token", "refresh_token": refresh, "client_id": "planbot-test"}
        async with w.browser.post(f"{w.provider.url}/token", data={**form, "client_secret": "client-secret-1"}) as r:
            assert r.status == 400 and (await r.json())["error"] == "invalid_grant"


async def test_the_plan_on_a_revoked_grant_asks_to_reconnect_and_goes_on_once_reconnected(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    async with world(tmp_path, google) as w:
        meeting(w.calendar)
        conversation = w.app.conversation
        went_on: dict[str, list[Any]] = {}

        async def plans_go_on(team: str, user: str, kind: str, *, by: str) -> None:
            went_on.update(await conversation.account_connected(team=team, user=user, kind=kind))

        w.connections.on_connected = per_kind(plans_go_on)
        assert (await w.sign_in())[0] == 200
        w.provider.revoke_all()
        thread = "slack:T1:C1:1700000000.000100"
        replies = await conversation.message(thread_key=thread, text=ASK, who=Principal("T1", "UA", "America/New_York"))
        (asked,) = [r for r in replies if isinstance(r, AskConnect)]
        assert asked.account == "calendar" and asked.reconnect and "connected again" in asked.text
        assert not [r for r in replies if isinstance(r, StepOutcome)]
        assert (await w.sign_in())[0] == 200  # reconnected: the waiting plan goes on in its thread
        (outcome,) = [r for r in went_on[thread] if isinstance(r, StepOutcome)]
        assert outcome.ok and [e["title"] for e in outcome.data] == ["Standup"]
