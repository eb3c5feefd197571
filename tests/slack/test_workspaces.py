"""Several workspaces (contract §5.1): installed through Slack's install flow over HTTP, each answered with its own
bot token; plans, accounts, audit records and rate limits of one invisible to the other; removing the app deletes
that workspace's tokens and connected accounts. The app runs over signed HTTP against the Slack stand-in
(``tests/slack/kit/fake_installs.py``), with one user id in both workspaces (as when ids collide, or for a
person in two workspaces of one organisation) so that nothing can be told apart by user id alone."""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from pydantic import SecretStr
from slack_sdk.errors import SlackApiError

from bot.compose import StartupError
from bot.serve import build_service, http_app
from bot.settings import Settings
from bot.slack.install_flow import in_its_workspace, several_workspaces
from planning.store.credentials import ANY_TEAM, StoredAccount
from tests.fakes import ManualClock
from tests.slack.conftest import MANIFEST_SCOPES, Bot
from tests.slack.kit.fake_installs import (
    OAUTH_ACCESS,
    FakeSlackInstalls,
    Workspace,
    app_uninstalled_event,
    in_workspace,
    install_through_browser,
    tokens_revoked_event,
)
from tests.slack.kit.fake_web_api import SlackCall, serve_locally
from tests.slack.kit.payloads import DEMO_USERS, REQUESTER_ID, app_mention_event, slash_command_body
from tests.slack.kit.signing import SIGNING_SECRET

CLIENT_ID = "4242.1717"
CLIENT_SECRET = "client-secret-of-the-planbot-app"
STATE_SECRET = "state-secret-of-the-planbot-app"
SECRET_KEY = "a-secret-key-of-more-than-32-characters!"
ACME = Workspace("T0ACME", "Acme")
GLOBEX = Workspace("T0GLOBEX", "Globex")
INITECH_EU = Workspace("T0INITEU", "Initech Europe", enterprise_id="E0INITECH", enterprise_name="Initech")
INITECH_US = Workspace("T0INITUS", "Initech US", enterprise_id="E0INITECH", enterprise_name="Initech")


@asynccontextmanager
async def running_workspaces(tmp_path: Path, **options: Any) -> AsyncIterator[Bot]:
    """The app over HTTP in several-workspace mode (no SLACK_BOT_TOKEN), nothing installed yet."""
    rotation = {key: options.pop(key) for key in ("token_rotation", "token_lifetime") if key in options}
    async with FakeSlackInstalls(
        CLIENT_ID, CLIENT_SECRET, users=DEMO_USERS, scopes=MANIFEST_SCOPES, **rotation
    ) as slack:
        settings = Settings(
            data_dir=tmp_path,
            slack_signing_secret=SecretStr(SIGNING_SECRET),
            slack_api_url=slack.base_url,
            slack_client_id=CLIENT_ID,
            slack_client_secret=SecretStr(CLIENT_SECRET),
            slack_state_secret=SecretStr(STATE_SECRET),
            secret_key=SecretStr(SECRET_KEY),
            **options,
        )
        clock = ManualClock()
        service = await build_service(settings, "http", "America/New_York", clock)
        try:
            async with serve_locally(http_app(service)) as url, aiohttp.ClientSession() as http:
                slack.app.redirect_urls.append(url + "/slack/oauth_redirect")
                yield Bot(slack=slack, service=service, url=url, http=http, clock=clock)
        finally:
            await service.close()


def slack_of(bot: Bot) -> FakeSlackInstalls:
    assert isinstance(bot.slack, FakeSlackInstalls)
    return bot.slack


async def install(bot: Bot, workspace: Workspace, *, org_wide: bool = False) -> None:
    installed = await install_through_browser(
        bot.http, bot.url, slack_of(bot), workspace, REQUESTER_ID, org_wide=org_wide
    )
    assert installed.status == 200, installed.page


async def send_mention(bot: Bot, workspace: Workspace, text: str, *, org_wide: bool = False) -> str:
    """A mention of the workspace's bot in ``workspace``; returns its ``ts`` (its thread)."""
    bot_user = slack_of(bot).bot_user_id(workspace)
    envelope = in_workspace(app_mention_event(text), workspace, org_wide=org_wide, bot_user_id=bot_user)
    status, _ = await bot.send(envelope)
    assert status == 200
    return str(envelope["event"]["ts"])


async def mention(bot: Bot, workspace: Workspace, text: str, *, org_wide: bool = False) -> list[SlackCall]:
    """A mention in ``workspace``; returns the replies posted in its thread (once there is one)."""
    ts = await send_mention(bot, workspace, text, org_wide=org_wide)
    return await bot.slack.wait_for("chat.postMessage", lambda c: c.args.get("thread_ts") == ts)


