"""Two real `planbot serve --http` processes on one PostgreSQL: nothing lost, nothing done twice."""

import asyncio
import json
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from integrations.base.arguments import FetchEmailsArgs
from integrations.local import open_workspace
from tests.replicas.harness import PLANBOT, Replica, environment, replicas
from tests.slack.kit.fake_web_api import FakeSlackWebApi
from tests.slack.kit.payloads import (
    CHANNEL_ID,
    DEMO_USERS,
    app_mention_event,
    block_actions_body,
    channel_thread_message_event,
)

JOHN = "U0JOHN"


@pytest.fixture
async def cluster(postgres_url: str, tmp_path: Path) -> AsyncIterator[tuple[FakeSlackWebApi, list[Replica], dict]]:
    async with FakeSlackWebApi(users=DEMO_USERS) as slack:
        env = environment(postgres_url, tmp_path / "data", slack.base_url, PLANBOT_MAX_PLANS_PER_HOUR="3")
        async with replicas(2, env, tmp_path) as running:
            yield slack, running, env


def buttons(message: dict[str, Any] | None) -> dict[str, str]:
    found: dict[str, str] = {}
    for block in (message or {}).get("blocks") or []:
        if block.get("type") == "actions":
            for element in block.get("elements", []):
                found[element["action_id"]] = element.get("value", "")
    return found


async def plan_ts(slack: FakeSlackWebApi, root: str) -> str:
    [call] = await slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("thread_ts") == root and str(c.args.get("text", "")).startswith("Plan"),
        timeout=20,
    )
    return str(call.response["ts"])


async def approve_button(slack: FakeSlackWebApi, ts: str, previous: str | None = None) -> str:
    for _ in range(400):
        value = buttons(slack.message(CHANNEL_ID, ts)).get("step_approve")
        if value and value != previous:
            return value
        await asyncio.sleep(0.05)
    raise AssertionError(f"no approve button on {slack.message(CHANNEL_ID, ts)}")


async def wait_text(slack: FakeSlackWebApi, root: str, fragment: str, timeout: float = 20) -> None:
    await slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("thread_ts") == root and fragment in str(c.args.get("text", "")),
        timeout=timeout,
    )


async def sent_emails(env: dict[str, str], code: str) -> list[dict[str, Any]]:
    workspace = open_workspace(Path(env["PLANBOT_DATA_DIR"]) / "workspace.sqlite3")
    try:
        return list(await workspace.call("fetch_emails", FetchEmailsArgs(query=code)))
    finally:
        workspace.close()


def click(value: str, ts: str, user: str = JOHN) -> str:
    return block_actions_body(action_id="step_approve", value=value, user_id=user, message_ts=ts)


async def test_the_same_event_at_both_replicas_makes_one_plan(cluster):
    slack, (a, b), _ = cluster
    mention = app_mention_event("what's on my calendar tomorrow", user_id=JOHN)
    statuses = await asyncio.gather(a.send(mention), b.send(mention))
    assert [s for s, _ in statuses] == [200, 200]
    root = mention["event"]["ts"]
    await wait_text(slack, root, "Finished")
    await asyncio.sleep(1)
    plans = [
        c
        for c in slack.calls_to("chat.postMessage")
        if c.args.get("thread_ts") == root and str(c.args.get("text", "")).startswith("Plan")
    ]
    assert len(plans) == 1


async def test_the_same_click_at_both_replicas_runs_the_step_once(cluster):
    slack, (a, b), env = cluster
    mention = app_mention_event("email priya.shah@example.com saying replica-code-1", user_id=JOHN)
    await a.send(mention)
    ts = await plan_ts(slack, mention["event"]["ts"])
    value = await approve_button(slack, ts)
    body = click(value, ts)
    await asyncio.gather(a.send(body), b.send(body))
    await wait_text(slack, mention["event"]["ts"], "Finished")
    await asyncio.sleep(1)
    assert len(await sent_emails(env, "replica-code-1")) == 1


