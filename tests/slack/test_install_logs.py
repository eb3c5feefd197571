"""Slack's install flow keeps its secrets out of the logs (DEBUG included): the single-use code of a callback whose
exchange fails, the state, the app's client secret, the bot tokens and refresh tokens an exchange or a rotation
returns. Over HTTP with the Slack stand-in's authorize page and strict ``oauth.v2.access``."""

import logging
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import aiohttp
import pytest

from tests.slack.kit.fake_installs import OAUTH_ACCESS
from tests.slack.kit.payloads import REQUESTER_ID
from tests.slack.test_workspaces import (
    ACME,
    CLIENT_ID,
    CLIENT_SECRET,
    GLOBEX,
    STATE_SECRET,
    install,
    mention,
    running_workspaces,
    slack_of,
)


async def test_no_code_token_or_secret_of_the_install_flow_reaches_the_logs(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    async with running_workspaces(tmp_path, token_rotation=True, token_lifetime=3600) as bot:
        slack = slack_of(bot)
        await install(bot, ACME)
        await mention(bot, ACME, "what's on my calendar tomorrow")  # expires within 2 h: rotated first

        # Globex's admin approves, but the code is spent before the app exchanges it: oauth.v2.access fails
        started = await bot.http.get(bot.url + "/slack/install", allow_redirects=False)
        cookie = "; ".join(f"{name}={morsel.value}" for name, morsel in started.cookies.items())
        approved = await bot.http.get(
            started.headers["Location"], allow_redirects=False, headers={"Cookie": slack.sign_in(GLOBEX, REQUESTER_ID)}
        )
        callback = approved.headers["Location"]
        query = parse_qs(urlsplit(callback).query)
        code, state = query["code"][0], query["state"][0]
        auth = aiohttp.BasicAuth(CLIENT_ID, CLIENT_SECRET)
        async with bot.http.post(
            slack.base_url.rstrip("/") + "/oauth.v2.access", data={"code": code}, auth=auth
        ) as spent:
            assert (await spent.json())["ok"]
        failed = await bot.http.get(callback, allow_redirects=False, headers={"Cookie": cookie})
        assert failed.status == 401

    exchanges = slack.calls_to(OAUTH_ACCESS)
    assert [c.ok for c in exchanges] == [True, True, True, False]  # install, rotation, spent, the app's try
    secrets = {code, state, CLIENT_SECRET, STATE_SECRET}
    for call in exchanges[:2]:
        secrets |= {str(call.response[name]) for name in ("access_token", "refresh_token")}
    secrets |= set(slack.bot_tokens(ACME))
    logged = caplog.text
    assert "oauth.v2.access" in logged or "install" in logged  # the logs do speak of it
    for secret in secrets:
        assert secret not in logged
