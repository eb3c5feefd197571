"""Random SIGKILL under load: `planbot serve --http` is killed and restarted every few seconds while conversations
(mention → approve an email) flow; then every write and every plan is checked.

Run: `.venv/bin/python -m bench.random_kill [--flows 40] [--kills 10] [--every 1.0-3.0] [--postgres]`.
Loopback only (a fake Slack Web API from tests/slack/kit, the local workspace), bounded in flows, kills and time; it
stops by itself. Prints figures; asserts nothing.

The user in each conversation behaves as a person would: resends what the server did not take (a killed process
answers nothing), clicks Approve, and answers "did it go through?" by looking in the mailbox ("it went through" when
the email is there, else "run it again" and approve again). Figures: duplicate writes (an email sent more than once
for one request), plans by how they ended, and stuck plans: open plans that wait on no question (a plan waiting on a
question counts as waiting, whoever's turn it is).

Acknowledged requests: every request (a mention, a click, a reply in the thread) the server answered 200. Each is
answered when the bot said something about its thread after it was sent (a plan, a reply, an update of the plan
message), lost otherwise; duplicates are plans made twice for one request (two plans in one thread) and emails sent
twice for one request. Target: 0 lost, 0 duplicates.
"""

import argparse
import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

from bot.slack.state import MAX_ATTEMPTS
from integrations.base.arguments import FetchEmailsArgs
from integrations.local import open_workspace
from tests.postgres import find_bin_dir, start_cluster
from tests.replicas.harness import PLANBOT, ROOT, environment, free_port
from tests.slack.kit.fake_web_api import FakeSlackWebApi
from tests.slack.kit.payloads import (
    CHANNEL_ID,
    DEMO_USERS,
    app_mention_event,
    block_actions_body,
    channel_thread_message_event,
    json_body,
)
from tests.slack.kit.signing import SIGNING_SECRET, post_signed

LEASE_SECONDS = 2
FLOW_SECONDS = 150.0  # a conversation gives up after this long
SETTLE_SECONDS = 30.0  # after the last kill: time for restarts, leases and sweeps to bring every plan to rest
REASK_SECONDS = 15.0  # how long a person waits for any answer before asking (or clicking) again
UNKNOWN = "cannot tell whether it went through"
ANSWERS: Counter[str] = Counter()  # how the people answered "did it go through?"


class Server:
    """One `planbot serve --http` on a fixed port, killed and started again by the bench."""

    def __init__(self, env: dict[str, str], folder: Path, http: aiohttp.ClientSession) -> None:
        self.env, self.folder, self.http = env, folder, http
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.answers: Counter[str] = Counter()  # HTTP statuses (or errors) of every delivery attempt

    async def start(self) -> float:
        """Start and wait until ready; returns how long that took."""
        began = time.monotonic()
        self.starts += 1
        log = (self.folder / f"serve-{self.starts}.log").open("wb")
        command = [str(PLANBOT), "serve", "--http", "--host", "127.0.0.1", "--port", str(self.port)]
        self.process = subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        while time.monotonic() - began < 60:
            if self.process.poll() is not None:
                raise SystemExit(f"planbot serve exited; see {log.name}")
            try:
                async with self.http.get(self.url + "/readyz") as response:
                    if response.status == 200:
                        return time.monotonic() - began
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.05)
        raise SystemExit("planbot serve never became ready")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()

    async def send(self, body: dict[str, Any] | str, deadline: float) -> bool:
        """Deliver ``body`` as Slack would: again and again until the server answers 200 (or the deadline)."""
        text = json_body(body) if isinstance(body, dict) else body  # events are JSON, clicks a form
        while time.monotonic() < deadline:
            try:
                status, _ = await post_signed(self.http, self.url + "/slack/events", SIGNING_SECRET, text)
                self.answers[str(status)] += 1
                if status == 200:
                    return True
                if status < 500:
                    return False  # refused: sending it again would not help
            except (TimeoutError, aiohttp.ClientError) as error:
                self.answers[type(error).__name__] += 1
            await asyncio.sleep(0.2)
        return False