def account(team: str, user: str = REQUESTER_ID) -> dict[str, Any]:
    return {
        "team": team,
        "user": user,
        "kind": "email",
        "service": "imap",
        "label": f"{user}@{team}",
        "credentials": {"imap_url": "imaps://mail.example", "username": user, "password": f"pw-{team}"},
    }


async def stored(bot: Bot) -> list[StoredAccount]:
    assert bot.service.app.accounts is not None
    return await bot.service.app.accounts.list()


# --- the install flow ---------------------------------------------------------------------------------------


async def test_two_workspaces_installed_through_the_flow_are_each_answered_with_their_own_token(
    tmp_path: Path,
) -> None:
    async with running_workspaces(tmp_path) as bot:
        slack = slack_of(bot)
        await install(bot, ACME)
        await install(bot, GLOBEX)
        exchanges = slack.calls_to(OAUTH_ACCESS)
        assert [call.ok for call in exchanges] == [True, True]
        acme_token, globex_token = slack.bot_tokens(ACME), slack.bot_tokens(GLOBEX)
        assert len(acme_token) == len(globex_token) == 1 and acme_token != globex_token

        for workspace in (ACME, GLOBEX, ACME):
            [reply] = await mention(bot, workspace, "what's on my calendar tomorrow")
            assert reply.ok
            assert slack.workspace_of(reply) == workspace.team_id
        assert {slack.workspace_of(call) for call in slack.calls if call.token} == {ACME.team_id, GLOBEX.team_id}


async def test_a_workspace_that_did_not_install_the_app_gets_nothing(tmp_path: Path) -> None:
    async with running_workspaces(tmp_path) as bot:
        await install(bot, ACME)
        envelope = in_workspace(app_mention_event("what's on my calendar tomorrow"), GLOBEX)
        await bot.send(envelope)
        await asyncio.sleep(0.3)
        assert not bot.slack.calls_to("chat.postMessage")


async def test_an_install_callback_is_good_once_and_only_from_the_browser_that_started_it(tmp_path: Path) -> None:
    async with running_workspaces(tmp_path) as bot:
        slack = slack_of(bot)
        started = await bot.http.get(bot.url + "/slack/install", allow_redirects=False)
        cookie = "; ".join(f"{name}={morsel.value}" for name, morsel in started.cookies.items())
        approved = await bot.http.get(
            started.headers["Location"], allow_redirects=False, headers={"Cookie": slack.sign_in(ACME, REQUESTER_ID)}
        )
        callback = approved.headers["Location"]

        elsewhere = await bot.http.get(callback, allow_redirects=False)  # no state cookie: another browser
        assert elsewhere.status == 400
        first = await bot.http.get(callback, allow_redirects=False, headers={"Cookie": cookie})
        assert first.status == 200
        replayed = await bot.http.get(callback, allow_redirects=False, headers={"Cookie": cookie})
        assert replayed.status == 401  # the state was used
        assert len(slack.calls_to(OAUTH_ACCESS)) == 1 and len(slack.bot_tokens(ACME)) == 1


async def test_the_stand_in_exchanges_a_code_once_and_only_for_the_apps_own_secret() -> None:
    async with FakeSlackInstalls(CLIENT_ID, CLIENT_SECRET, users=DEMO_USERS, scopes=MANIFEST_SCOPES) as slack:
        slack.app.redirect_urls.append("https://planbot.example/slack/oauth_redirect")
        async with aiohttp.ClientSession() as http:
            query = f"client_id={CLIENT_ID}&scope=chat:write,commands&state=s1"
            approved = await http.get(
                f"{slack.authorize_url}?{query}", allow_redirects=False, headers={"Cookie": slack.sign_in(ACME, "U1")}
            )
            assert approved.status == 302
            code = approved.headers["Location"].split("code=")[1].split("&")[0]
            anonymous = slack.client(token="")
            with pytest.raises(SlackApiError) as wrong:
                await anonymous.oauth_v2_access(client_id=CLIENT_ID, client_secret="nope", code=code)
            assert wrong.value.response["error"] == "bad_client_secret"
            with pytest.raises(SlackApiError) as unknown:
                await anonymous.oauth_v2_access(client_id="1.2", client_secret=CLIENT_SECRET, code=code)
            assert unknown.value.response["error"] == "invalid_client_id"
            good = await anonymous.oauth_v2_access(client_id=CLIENT_ID, client_secret=CLIENT_SECRET, code=code)
            assert good["team"] == {"id": ACME.team_id, "name": "Acme"} and good["token_type"] == "bot"
            assert good["authed_user"] == {"id": "U1"} and good["scope"] == "chat:write,commands"
            assert good["is_enterprise_install"] is False and good["enterprise"] is None
            assert "refresh_token" not in good.data
            with pytest.raises(SlackApiError) as again:
                await anonymous.oauth_v2_access(client_id=CLIENT_ID, client_secret=CLIENT_SECRET, code=code)
            assert again.value.response["error"] == "invalid_code"
            with pytest.raises(SlackApiError) as made_up:
                await anonymous.auth_test(token="xoxb-made-up")
            assert made_up.value.response["error"] == "invalid_auth"
            assert (await anonymous.auth_test(token=good["access_token"]))["team_id"] == ACME.team_id
            elsewhere = await http.get(
                f"{slack.authorize_url}?{query}&redirect_uri=https://evil.example/cb",
                allow_redirects=False,
                headers={"Cookie": slack.sign_in(ACME, "U1")},
            )
            assert elsewhere.status == 400 and "Location" not in elsewhere.headers


