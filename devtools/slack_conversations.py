"""Run held-out conversations over signed Slack HTTP, as a person in a DM with the bot, and check the workspace.

The same conversation files and workspace checks as :mod:`devtools.conversations` (``turns``, ``expect``). For each
conversation the real app is served as ``planbot serve --http`` serves it, on 127.0.0.1, on a fresh data folder, with
the Slack stand-in of the tests (``tests.slack.kit``: one workspace whose one person is in New York, with the
address you@example.com) and the clock at Monday 2 March 2026, 09:00 New York. The first turn is a direct message to
the bot, every other one a reply in the DM thread the bot answers in, typed as written; with ``--click-approvals`` a
turn that is only an approval word ("yes", "lgtm", ...) is a click on the Approve button of the latest card instead.
After each turn the runner waits until the bot is quiet (no listener running, no Web API call for a moment; at most
a minute).

Run: ``PYTHONPATH=. .venv/bin/python -m devtools.slack_conversations checks/conversations_a [--click-approvals]
[--show N] [--only ca07] [--channel]`` (``--channel``: the first turn mentions the bot in a channel, the others
reply in its thread). Prints one line per conversation and the total; asserts nothing.
"""

import argparse
import asyncio
import json
import logging
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.slack.declared import ACTION_IDS
from devtools.conversations import Outcome, check, chosen, read_turns, report
from tests.slack.kit.fake_web_api import SlackCall
from tests.slack.kit.payloads import (
    BOT_USER_ID,
    SlackUser,
    app_mention_event,
    block_actions_body,
    channel_thread_message_event,
    dm_channel_id,
    im_message_event,
)
from tests.slack.kit.running import Bot, running_bot

PERSON = SlackUser("U0YOU", "you", "You", "you@example.com", "America/New_York")
# the words the terminal chat takes as an approval; test tooling, not the product's reading of replies
APPROVAL_WORDS = frozenset(("yes", "ok", "go ahead", "approve", "send it", "lgtm", "looks good", "do it", "confirm"))
SEEN = ("chat.postMessage", "chat.update", "chat.postEphemeral", "views.open", "response_url")
QUIET_SECONDS = 0.4  # no Web API call and no listener running for this long: the bot has answered
TURN_SECONDS = 60.0  # the most a turn is waited for


@dataclass(frozen=True)
class Card:
    """A message of the bot's offering Approve: where it is, and what the button carries."""

    channel: str
    ts: str
    value: str
    message: dict[str, Any] | None  # as Slack echoes it in a click (None: ephemeral, not echoed)
    thread_ts: str | None


def approve_value(blocks: object) -> str | None:
    """The value of the Approve button among ``blocks``, if there is one."""
    for block in blocks if isinstance(blocks, list) else []:
        for element in block.get("elements", []) if block.get("type") == "actions" else []:
            if element.get("type") == "button" and element.get("action_id") == ACTION_IDS["approve"]:
                return str(element.get("value", ""))
    return None


def latest_card(bot: Bot, user_id: str) -> Card | None:
    """The newest message offering Approve to ``user_id`` (a message as it stands now, or a private card)."""
    for call in reversed(bot.slack.calls):
        if not call.ok:
            continue
        if call.method in ("chat.postMessage", "chat.update") and approve_value(call.args.get("blocks")):
            channel, ts = str(call.response.get("channel")), str(call.response.get("ts"))
            message = bot.slack.message(channel, ts)
            value = approve_value((message or {}).get("blocks"))
            thread = (message or {}).get("thread_ts")
            return None if value is None else Card(channel, ts, value, message, thread)
        if call.method == "chat.postEphemeral" and call.args.get("user") == user_id:
            value = approve_value(call.args.get("blocks"))
            if value is not None:
                ts = str(call.response.get("message_ts"))
                return Card(str(call.args.get("channel")), ts, value, None, call.args.get("thread_ts"))
    return None


def is_approval(turn: str) -> bool:
    return turn.strip().lower().rstrip(".!") in APPROVAL_WORDS


async def settle(bot: Bot, *, quiet: float = QUIET_SECONDS, limit: float = TURN_SECONDS) -> bool:
    """Wait until the bot is quiet; ``False`` if it was still busy after ``limit`` seconds."""
    deadline = time.monotonic() + limit
    seen, since = len(bot.slack.calls), time.monotonic()
    while time.monotonic() < deadline:
        await asyncio.sleep(0.05)
        if len(bot.slack.calls) != seen:
            seen, since = len(bot.slack.calls), time.monotonic()
        elif bot.service.inflight.running == 0 and time.monotonic() - since >= quiet:
            return True
    return False


def block_lines(blocks: object) -> list[str]:
    """The words of Block Kit blocks as a person reads them; buttons as ``[Label]``."""
    lines: list[str] = []
    for block in blocks if isinstance(blocks, list) else []:
        kind = block.get("type")
        if kind in ("section", "header") and isinstance(block.get("text"), dict):
            lines.append(str(block["text"].get("text", "")))
        for field in block.get("fields", []) if kind == "section" else []:
            lines.append(str(field.get("text", "")))
        if kind == "context":
            lines.append(" ".join(str(e.get("text", "")) for e in block.get("elements", []) if "text" in e))
        if kind == "actions":
            labels = [e.get("text", {}).get("text", "") for e in block.get("elements", []) if e.get("type") == "button"]
            lines.append(" ".join(f"[{label}]" for label in labels))
        if kind == "input" and isinstance(block.get("label"), dict):
            lines.append(f"{block['label'].get('text', '')}: ____")
    return [line for line in lines if line.strip()]


