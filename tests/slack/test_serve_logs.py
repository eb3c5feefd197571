"""``planbot serve --http`` run as people run it (a process of its own, its default logging, the access log on)
writes no secret that travels in a URL: Slack's install code and state, a Connect link, the OAuth state and code of
a person's sign-in, the bot tokens. And a URL over 8 KB is refused with 414 and one log line, no traceback (over
the parser's own limit, 400 and one line)."""

import asyncio
import os
import subprocess
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import aiohttp

from bot.accounts.oauth_links import start_link
from tests.bot.accounts.oauth_server import Client, Person, SignInServer, sign_in_server
from tests.integrations.calendar.conftest import google
from tests.integrations.calendar.google_fake import FakeGoogleCalendar
from tests.replicas.harness import PLANBOT, ROOT, free_port
from tests.slack.conftest import MANIFEST_SCOPES
from tests.slack.kit.fake_installs import OAUTH_ACCESS, FakeSlackInstalls, in_workspace
from tests.slack.kit.payloads import DEMO_USERS, REQUESTER_ID, app_mention_event, json_body
from tests.slack.kit.signing import SIGNING_SECRET, post_signed
from tests.slack.test_workspaces import ACME, CLIENT_ID, CLIENT_SECRET, SECRET_KEY, STATE_SECRET

__all__ = ["google"]
GOOGLE_CLIENT_SECRET = "google-client-secret-of-planbot"
SCOPES = (
    "https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.freebusy"
    " https://www.googleapis.com/auth/calendar.calendarlist.readonly"
)


@dataclass
class Served:
    url: str
    process: "subprocess.Popen[bytes]"
    log: Path

    def stop(self) -> str:
        """Stop it as a process manager does (SIGTERM), and return everything it wrote."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        return self.log.read_text(encoding="utf-8", errors="replace")


@asynccontextmanager
async def planbot_serve(
    tmp_path: Path, http: aiohttp.ClientSession, slack: FakeSlackInstalls, provider: SignInServer, calendar_url: str
) -> AsyncIterator[Served]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PLANBOT_", "SLACK_"))}
    env.update(
        PLANBOT_DATA_DIR=str(tmp_path / "data"),
        PLANBOT_SECRET_KEY=SECRET_KEY,
        PLANBOT_PUBLIC_URL=url,
        PLANBOT_CALENDAR="google",
        PLANBOT_OAUTH_GOOGLE_CLIENT_ID="planbot-test",
        PLANBOT_OAUTH_GOOGLE_CLIENT_SECRET=GOOGLE_CLIENT_SECRET,
        PLANBOT_OAUTH_GOOGLE_BASE_URL=provider.url,
        PLANBOT_OAUTH_GOOGLE_API_URL=calendar_url,
        SLACK_SIGNING_SECRET=SIGNING_SECRET,
        SLACK_API_URL=slack.base_url,
        SLACK_CLIENT_ID=CLIENT_ID,
        SLACK_CLIENT_SECRET=CLIENT_SECRET,
        SLACK_STATE_SECRET=STATE_SECRET,
        AUTHLIB_INSECURE_TRANSPORT="1",
        TZ="America/New_York",
        PYTHONUNBUFFERED="1",
    )
    log = tmp_path / "serve.log"
    with log.open("wb") as handle:
        process = subprocess.Popen(
            [str(PLANBOT), "serve", "--http", "--host", "127.0.0.1", "--port", str(port)],
            cwd=tmp_path,  # not the project's folder: no .env of the machine
            env={**env, "PYTHONPATH": str(ROOT)},
            stdout=handle,
            stderr=subprocess.STDOUT,
        )
    served = Served(url, process, log)
    try:
        for _ in range(1800):
            assert process.poll() is None, served.stop()[-3000:]
            try:
                async with http.get(url + "/readyz") as ready:
                    if ready.status == 200:
                        break
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
        else:
            raise AssertionError(f"planbot serve never became ready: {served.stop()[-3000:]}")
        yield served
    finally:
        served.stop()


def cookies_of(response: aiohttp.ClientResponse) -> str:
    return "; ".join(f"{name}={morsel.value}" for name, morsel in response.cookies.items())


def query_of(url: str) -> dict[str, str]:
    return {name: values[0] for name, values in parse_qs(urlsplit(url).query).items()}


async def install(http: aiohttp.ClientSession, url: str, slack: FakeSlackInstalls) -> set[str]:
    """Slack's install flow through the browser; returns the code and state that travelled in URLs."""
    started = await http.get(url + "/slack/install", allow_redirects=False)
    assert started.status == 302
    approved = await http.get(
        started.headers["Location"], allow_redirects=False, headers={"Cookie": slack.sign_in(ACME, REQUESTER_ID)}
    )
    back = approved.headers["Location"]
    finished = await http.get(back, allow_redirects=False, headers={"Cookie": cookies_of(started)})
    assert finished.status == 200, await finished.text()
    return {query_of(back)["code"], query_of(back)["state"]}


