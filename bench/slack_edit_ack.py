"""How long Slack waits for the Edit form's Save to be acknowledged while the CRM answers slowly.

Run: `.venv/bin/python -m bench.slack_edit_ack [--delay 4] [--runs 5]`. Prints figures; asserts nothing.
Everything runs on 127.0.0.1: the Slack stand-in (tests/slack/kit), planbot's HTTP app with the workspace's CRM on
the HubSpot stand-in (tests/integrations/crm) answering every call after ``--delay`` seconds. Each run mentions the
bot ("email priya.shah@example.com saying ..."), opens Edit, types a person's name in To (a name the CRM is asked
about), and times the HTTP answer to the submission (Slack shows an error past 3 s) and the moment the new approval
card arrives.
"""

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
from pydantic import SecretStr

from bot.serve import build_service, http_app
from bot.settings import Settings
from bot.slack.declared import EVENTS_PATH
from tests.fakes import ManualClock
from tests.integrations.crm.hubspot_fake import FakeHubSpot, running
from tests.slack.kit.fake_web_api import FakeSlackWebApi, serve_locally
from tests.slack.kit.payloads import (
    BOT_TOKEN,
    DEMO_USERS,
    TEAM_ID,
    app_mention_event,
    block_actions_body,
    json_body,
    plain_text_value,
    view_submission_body,
)
from tests.slack.kit.signing import SIGNING_SECRET, post_signed

KEY = "bench-secret-key-for-the-edit-ack-figure-0123456789"
JOHN = "U0JOHN"


async def one_run(http: aiohttp.ClientSession, url: str, slack: FakeSlackWebApi, n: int) -> tuple[float, float]:
    mention = app_mention_event(f"email priya.shah@example.com saying zebra-bench-{n}", user_id=JOHN)
    await post_signed(http, url + EVENTS_PATH, SIGNING_SECRET, json_body(mention))
    root = mention["event"]["ts"]

    def card(call: Any) -> bool:
        return "step_edit" in json.dumps(call.args.get("blocks")) and f"zebra-bench-{n}" in json.dumps(call.args)

    cards = await slack.wait_for("chat.postMessage", card, timeout=60)
    value = next(
        e["value"]
        for b in cards[-1].args["blocks"]
        if b.get("type") == "actions"
        for e in b["elements"]
        if e.get("action_id") == "step_edit"
    )
    opened = len(slack.calls_to("views.open"))
    click = block_actions_body(action_id="step_edit", value=value, user_id=JOHN, message_ts=root)
    await post_signed(http, url + EVENTS_PATH, SIGNING_SECRET, click)
    view = (await slack.wait_for("views.open", count=opened + 1, timeout=60))[-1].args["view"]
    values = {
        b["block_id"]: {"value": plain_text_value(b["element"].get("initial_value"))}
        for b in view["blocks"]
        if b["type"] == "input"
    }
    values["to"]["value"] = plain_text_value("Dana Zebra")  # a name: looked up in the CRM
    before = len(slack.calls_to("chat.postMessage"))
    body = view_submission_body(
        callback_id=view["callback_id"], values=values, private_metadata=view["private_metadata"], user_id=JOHN
    )
    t0 = time.perf_counter()
    status, _ = await post_signed(http, url + EVENTS_PATH, SIGNING_SECRET, body)
    acked = time.perf_counter() - t0
    if status != 200:
        print(f"  run {n}: Slack got HTTP {status} after {acked:.2f} s")
    while not any(
        "step_approve" in json.dumps(c.args.get("blocks")) for c in slack.calls_to("chat.postMessage")[before:]
    ):
        if time.perf_counter() - t0 > 20:
            return acked, float("nan")  # the edit never came back
        await asyncio.sleep(0.02)
    return acked, time.perf_counter() - t0


async def main(delay: float, runs: int) -> None:
    hubspot = FakeHubSpot()
    hubspot.store.add("contacts", {"firstname": "Dana", "lastname": "Zebra", "email": "dana.zebra@example.com"})
    async with running(hubspot) as crm_url, FakeSlackWebApi(users=DEMO_USERS) as slack:
        with tempfile.TemporaryDirectory() as data:
            settings = Settings(
                data_dir=Path(data),
                slack_bot_token=SecretStr(BOT_TOKEN),
                slack_signing_secret=SecretStr(SIGNING_SECRET),
                slack_api_url=slack.base_url,
                crm="hubspot",
                secret_key=SecretStr(KEY),
                public_url="https://planbot.example.com",
                oauth_hubspot_client_id="hubspot-client",
                oauth_hubspot_client_secret=SecretStr("hubspot-client-secret"),
                oauth_hubspot_base_url=crm_url,
                oauth_hubspot_api_url=crm_url,
            )
            service = await build_service(settings, "http", "America/New_York", ManualClock())
            try:
                accounts = service.app.accounts
                assert accounts is not None
                await accounts.save(
                    team=TEAM_ID, user="", kind="crm", service="hubspot", label="Bench HubSpot",
                    credentials={"refresh_token": hubspot.refresh_token},
                )  # fmt: skip
                hubspot.delay = delay
                async with serve_locally(http_app(service)) as url, aiohttp.ClientSession() as http:
                    figures = [await one_run(http, url, slack, n) for n in range(runs)]
            finally:
                await service.close()
    acks = [a for a, _ in figures]
    done = [d for _, d in figures]
    print(f"CRM answering after {delay:.1f} s, {runs} Edit saves:")
    print(f"  Save acknowledged: median {statistics.median(acks) * 1000:.0f} ms, max {max(acks) * 1000:.0f} ms")
    print(f"  new approval card: median {statistics.median(done):.2f} s, max {max(done):.2f} s")
    print(f"  requests to the CRM: {len(hubspot.requests)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--delay", type=float, default=4.0)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    asyncio.run(main(options.delay, options.runs))