class Thread:
    """What the bot said about one request (its thread, and the private approval cards naming its code)."""

    def __init__(self, slack: FakeSlackWebApi, root: str, code: str) -> None:
        self.slack, self.root, self.code = slack, root, code
        self.response_keys: set[str] = set()  # answers to this request's clicks come through these

    def texts(self) -> list[str]:
        return [str(c.args.get("text", "")) for c in self.slack.calls if self.about(c)]

    def about(self, call: Any, plan_ts: str | None = None) -> bool:
        """Whether the bot said ``call`` in this thread (or, given its ``ts``, updated the plan message)."""
        in_thread = call.method in ("chat.postMessage", "chat.postEphemeral", "chat.update")
        return (
            (in_thread and str(call.args.get("thread_ts") or "") == self.root)
            or (call.method == "response_url" and call.args.get("key") in self.response_keys)
            or (plan_ts is not None and call.method == "chat.update" and call.args.get("ts") == plan_ts)
        )

    def said_since(self, mark: int) -> bool:
        """Whether the bot said anything about this thread in the calls from index ``mark`` on."""
        plan_ts = self.plan_ts()
        return any(self.about(call, plan_ts) for call in self.slack.calls[mark:])

    def _response_url(self) -> str:
        url = self.slack.response_url()
        self.response_keys.add(url.rsplit("/", 1)[1])
        return url

    def plan_ts(self) -> str | None:
        for call in self.slack.calls:
            text = str(call.args.get("text", ""))
            in_thread = call.method == "chat.postMessage" and call.args.get("thread_ts") == self.root
            if in_thread and call.response and text.startswith("Plan"):
                return str(call.response["ts"])
        return None

    def approve_click(self, user: str) -> tuple[str, str] | None:
        """(button value, the click's body) for the latest Approve button of this request, if any."""
        for call in reversed(self.slack.calls):
            blocks = json.dumps(call.args.get("blocks") or [])
            if call.method == "chat.postEphemeral" and "step_approve" in blocks and self.code in blocks.lower():
                value = _approve_value(call.args.get("blocks"))
                if value and call.response:
                    body = block_actions_body(
                        action_id="step_approve",
                        value=value,
                        user_id=user,
                        message_ts=str(call.response.get("message_ts", "")),
                        thread_ts=self.root,
                        is_ephemeral=True,
                        response_url=self._response_url(),
                    )
                    return value, body
        ts = self.plan_ts()
        value = _approve_value((self.slack.message(CHANNEL_ID, ts) or {}).get("blocks") if ts else None)
        if ts and value:
            url = self._response_url()
            return value, block_actions_body(
                action_id="step_approve", value=value, user_id=user, message_ts=ts, response_url=url
            )
        return None

    def count(self, fragment: str) -> int:
        return sum(fragment in text for text in self.texts())

    def finished(self) -> bool:
        """The person knows the email went: the plan finished, or said so when asked again."""
        return any("Finished" in text or "already done" in text or "✅" in text for text in self.texts())


@dataclass(frozen=True)
class Acked:
    """A request the server answered 200: what it was, its thread, and how many Web API calls came before it."""

    kind: str
    thread: Thread
    mark: int


def _approve_value(blocks: Any) -> str | None:
    for block in blocks or []:
        for element in block.get("elements", []) if block.get("type") == "actions" else []:
            if element.get("action_id") == "step_approve":
                return str(element.get("value"))
    return None


async def sent_count(data_dir: Path, code: str) -> int:
    workspace = open_workspace(data_dir / "workspace.sqlite3")
    try:
        found = await workspace.call("fetch_emails", FetchEmailsArgs(query=code, limit=50))
    finally:
        workspace.close()
    return sum(code in json.dumps(message).lower() for message in found)


