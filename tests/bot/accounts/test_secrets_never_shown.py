"""Secrets: the key is required once an account is stored (start refuses, with a sentence, not a traceback); a wrong
key is named as such; and through a whole Slack flow on a connected account (a real Radicale calendar, read and
written over signed HTTP), neither the account's password nor the key nor Slack's own secrets appear in the logs,
the audit records, the metrics or any message Slack was sent."""

import asyncio
import base64
import json
import logging
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from pydantic import SecretStr

from bot.cli import main
from tests.bot.accounts.conftest import SECRET_KEY
from tests.bot.accounts.test_identity import put_event
from tests.integrations.calendar.radicale import USERS, Radicale
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.payloads import BOT_TOKEN, TEAM_ID, block_actions_body, dm_channel_id, im_message_event
from tests.slack.kit.signing import SIGNING_SECRET
from tests.slack.test_scenarios import JOHN, buttons

LOGIN = "ann"
PASSWORD = USERS[LOGIN]


def connect_calendar(radicale: Radicale, *, user: str = JOHN) -> Result:
    url = radicale.new_calendar(LOGIN)
    args = ["accounts", "connect", "caldav", "--user", user, "--team", TEAM_ID, "--url", url]
    return CliRunner().invoke(main, [*args, "--username", LOGIN, "--password-stdin"], input=f"{PASSWORD}\n")


def start(*command: str) -> Result:
    return CliRunner().invoke(main, list(command))


@pytest.mark.parametrize("command", [("serve", "--http", "--port", "0"), ("chat", "--script", "-")])
def test_with_accounts_stored_start_refuses_without_the_key_or_with_a_wrong_one(
    command: tuple[str, ...],
    radicale: Radicale,
    planbot_env: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SLACK_BOT_TOKEN", BOT_TOKEN)
    monkeypatch.setenv("SLACK_SIGNING_SECRET", SIGNING_SECRET)
    monkeypatch.setenv("SLACK_API_URL", "http://127.0.0.1:9/api/")  # never reached: start stops before
    assert connect_calendar(radicale).exit_code == 0
    monkeypatch.delenv("PLANBOT_SECRET_KEY")
    unset = start(*command)
    assert unset.exit_code == 1 and "accounts are stored, but PLANBOT_SECRET_KEY is not set" in unset.output
    monkeypatch.setenv("PLANBOT_SECRET_KEY", "a-different-secret-key-of-enough-length-42")
    wrong = start(*command)
    assert wrong.exit_code == 1 and "cannot be opened with PLANBOT_SECRET_KEY" in wrong.output
    assert "PLANBOT_OLD_SECRET_KEYS" in wrong.output  # what to do after changing it
    monkeypatch.setenv("PLANBOT_SECRET_KEY", "short")
    short = start(*command)
    assert short.exit_code == 1 and "at least 32 characters" in short.output
    for result in (unset, wrong, short):
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "Traceback" not in result.output and PASSWORD not in result.output


def test_accounts_list_names_a_wrong_key_and_never_shows_the_secret(
    radicale: Radicale, planbot_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert connect_calendar(radicale).exit_code == 0
    listed = start("accounts", "list")
    assert listed.exit_code == 0 and f"{JOHN}\tcalendar\tcaldav\t{LOGIN}" in listed.output
    assert PASSWORD not in listed.output and SECRET_KEY not in listed.output
    monkeypatch.setenv("PLANBOT_SECRET_KEY", "a-different-secret-key-of-enough-length-42")
    wrong = start("accounts", "list")
    assert wrong.exit_code == 1 and "cannot be opened with PLANBOT_SECRET_KEY" in wrong.output
    assert "Traceback" not in wrong.output


async def test_a_whole_slack_flow_on_a_connected_account_shows_no_secret_anywhere(
    radicale: Radicale, planbot_env: dict[str, str], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    calendar = radicale.new_calendar(LOGIN)
    mark = uuid.uuid4().hex[:8]
    put_event(radicale, calendar, LOGIN, f"Roadmap review {mark}")
    options = {"secret_key": SecretStr(SECRET_KEY), "calendar": "caldav"}
    async with running_bot(tmp_path, **options) as bot:
        accounts = bot.service.app.accounts
        assert accounts is not None
        credentials = {"url": calendar, "username": LOGIN, "password": PASSWORD}
        await accounts.save(
            team=TEAM_ID, user=JOHN, kind="calendar", service="caldav", label=LOGIN, credentials=credentials
        )
        read = im_message_event("what's on my calendar on Thursday?", user_id=JOHN)
        await bot.send(read)
        await bot.slack.wait_for("chat.postMessage", lambda c: mark in json.dumps(c.args))  # read from Radicale
        write = im_message_event("book 30 minutes with Priya on Thursday at 2pm", user_id=JOHN)
        await bot.send(write)
        approve = await approval_button(bot, write["event"]["ts"])
        await bot.send(approve)
        await bot.slack.wait_for(
            "chat.postMessage",
            lambda c: c.args.get("thread_ts") == write["event"]["ts"] and "Finished" in str(c.args.get("text")),
            timeout=15,
        )
        status, _ = radicale.send("GET", calendar, user=LOGIN)
        assert status == 200
        async with bot.http.get(bot.url + "/metrics") as response:
            metrics = await response.text()
        audit = json.dumps([entry.model_dump(mode="json") for entry in await bot.service.app.store.audit()])
        slack = json.dumps([[call.method, call.args] for call in bot.slack.calls])
    # each holds the flow: the event written, what was read, the counts
    assert "create_calendar_event" in audit and mark in audit and mark in slack
    assert "planbot_engine_events_total" in metrics
    basic = base64.b64encode(f"{LOGIN}:{PASSWORD}".encode()).decode()
    for secret in (PASSWORD, basic, SECRET_KEY, BOT_TOKEN, SIGNING_SECRET):
        for where, text in (("logs", caplog.text), ("audit", audit), ("metrics", metrics), ("Slack", slack)):
            assert secret not in text, f"a secret in the {where}"


async def approval_button(bot: Bot, thread_ts: str, *, user: str = JOHN) -> str:
    """``user``'s click on Approve of the plan in ``thread_ts``, a thread of their DM with the bot."""
    channel = dm_channel_id(user)
    for _ in range(400):
        for (where, ts), message in list(bot.slack.messages.items()):
            if where == channel and message.get("thread_ts") == thread_ts:
                value = buttons(message).get("step_approve")
                if value:
                    return block_actions_body(
                        action_id="step_approve", value=value, user_id=user, channel_id=channel, message_ts=ts
                    )
        await asyncio.sleep(0.025)
    raise AssertionError("no Approve button in the thread")