def test_the_install_flow_needs_all_its_settings_and_the_secret_key(tmp_path: Path) -> None:
    assert several_workspaces(Settings(data_dir=tmp_path)) is False
    with pytest.raises(StartupError, match="SLACK_CLIENT_SECRET, SLACK_STATE_SECRET"):
        several_workspaces(Settings(data_dir=tmp_path, slack_client_id=CLIENT_ID))
    complete = {
        "slack_client_id": CLIENT_ID,
        "slack_client_secret": SecretStr(CLIENT_SECRET),
        "slack_state_secret": SecretStr(STATE_SECRET),
    }
    with pytest.raises(StartupError, match="PLANBOT_SECRET_KEY"):
        several_workspaces(Settings(data_dir=tmp_path, **complete))
    assert several_workspaces(Settings(data_dir=tmp_path, secret_key=SecretStr(SECRET_KEY), **complete)) is True


# --- one workspace's data is invisible to the other -----------------------------------------------------------


async def plans_command(bot: Bot, workspace: Workspace, text: str = "") -> str:
    """``/plans`` (``text``: e.g. "audit") run in ``workspace``; returns what it answered."""
    url = bot.slack.response_url()
    await bot.send(slash_command_body(command="/plans", text=text, team_id=workspace.team_id, response_url=url))
    [page] = await bot.slack.wait_for("response_url", lambda c: c.args["key"] == url.rsplit("/", 1)[1])
    return str(page.args)


async def test_plans_of_one_workspace_are_invisible_to_the_other(tmp_path: Path) -> None:
    async with running_workspaces(tmp_path) as bot:
        await install(bot, ACME)
        await install(bot, GLOBEX)
        await mention(bot, ACME, "email Priya the Q3 deck")  # waits for approval: an open plan in Acme
        assert "Q3 deck" in await plans_command(bot, ACME)
        assert "You have no open plans" in await plans_command(bot, GLOBEX)


async def test_audit_records_of_one_workspace_are_invisible_to_the_other(tmp_path: Path) -> None:
    async with running_workspaces(tmp_path) as bot:
        await install(bot, ACME)
        await install(bot, GLOBEX)
        await mention(bot, ACME, "email Priya the Q3 deck")
        assert "Audit records" in await plans_command(bot, ACME, "audit")
        assert "No audit records" in await plans_command(bot, GLOBEX, "audit")


async def test_accounts_of_one_workspace_are_invisible_to_the_other(tmp_path: Path) -> None:
    """Priya's mail account connected in Acme, and one connected from the command line without naming a workspace
    (which, with one workspace, is that workspace's): in Globex the same user id is asked to connect her own."""
    async with running_workspaces(tmp_path, email="imap", calendar="caldav") as bot:
        await install(bot, ACME)
        await install(bot, GLOBEX)
        accounts = bot.service.app.accounts
        assert accounts is not None
        await accounts.save(**{**account(ACME.team_id), "label": "priya@acme"})
        await accounts.save(**{**account(ANY_TEAM), "kind": "calendar", "service": "caldav", "label": "priya@dav"})
        for request, kind in (("what's in my inbox", "email"), ("what's on my calendar tomorrow", "calendar")):
            ts = await send_mention(bot, GLOBEX, request)
            [asked] = await bot.slack.wait_for(
                "chat.postMessage", lambda c, t=ts, k=kind: c.args.get("thread_ts") == t and _asks_to_connect(c, k)
            )
            assert slack_of(bot).workspace_of(asked) == GLOBEX.team_id
        said = str([call.args for call in bot.slack.calls])
        assert "priya@acme" not in said and "priya@dav" not in said