async def conversation(
    n: int,
    run: str,
    slack: FakeSlackWebApi,
    server: Server,
    data_dir: Path,
    codes: list[str],
    acked: list[Acked],
    *,
    start_after: float = 0.0,
) -> str:
    """One person's request, driven until it finished (or the time is up); returns how it ended for them. Each
    time they ask (again) goes into ``codes``: the text their email carries; each request answered 200 into
    ``acked``."""

    async def send(kind: str, body: dict[str, Any] | str, on: Thread) -> None:
        mark = len(slack.calls)
        if await server.send(body, deadline):
            acked.append(Acked(kind, on, mark))

    await asyncio.sleep(start_after)
    deadline = time.monotonic() + FLOW_SECONDS
    user = DEMO_USERS[n % len(DEMO_USERS)].id
    asked_at = 0.0
    code = ""
    thread: Thread | None = None
    clicked: dict[str, float] = {}  # approve button value -> when it was last clicked
    answered = 0
    while time.monotonic() < deadline:
        if thread is None or (not thread.texts() and time.monotonic() - asked_at > REASK_SECONDS):
            # no word in the thread for a while: the request was lost with a killed process; ask again
            code = f"rk{run}n{n:03d}a{len(codes):02d}"  # fixed width: no code is the start of another
            codes.append(code)
            mention = app_mention_event(f"email priya.shah@example.com saying {code}", user_id=user)
            thread, asked_at = Thread(slack, mention["event"]["ts"], code), time.monotonic()
            await send("request", mention, thread)
            continue
        if thread.finished():
            return "finished"
        if thread.count(UNKNOWN) > answered:
            answered = thread.count(UNKNOWN)
            went = await sent_count(data_dir, code) > 0
            text = "it went through" if went else "run it again"
            ANSWERS[text] += 1
            clicked.clear()  # run again: the same button is approved anew
            await send("reply", channel_thread_message_event(text, thread_ts=thread.root, user_id=user), thread)
            continue
        click = thread.approve_click(user)
        if click and time.monotonic() - clicked.get(click[0], -REASK_SECONDS) > REASK_SECONDS:
            clicked[click[0]] = time.monotonic()  # clicked again if nothing came of it for a while
            await send("click", click[1], thread)
            continue
        await asyncio.sleep(0.2)
    last = thread.texts()[-1][:80] if thread is not None and thread.texts() else "nothing"
    print(f"  conversation {n} timed out ({', '.join(codes)}); the bot's last word: {last!r}")
    return "timed out"


def inbox_left(location: str) -> tuple[int, int]:
    """(acknowledged requests not processed yet that will be tried again, those given up after their attempts)."""
    query = (
        f"SELECT coalesce(sum(CASE WHEN attempts < {MAX_ATTEMPTS} THEN 1 ELSE 0 END), 0), "
        f"coalesce(sum(CASE WHEN attempts >= {MAX_ATTEMPTS} THEN 1 ELSE 0 END), 0) "
        "FROM seen_events WHERE processed_at IS NULL AND payload IS NOT NULL"
    )
    if location.startswith("postgresql://"):
        import psycopg

        try:
            with psycopg.connect(location) as connection:
                row = connection.execute(query).fetchone()
        except psycopg.errors.UndefinedColumn:  # a planbot from before the inbox
            return 0, 0
    else:
        try:
            with sqlite3.connect(location) as db:
                row = db.execute(query).fetchone()
        except sqlite3.OperationalError:  # a planbot from before the inbox
            return 0, 0
        finally:
            db.close()
    return (int(row[0]), int(row[1])) if row else (0, 0)


def plan_states(location: str) -> tuple[Counter[str], list[str], int, int]:
    """(closed plans by state, the threads of open plans waiting on a question, open plans waiting on nothing,
    plans made twice: more than one in a thread, where each conversation's request makes one)."""
    if location.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(location) as connection:
            rows = connection.execute("SELECT state, open, data, thread_key FROM sessions").fetchall()
    else:
        with sqlite3.connect(location) as db:
            query = "SELECT state, open, data, thread_key FROM sessions"
            rows = [(s, bool(o), json.loads(d), t) for s, o, d, t in db.execute(query)]
    closed: Counter[str] = Counter(state for state, is_open, _, _ in rows if not is_open)
    waiting = [thread for _, is_open, data, thread in rows if is_open and data.get("question")]
    stuck = sum(1 for _, is_open, data, _ in rows if is_open and not data.get("question"))
    per_thread = Counter(thread for _, _, _, thread in rows)
    return closed, waiting, stuck, sum(count - 1 for count in per_thread.values() if count > 1)


