"""Run held-out conversations through `planbot chat --script` and check what ended up in the workspace.

Each conversation is a JSON file (``checks/conversations_*/caNN.json``): ``turns`` (what the person types, in
order, whatever the bot says) and ``expect`` (reads of the workspace with contract tools, and what their results
must hold). Every conversation runs on a fresh data folder with the clock at Monday 2 March 2026, 09:00 New York.

Run: ``.venv/bin/python -m devtools.conversations checks/conversations_a [--show N] [--only ca07]``.
Prints one line per conversation and the total; asserts nothing.
"""

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from integrations.base.arguments import FetchCalendarEventsArgs, FetchEmailsArgs, FetchEntityArgs
from integrations.local import open_workspace

CLOCK = ("--now", "2026-03-02T09:00:00", "--tz", "America/New_York")
READS: dict[str, Any] = {
    "fetch_calendar_events": FetchCalendarEventsArgs,
    "fetch_emails": FetchEmailsArgs,
    "fetch_entity": FetchEntityArgs,
}


@dataclass
class Outcome:
    name: str
    failures: list[str] = field(default_factory=list)
    transcript: str = ""

    @property
    def ok(self) -> bool:
        return not self.failures


def run_chat(turns: list[str], data_dir: Path) -> str:
    script = "\n".join(turn.replace("\n", " ") for turn in turns) + "\n"
    planbot = Path(sys.executable).with_name("planbot")
    try:
        done = subprocess.run(
            [str(planbot), "chat", "--script", "-", "--data-dir", str(data_dir), *CLOCK],
            input=script,
            capture_output=True,
            text=True,
            timeout=_LONGEST,
            check=False,
        )
    except subprocess.TimeoutExpired as late:  # one slow conversation is checked as it stands, never ends the run
        said = late.stdout.decode() if isinstance(late.stdout, bytes) else (late.stdout or "")
        return f"{said}\n[timed out after {_LONGEST} s]\n"
    return done.stdout + (f"\n[exit {done.returncode}]\n{done.stderr[-2000:]}" if done.returncode else "")


_LONGEST = 600  # seconds for one conversation (a loaded machine is slow; the run goes on after it)


def matches(value: Any, wanted: Any) -> bool:
    if isinstance(wanted, dict) and len(wanted) == 1:
        ((kind, operand),) = wanted.items()
        if kind == "contains":
            if isinstance(value, list):
                return any(str(operand).lower() in str(item).lower() for item in value)
            return value is not None and str(operand).lower() in str(value).lower()
        if kind == "includes":
            return isinstance(value, list) and any(str(item).lower() == str(operand).lower() for item in value)
        if kind == "excludes":
            return not (isinstance(value, list) and any(str(item).lower() == str(operand).lower() for item in value))
        if kind == "prefix":  # case-insensitively, as every string matcher ("re" for "Re: …")
            return value is not None and str(value).lower().startswith(str(operand).lower())
        if kind == "any":
            return any(matches(value, option) for option in operand)
        if kind == "min":
            return isinstance(value, int | float) and value >= operand
    if isinstance(value, str) and isinstance(wanted, str) and "T" in wanted and "T" in value:
        from datetime import datetime

        try:
            return datetime.fromisoformat(value) == datetime.fromisoformat(wanted)
        except ValueError:
            return value == wanted
    if isinstance(value, str) and isinstance(wanted, str):
        return value.lower() == wanted.lower()
    if isinstance(value, int | float) and isinstance(wanted, int | float):
        return float(value) == float(wanted)
    return bool(value == wanted)


async def check(data_dir: Path, expect: list[dict[str, Any]]) -> list[str]:
    workspace = open_workspace(data_dir / "workspace.sqlite3")
    failures: list[str] = []
    try:
        for number, item in enumerate(expect, 1):
            tool = item["tool"]
            arguments = dict(item.get("args", {}))
            if tool == "fetch_emails":
                arguments.setdefault("includeBody", True)
            try:
                found = list(await workspace.call(tool, READS[tool].model_validate(arguments)))
            except Exception as error:  # a malformed check is reported, not fatal
                failures.append(f"check {number}: {tool} failed: {error}")
                continue
            count = item.get("count")
            if count is not None and not matches(len(found), count):
                titles = [row.get("title") or row.get("subject") or row.get("name") for row in found][:5]
                failures.append(f"check {number}: {tool} {arguments} found {len(found)} {titles}, wanted {count}")
                continue
            for row in found:
                for key, wanted in item.get("each", {}).items():
                    if not matches(row.get(key), wanted):
                        failures.append(f"check {number}: {key}={row.get(key)!r}, wanted {wanted!r}")
    finally:
        workspace.close()
    return failures


def read_turns(conversation: dict[str, Any]) -> list[str]:
    """What the person types, in order."""
    return [turn["user"] if isinstance(turn, dict) else str(turn) for turn in conversation["turns"]]


def run_one(path: Path) -> Outcome:
    conversation = json.loads(path.read_text())
    turns = read_turns(conversation)
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder) / "data"
        transcript = run_chat(turns, data_dir)
        failures = asyncio.run(check(data_dir, conversation["expect"]))
    return Outcome(conversation.get("id", path.stem), failures, transcript)


def chosen(folder: Path, only: list[str] | None) -> list[Path]:
    """The conversation files of ``folder`` (those named in ``only``, when given), in order."""
    paths = sorted(folder.glob("*.json"))
    return [p for p in paths if p.stem in only] if only else paths


def report(folder: Path, outcomes: list[Outcome], show: int) -> None:
    """One line per conversation, the total, then the failures and transcripts of up to ``show`` of them."""
    for outcome in outcomes:
        print(f"{'ok  ' if outcome.ok else 'FAIL'} {outcome.name}" + ("" if outcome.ok else f": {outcome.failures[0]}"))
    right = sum(outcome.ok for outcome in outcomes)
    print(f"== {folder}: {right} of {len(outcomes)} conversations right in the workspace")
    for outcome in [o for o in outcomes if not o.ok][:show]:
        print(f"\n---- {outcome.name}\n" + "\n".join(outcome.failures) + "\n" + outcome.transcript)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--show", type=int, default=0, help="print the transcripts of up to N failures")
    parser.add_argument("--only", action="append", help="run only these ids")
    options = parser.parse_args()
    report(options.folder, [run_one(path) for path in chosen(options.folder, options.only)], options.show)


if __name__ == "__main__":
    main()