def _asks_to_connect(call: SlackCall, kind: str) -> bool:
    text = str(call.args)
    return f"your own {kind} account, which is not connected yet" in text or f"to connect their {kind}" in text


async def test_rate_limits_are_counted_per_workspace(tmp_path: Path) -> None:
    async with running_workspaces(tmp_path, max_plans_per_hour=1) as bot:
        await install(bot, ACME)
        await install(bot, GLOBEX)
        slack = slack_of(bot)

        def limited(workspace: Workspace) -> list[SlackCall]:
            return [
                c
                for c in slack.calls_to("chat.postEphemeral")
                if "the limit is 1" in str(c.args) and slack.workspace_of(c) == workspace.team_id
            ]

        await mention(bot, ACME, "email Priya the Q3 deck")
        await send_mention(bot, ACME, "email Tom the Q4 deck")
        await slack.wait_for("chat.postEphemeral", lambda c: c in limited(ACME))
        [plan] = await mention(bot, GLOBEX, "email Tom the Q4 deck")  # the same user id, another workspace
        assert "Q4 deck" in str(plan.args)
        assert limited(GLOBEX) == []


# --- removing the app -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("removal", ["app_uninstalled", "tokens_revoked"])
async def test_removing_the_app_deletes_that_workspaces_tokens_and_accounts(tmp_path: Path, removal: str) -> None:
    async with running_workspaces(tmp_path) as bot:
        slack = slack_of(bot)
        await install(bot, ACME)
        await install(bot, GLOBEX)
        accounts = bot.service.app.accounts
        assert accounts is not None
        for team in (ACME.team_id, GLOBEX.team_id):
            await accounts.save(**account(team))
        await accounts.save(**{**account(ACME.team_id, ""), "kind": "crm", "service": "hubspot"})  # shared CRM

        slack.uninstall(ACME)
        bot_user = slack.bot_user_id(ACME)
        event = (
            app_uninstalled_event(ACME) if removal == "app_uninstalled" else tokens_revoked_event(ACME, bot=[bot_user])
        )
        status, _ = await bot.send(event)
        assert status == 200

        installations = bot.service.workspaces.installations if bot.service.workspaces else None
        assert installations is not None
        for _ in range(100):  # the handler runs after the ack: tokens go first, then the accounts
            gone = await installations.async_find_bot(enterprise_id=None, team_id=ACME.team_id) is None
            if gone and all(a.team != ACME.team_id for a in await stored(bot)):
                break
            await asyncio.sleep(0.05)
        assert await installations.async_find_installation(enterprise_id=None, team_id=ACME.team_id) is None
        assert await installations.async_find_bot(enterprise_id=None, team_id=GLOBEX.team_id) is not None
        assert [(a.team, a.user) for a in await stored(bot)] == [(GLOBEX.team_id, REQUESTER_ID)]

        [reply] = await mention(bot, GLOBEX, "what's on my calendar tomorrow")  # the other still works
        assert reply.ok and slack.workspace_of(reply) == GLOBEX.team_id


async def test_a_user_token_revoked_leaves_the_workspace_installed(tmp_path: Path) -> None:
    async with running_workspaces(tmp_path) as bot:
        await install(bot, ACME)
        accounts = bot.service.app.accounts
        assert accounts is not None
        await accounts.save(**account(ACME.team_id))
        await bot.send(tokens_revoked_event(ACME, oauth=["U0SOMEONE"]))
        [reply] = await mention(bot, ACME, "what's on my calendar tomorrow")
        assert reply.ok
        assert len(await stored(bot)) == 1


# --- token rotation -------------------------------------------------------------------------------------------


