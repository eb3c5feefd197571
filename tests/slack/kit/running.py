"""The planbot Slack app served over HTTP on 127.0.0.1 as ``planbot serve --http`` serves it, talking to a fresh
:class:`~tests.slack.kit.fake_web_api.FakeSlackWebApi`, with the clock fixed at Monday 2 March 2026, 09:00 New York.

    async with running_bot(data_dir) as bot:
        await bot.send(im_message_event("email Priya the Q3 deck", user_id=JOHN))

Used by the Slack tests (``tests/slack/conftest.py``) and by ``devtools.slack_conversations``.
"""

import json
from collections.abc import AsyncIterator, Iterable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
from pydantic import SecretStr

from bot.serve import SlackService, build_service, http_app
from bot.settings import Settings
from bot.slack.declared import EVENTS_PATH
from tests.fakes import ManualClock
from tests.slack.kit.fake_openid import SIGN_IN_CLIENT_ID, SIGN_IN_CLIENT_SECRET
from tests.slack.kit.fake_web_api import FakeSlackWebApi, serve_locally
from tests.slack.kit.payloads import BOT_TOKEN, DEMO_USERS, SlackUser, json_body, slash_command_body
from tests.slack.kit.signing import SIGNING_SECRET, post_signed

MANIFEST = Path(__file__).resolve().parents[3] / "infra" / "slack-app-manifest.json"
MANIFEST_SCOPES = tuple(json.loads(MANIFEST.read_text(encoding="utf-8"))["oauth_config"]["scopes"]["bot"])


@dataclass
class Bot:
    slack: FakeSlackWebApi
    service: SlackService
    url: str
    http: aiohttp.ClientSession
    clock: ManualClock

    async def send(self, body: dict[str, Any] | str, *, retry_num: int | None = None) -> tuple[int, str]:
        text = json_body(body) if isinstance(body, dict) else body
        return await post_signed(self.http, self.url + EVENTS_PATH, SIGNING_SECRET, text, retry_num=retry_num)

    async def command(self, **fields: Any) -> dict[str, Any]:
        """Run a slash command (``slash_command_body``'s fields): its answer as its sender sees it, in the command's
        acknowledgement or sent right after it through the command's response URL (a person Slack must be asked
        about is looked up after the ack)."""
        url = self.slack.response_url()
        status, acknowledged = await self.send(slash_command_body(response_url=url, **fields))
        assert status == 200
        if acknowledged:
            answer: dict[str, Any] = json.loads(acknowledged)
            return answer
        key = url.rsplit("/", 1)[1]
        [sent] = await self.slack.wait_for("response_url", lambda call: call.args.get("key") == key)
        return {name: value for name, value in sent.args.items() if name != "key"}


@asynccontextmanager
async def running_bot(
    data_dir: Path,
    *,
    stand_in: type[FakeSlackWebApi] = FakeSlackWebApi,
    users: Iterable[SlackUser] = DEMO_USERS,
    slack: FakeSlackWebApi | None = None,
    **settings: Any,
) -> AsyncIterator[Bot]:
    """The app over HTTP on ``data_dir`` with a fresh fake Slack (``stand_in``: one that also serves files, …) whose
    token has the manifest's scopes (a call the manifest does not allow fails as on Slack) and whose workspace has
    ``users``; ``settings`` are more of ``Settings``' fields (approvers=...). ``slack``: a fake Slack running
    already, kept on exit (a second process of the app, or the same one started again, on the same workspace)."""
    async with AsyncExitStack() as stack:
        if slack is None:
            slack = await stack.enter_async_context(stand_in(users=users, scopes=MANIFEST_SCOPES))
        settings.setdefault("slack_sign_in_client_id", SIGN_IN_CLIENT_ID)  # Sign in with Slack, before a Connect
        settings.setdefault("slack_sign_in_client_secret", SecretStr(SIGN_IN_CLIENT_SECRET))
        if settings.get("public_url"):
            slack.openid.redirect_urls.append(f"{str(settings['public_url']).rstrip('/')}/accounts/slack/callback")
        configured = Settings(
            data_dir=data_dir,
            slack_bot_token=SecretStr(BOT_TOKEN),
            slack_signing_secret=SecretStr(SIGNING_SECRET),
            slack_api_url=slack.base_url,
            **settings,
        )
        clock = ManualClock()
        service = await build_service(configured, "http", "America/New_York", clock)
        try:
            async with serve_locally(http_app(service)) as url, aiohttp.ClientSession() as http:
                yield Bot(slack=slack, service=service, url=url, http=http, clock=clock)
        finally:
            await service.close()