def seen_by_person(call: SlackCall, *, where: bool = False) -> list[str]:
    """What a call the bot made put in front of the person: its text, or its blocks' words when it has blocks; with
    ``where``, each message starts with who sees it (the channel, only the person, their DM with the bot)."""
    if call.method == "views.open":
        view = call.args.get("view") or {}
        title = (view.get("title") or {}).get("text", "")
        return [f"[form, only you] {title}", *block_lines(view.get("blocks"))]
    lines = block_lines(call.args.get("blocks")) or [str(call.args.get("text", ""))]
    if where:
        return [f"{audience(call)} {lines[0]}", *lines[1:]]
    if call.method == "chat.postMessage":
        return lines
    return [f"({call.method.removeprefix('chat.')}) {lines[0]}", *lines[1:]]


def audience(call: SlackCall) -> str:
    """Who sees what a call showed: everyone in the channel, only the person (an ephemeral message, a reply through
    the response URL), or the person in their DM with the bot."""
    channel = str(call.args.get("channel", ""))
    if call.method == "chat.postEphemeral" or call.method == "response_url":
        return "[only you]"
    if channel.startswith("D"):
        return "[your DM]"
    verb = "updated" if call.method == "chat.update" else "posted"
    return f"[{verb} in #{channel}, everyone there sees it]"


async def take_turn(
    bot: Bot, turn: str, thread: str | None, *, click_approvals: bool, channel: bool = False
) -> tuple[str, str]:
    """Say ``turn`` (a DM, in ``thread`` when given; with ``channel``, a mention of the bot in a channel and then
    replies in its thread) or click Approve for it; returns what was done, for the transcript, and the ``ts`` of the
    person's message (the click's card)."""
    card = latest_card(bot, PERSON.id) if click_approvals and is_approval(turn) else None
    if card is not None:
        body = block_actions_body(
            action_id=ACTION_IDS["approve"],
            value=card.value,
            user_id=PERSON.id,
            channel_id=card.channel,
            message_ts=card.ts,
            thread_ts=card.thread_ts,
            message=card.message,
            is_ephemeral=card.message is None,
            button_text="Approve",
            response_url=bot.slack.response_url(),
        )
        status, _ = await bot.send(body)
        return f"> [clicks Approve] ({turn})" + ("" if status == 200 else f" -> HTTP {status}"), card.ts
    if channel:  # a reply in the thread that mentions the bot comes as a mention, as Slack sends it
        event = (
            app_mention_event(turn, user_id=PERSON.id)
            if thread is None
            else app_mention_event(turn, user_id=PERSON.id, thread_ts=thread)
            if f"<@{BOT_USER_ID}>" in turn
            else channel_thread_message_event(turn, thread_ts=thread, user_id=PERSON.id)
        )
    else:
        event = im_message_event(turn, user_id=PERSON.id, thread_ts=thread)
    status, _ = await bot.send(event)
    return f"> {turn}" + ("" if status == 200 else f" -> HTTP {status}"), str(event["event"]["ts"])


def answered_in(bot: Bot, root: str) -> str:
    """The DM thread the bot answered the first message in (its own ``ts`` when it answered in its thread)."""
    channel = dm_channel_id(PERSON.id)
    for call in bot.slack.calls_to("chat.postMessage"):
        if call.args.get("channel") == channel and call.args.get("thread_ts"):
            return str(call.args["thread_ts"])
    return root


async def run_slack(turns: list[str], data_dir: Path, *, click_approvals: bool = False, channel: bool = False) -> str:
    """Play ``turns`` against the app served on ``data_dir`` (in a DM, or with ``channel`` in a channel's thread);
    returns the transcript of what the person saw (with ``channel``, each message with who sees it)."""
    transcript: list[str] = []
    async with running_bot(data_dir, users=(PERSON,)) as bot:
        thread: str | None = None
        for number, turn in enumerate(turns):
            start = len(bot.slack.calls)
            said, ts = await take_turn(bot, turn, thread, click_approvals=click_approvals, channel=channel)
            transcript.append(said)
            quiet = await settle(bot)
            if number == 0:
                thread = ts if channel else answered_in(bot, ts)
            for call in bot.slack.calls[start:]:
                if call.method in SEEN and call.ok:
                    said_lines = "\n".join(seen_by_person(call, where=channel)).splitlines()
                    transcript.extend("  " + line for line in said_lines)
            if not quiet:
                transcript.append(f"  [still busy after {TURN_SECONDS:.0f} s]")
    return "\n".join(transcript) + "\n"


async def run_one(path: Path, *, click_approvals: bool, channel: bool = False) -> Outcome:
    conversation = json.loads(path.read_text())
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder) / "data"
        data_dir.mkdir()
        try:
            transcript = await run_slack(
                read_turns(conversation), data_dir, click_approvals=click_approvals, channel=channel
            )
        except Exception as error:  # a run that breaks is a failure of that conversation, reported
            return Outcome(conversation.get("id", path.stem), [f"the run failed: {error!r}"])
        failures = await check(data_dir, conversation["expect"])
    return Outcome(conversation.get("id", path.stem), failures, transcript)


async def run_all(paths: list[Path], *, click_approvals: bool, channel: bool = False) -> list[Outcome]:
    return [await run_one(path, click_approvals=click_approvals, channel=channel) for path in paths]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--show", type=int, default=0, help="print what the person saw in up to N failures")
    parser.add_argument("--only", action="append", help="run only these ids")
    parser.add_argument("--click-approvals", action="store_true", help="click Approve for a turn that is 'yes', ...")
    parser.add_argument("--channel", action="store_true", help="mention the bot in a channel, reply in its thread")
    options = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    paths = chosen(options.folder, options.only)
    outcomes = asyncio.run(run_all(paths, click_approvals=options.click_approvals, channel=options.channel))
    report(options.folder, outcomes, options.show)


if __name__ == "__main__":
    main()