async def test_an_expiring_bot_token_is_refreshed_and_the_new_one_answers(tmp_path: Path) -> None:
    async with running_workspaces(tmp_path, token_rotation=True, token_lifetime=3600) as bot:
        slack = slack_of(bot)
        await install(bot, ACME)
        [first_token] = slack.bot_tokens(ACME)
        exchange = slack.calls_to(OAUTH_ACCESS)[0]
        assert exchange.response["expires_in"] == 3600 and exchange.response["refresh_token"].startswith("xoxe-1-")

        [reply] = await mention(bot, ACME, "what's on my calendar tomorrow")  # expires within 2 h: refreshed first
        refreshes = [c for c in slack.calls_to(OAUTH_ACCESS) if c.args.get("grant_type") == "refresh_token"]
        assert len(refreshes) == 1 and refreshes[0].ok
        assert refreshes[0].args["refresh_token"] == exchange.response["refresh_token"]
        assert reply.token == refreshes[0].response["access_token"] != first_token

        installations = bot.service.workspaces.installations if bot.service.workspaces else None
        assert installations is not None
        kept = await installations.async_find_bot(enterprise_id=None, team_id=ACME.team_id)
        assert kept is not None and kept.bot_token == reply.token
        assert kept.bot_refresh_token == refreshes[0].response["refresh_token"]
        assert kept.bot_token_expires_at is not None and kept.bot_token_expires_at > datetime.now(UTC).timestamp()


async def test_a_bot_token_far_from_expiry_is_used_as_it_is(tmp_path: Path) -> None:
    async with running_workspaces(tmp_path, token_rotation=True) as bot:  # Slack's 12 hours
        slack = slack_of(bot)
        await install(bot, ACME)
        [reply] = await mention(bot, ACME, "what's on my calendar tomorrow")
        assert reply.token == slack.bot_tokens(ACME)[0]
        assert [c.args.get("grant_type") for c in slack.calls_to(OAUTH_ACCESS)] == [None]


# --- Enterprise Grid ------------------------------------------------------------------------------------------


async def test_an_org_wide_install_answers_every_workspace_of_its_organisation(tmp_path: Path) -> None:
    async with running_workspaces(tmp_path) as bot:
        slack = slack_of(bot)
        await install(bot, INITECH_EU, org_wide=True)
        [org_token] = slack.bot_tokens(INITECH_EU)
        for workspace in (INITECH_EU, INITECH_US):
            [reply] = await mention(bot, workspace, "what's on my calendar tomorrow", org_wide=True)
            assert reply.token == org_token
        outside = in_workspace(app_mention_event("what's on my calendar tomorrow"), ACME)
        await bot.send(outside)
        await asyncio.sleep(0.3)
        assert not [c for c in slack.calls_to("chat.postMessage") if c.args.get("thread_ts") == outside["event"]["ts"]]

        installations = bot.service.workspaces.installations if bot.service.workspaces else None
        assert installations is not None
        found = await installations.find_bot_for_team(INITECH_US.team_id)  # for work outside a request
        assert found is not None and found.bot_token == org_token

        await bot.send(app_uninstalled_event(INITECH_EU, org_wide=True))
        for _ in range(50):
            if await installations.find_bot_for_team(INITECH_US.team_id) is None:
                break
            await asyncio.sleep(0.05)
        assert (
            await installations.async_find_bot(
                enterprise_id=INITECH_EU.enterprise_id, team_id=None, is_enterprise_install=True
            )
            is None
        )


# --- one workspace, as before ---------------------------------------------------------------------------------


async def test_with_a_bot_token_alone_there_is_no_install_flow(bot: Bot) -> None:
    for path in ("/slack/install", "/slack/oauth_redirect"):
        response = await bot.http.get(bot.url + path, allow_redirects=False)
        assert response.status in (404, 405), path
    assert bot.service.workspaces is None


# --- work outside Slack's requests ------------------------------------------------------------------------------


async def test_work_outside_a_request_acts_for_the_plans_own_workspace(tmp_path: Path) -> None:
    """A plan resumed after a restart, or one that goes on once its requester connected an account through a
    sign-in page: the calls to Slack carry the token of the plan's workspace, and of no other."""
    async with running_workspaces(tmp_path) as bot:
        await install(bot, ACME)
        await install(bot, INITECH_EU, org_wide=True)
        await mention(bot, INITECH_US, "what's on my calendar tomorrow", org_wide=True)  # seen once in a request
        workspaces = bot.service.workspaces
        assert workspaces is not None
        tokens: dict[str, str | None] = {}

        async def notify(team: str, user: str) -> None:
            tokens[team] = workspaces.client.token

        for team in (ACME.team_id, INITECH_US.team_id, GLOBEX.team_id):
            await in_its_workspace(workspaces, notify)(team, REQUESTER_ID)
        assert tokens == {
            ACME.team_id: slack_of(bot).bot_tokens(ACME)[0],
            INITECH_US.team_id: slack_of(bot).bot_tokens(INITECH_US)[0],  # the organisation's install
            GLOBEX.team_id: None,  # not installed: nothing can be sent there
        }
        assert workspaces.client.token is None  # and nothing outside