async def connect_calendar(http: aiohttp.ClientSession, url: str, slack: FakeSlackInstalls) -> set[str]:
    """A person opens their Connect link, signs in with Slack and with Google; returns the link, states and codes
    used."""
    link = start_link(url, "google", ACME.team_id, REQUESTER_ID, secret=SECRET_KEY, now=time.time())
    used = {query_of(link)["link"]}
    cookies: dict[str, str] = dict([slack.sign_in(ACME, REQUESTER_ID).split("=", 1)])  # signed in to Slack
    where, answer = link, None
    for _ in range(6):  # the link, the provider's consent, the callback (and any sign-in step between)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())} if cookies else {}
        answer = await http.get(where, allow_redirects=False, headers=headers)
        cookies.update({name: morsel.value for name, morsel in answer.cookies.items()})
        used |= {value for name, value in query_of(where).items() if name in ("state", "code", "link")}
        if answer.status != 302:
            break
        where = answer.headers["Location"]
    assert answer is not None and answer.status == 200, await answer.text() if answer else None
    return used


async def test_serve_writes_no_code_state_link_or_token_and_refuses_long_urls_in_one_line(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    fake, calendar_url = google
    async with (
        aiohttp.ClientSession() as http,
        FakeSlackInstalls(CLIENT_ID, CLIENT_SECRET, users=DEMO_USERS, scopes=MANIFEST_SCOPES) as slack,
    ):
        client = Client("planbot-test", GOOGLE_CLIENT_SECRET, [], f"openid email {SCOPES}")
        priya = next(user for user in DEMO_USERS if user.id == REQUESTER_ID)  # her Google account: her Slack address
        provider = SignInServer(Person("g-priya", priya.email), client, on_access=fake.tokens.add)
        async with sign_in_server(provider), planbot_serve(tmp_path, http, slack, provider, calendar_url) as served:
            client.redirect_uris.append(f"{served.url}/accounts/google/callback")
            slack.app.redirect_urls.append(served.url + "/slack/oauth_redirect")
            slack.app.redirect_urls.append(served.url + "/accounts/slack/callback")  # Sign in with Slack

            secrets = await install(http, served.url, slack)
            secrets |= await connect_calendar(http, served.url, slack)

            bot_user = slack.bot_user_id(ACME)
            mention = in_workspace(app_mention_event("what's on my calendar tomorrow"), ACME, bot_user_id=bot_user)
            status, _ = await post_signed(http, served.url + "/slack/events", SIGNING_SECRET, json_body(mention))
            assert status == 200
            thread = mention["event"]["ts"]
            await slack.wait_for(
                "chat.postMessage", lambda c: c.args.get("thread_ts") == thread and "Finished" in str(c.args)
            )

            long_query = "x" * 9000
            async with http.get(f"{served.url}/healthz?q={long_query}") as too_long:
                long_url_status = too_long.status
            async with http.get(f"{served.url}/healthz?q={'y' * 1_100_000}") as past_the_parser:
                past_parser_status = past_the_parser.status  # past even the parser's line limit
            log = served.stop()

    exchange = slack.calls_to(OAUTH_ACCESS)[0]
    secrets |= {str(exchange.response["access_token"]), *slack.bot_tokens(ACME), CLIENT_SECRET, STATE_SECRET}
    secrets |= {str(token) for token in fake.tokens}
    for secret in secrets:
        assert secret not in log, f"{secret[:6]}… is in the log"
    assert '"GET /accounts/google/callback"' in log and '"GET /slack/oauth_redirect"' in log  # the access log is on
    assert '"POST /slack/events" 200' in log

    assert long_url_status == 414
    assert long_query[:100] not in log and "Traceback" not in log
    [refused] = [line for line in log.splitlines() if " 414 " in line or "healthz" in line]
    assert '"GET /healthz" 414' in refused
    assert past_parser_status == 400 and "yyyyyyyyyy" not in log
    [malformed] = [line for line in log.splitlines() if "malformed" in line]
    assert "refused a malformed request (LineTooLong)" in malformed