async def test_a_killed_replica_leaves_the_plan_to_the_other(cluster):
    slack, (a, b), env = cluster
    mention = app_mention_event("email priya.shah@example.com the launch notes", user_id=JOHN)
    root = mention["event"]["ts"]
    await a.send(mention)
    ts = await plan_ts(slack, root)
    await wait_text(slack, root, "What text of the email")
    await a.send(channel_thread_message_event("replica-code-2 is the body", thread_ts=root, user_id=JOHN))
    value = await approve_button(slack, ts)
    a.kill()
    status, _ = await b.send(click(value, ts))
    assert status == 200
    await wait_text(slack, root, "Finished")
    assert len(await sent_emails(env, "replica-code-2")) == 1


async def test_events_of_one_thread_at_both_replicas_apply_in_order(cluster):
    slack, (a, b), env = cluster
    mention = app_mention_event("email priya.shah@example.com the launch notes", user_id=JOHN)
    root = mention["event"]["ts"]
    await a.send(mention)
    await wait_text(slack, root, "What text of the email")
    answer = channel_thread_message_event("replica-code-3 body", thread_ts=root, user_id=JOHN)
    cancel = channel_thread_message_event("cancel", thread_ts=root, user_id=JOHN)
    await asyncio.gather(b.send(cancel), a.send(answer))  # the later event may arrive first
    await wait_text(slack, root, "Cancelled the plan")
    trail = audit(env, thread=f"slack:T0PLANBOT:{CHANNEL_ID}:{root}")
    actions = [entry["action"] for entry in trail]
    assert actions.index("answered") < actions.index("cancelled")


async def test_the_per_user_rate_limit_holds_across_replicas(cluster):
    slack, (a, b), _ = cluster
    for n, replica in enumerate([a, b, a]):
        mention = app_mention_event(f"email priya.shah@example.com about limit {n}", user_id="U0TOM")
        await replica.send(mention)
        await wait_text(slack, mention["event"]["ts"], "What text")
    fourth = app_mention_event("email priya.shah@example.com about limit 4", user_id="U0TOM")
    await b.send(fourth)
    [refusal] = await slack.wait_for("chat.postEphemeral", lambda c: c.args.get("user") == "U0TOM", timeout=20)
    assert "the limit is 3" in str(refusal.args.get("text"))


async def test_audit_shows_every_decision_of_a_flow(cluster):
    slack, (a, b), env = cluster
    mention = app_mention_event("email priya.shah@example.com the launch notes", user_id=JOHN)
    root = mention["event"]["ts"]
    await a.send(mention)
    ts = await plan_ts(slack, root)
    await wait_text(slack, root, "What text of the email")
    await b.send(channel_thread_message_event("replica-code-4", thread_ts=root, user_id=JOHN))
    value = await approve_button(slack, ts)
    await a.send(click(value, ts, user="U0MARIA"))  # someone else: refused
    # the refusal is told before John clicks (a person not yet looked up is handled just after the ack)
    await slack.wait_for("chat.postEphemeral", lambda c: c.args.get("user") == "U0MARIA", timeout=20)
    await b.send(click(value, ts))
    await wait_text(slack, root, "Finished")
    trail = audit(env, thread=f"slack:T0PLANBOT:{CHANNEL_ID}:{root}")
    assert [e["action"] for e in trail] == ["asked", "planned", "answered", "refused", "approved", "ran"]
    approved = next(e for e in trail if e["action"] == "approved")
    assert approved["actor"] == JOHN and approved["detail"]["arguments"]["to"] == ["priya.shah@example.com"]
    assert next(e for e in trail if e["action"] == "refused")["actor"] == "U0MARIA"


def audit(env: dict[str, str], *, thread: str) -> list[dict[str, Any]]:
    done = subprocess.run(
        [str(PLANBOT), "audit", "--thread", thread, "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