async def one_run(args: argparse.Namespace, run: str, folder: Path, database_url: str) -> None:
    data_dir = folder / "data"
    async with FakeSlackWebApi(users=DEMO_USERS) as slack, aiohttp.ClientSession() as http:
        env = environment(
            database_url,
            data_dir,
            slack.base_url,
            PLANBOT_MAX_PLANS_PER_HOUR="0",
            PLANBOT_CLAIM_LEASE_SECONDS=str(LEASE_SECONDS),
        )
        server = Server(env, folder, http)
        await server.start()
        rng = random.Random(args.seed)
        ramp = args.kills * sum(args.every) / 2  # conversations start all through the kills
        codes: list[list[str]] = [[] for _ in range(args.flows)]
        acked: list[Acked] = []
        flows = [
            asyncio.create_task(
                conversation(n, run, slack, server, data_dir, codes[n], acked, start_after=ramp * n / args.flows)
            )
            for n in range(args.flows)
        ]
        restarts: list[float] = []
        started = time.monotonic()
        for _ in range(args.kills):
            await asyncio.sleep(rng.uniform(args.every_min, args.every_max))
            if all(flow.done() for flow in flows):
                break
            server.kill()
            restarts.append(await server.start())
        killed_for = time.monotonic() - started
        ended = await asyncio.wait_for(asyncio.gather(*flows), FLOW_SECONDS + SETTLE_SECONDS)
        await asyncio.sleep(LEASE_SECONDS * 2)  # the last sweeps
        state = database_url or str(data_dir / "slack.sqlite3")
        settle_by = time.monotonic() + SETTLE_SECONDS
        while inbox_left(state)[0] and time.monotonic() < settle_by:  # acknowledged requests still being processed
            await asyncio.sleep(0.5)
        still_to_process, given_up = inbox_left(state)
        server.stop()
        answers = dict(server.answers)
        said_in = {str(c.args.get("thread_ts")) for c in slack.calls if c.args.get("thread_ts")}
        unanswered = Counter(ack.kind for ack in acked if not ack.thread.said_since(ack.mark))
    location = database_url or str(data_dir / "plans.sqlite3")
    closed, waiting, stuck, plans_twice = plan_states(location)
    unseen = sum(1 for thread in waiting if thread.rsplit(":", 1)[-1] not in said_in)
    asked = [code for per_flow in codes for code in per_flow]
    counts = [await sent_count(data_dir, code) for code in asked]  # one request, one plan, one approved step
    duplicates = sum(count - 1 for count in counts if count > 1)
    outcome = Counter(ended)
    median_restart = sorted(restarts)[len(restarts) // 2] if restarts else 0.0
    print(f"run {run}: {len(restarts)} kills in {killed_for:.0f} s (restart to ready p50 {median_restart:.1f} s)")
    print(
        f"  conversations: {outcome['finished']} finished, {outcome['timed out']} timed out; "
        f"{len(asked)} requests ({len(asked) - args.flows} asked again after no answer); "
        f"emails sent {sum(counts)}, duplicate writes {duplicates}, requests with no email {counts.count(0)}"
    )
    lost = sum(unanswered.values())
    kinds = Counter(ack.kind for ack in acked)
    print(
        f"  acknowledged (answered 200): {len(acked)} ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}); "
        f"answered {len(acked) - lost}, lost {lost}{f' ({dict(unanswered)})' if lost else ''}; "
        f"duplicates {plans_twice + duplicates} (plans made twice {plans_twice}, emails sent twice {duplicates}); "
        f"left in the inbox: {still_to_process} still to process, {given_up} given up"
    )
    print(f"  deliveries to the server: {answers}; did-it-go-through questions answered: {dict(ANSWERS)}")
    ANSWERS.clear()
    print(
        f"  plans: {sum(closed.values())} closed ({', '.join(f'{k} {v}' for k, v in sorted(closed.items()))}), "
        f"{len(waiting)} waiting on a question ({unseen} of them never shown in Slack), stuck {stuck}"
    )


async def main(args: argparse.Namespace) -> None:
    cluster = None
    if args.postgres:
        bin_dir = find_bin_dir()
        if bin_dir is None:
            raise SystemExit("PostgreSQL binaries not found under /usr/lib/postgresql/*/bin")
        cluster = start_cluster(bin_dir)
    try:
        for run in range(1, args.runs + 1):
            url = cluster.create_database() if cluster is not None else ""
            if args.keep:
                folder = tempfile.mkdtemp(dir=args.keep)
                await one_run(args, str(run), Path(folder), url)
                print(f"  kept in {folder}")
                continue
            with tempfile.TemporaryDirectory() as folder:
                await one_run(args, str(run), Path(folder), url)
    finally:
        if cluster is not None:
            cluster.stop()


def _range(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    return float(low), float(high or low)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flows", type=int, default=40, help="conversations (each one email request)")
    parser.add_argument("--kills", type=int, default=10, help="SIGKILLs at most")
    parser.add_argument("--every", type=_range, default=(1.0, 3.0), help="seconds between kills, e.g. 1.0-3.0")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL instead of SQLite")
    parser.add_argument("--keep", help="keep each run's folder (logs, stores) under this folder")
    parsed = parser.parse_args()
    parsed.every_min, parsed.every_max = parsed.every
    asyncio.run(main(parsed))
