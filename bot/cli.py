"""The ``planbot`` command line: plan, eval (and, as they land, chat and serve).

Heavy libraries are imported inside the commands that use them so that ``planbot plan`` starts fast.
"""

import json
import sys
from collections.abc import Iterator
from datetime import datetime
from typing import IO, Any

import click

from bot.clock import ClockError, resolve_now, zone


def _clock(now: str | None, tz: str | None) -> datetime:
    try:
        return resolve_now(now, zone(tz))
    except ClockError as error:
        raise click.BadParameter(str(error)) from error


@click.group()
def main() -> None:
    """planbot: plans email, CRM and calendar work from plain requests."""


@main.command()
@click.argument("text", required=False)
@click.option("--jsonl", "jsonl", type=click.Path(dir_okay=False, allow_dash=True), help="Batch: one request per line.")
@click.option("--json", "as_json", is_flag=True, help="Print the contract JSON instead of text.")
@click.option("--now", help="The clock: local time in --tz, or ISO with an offset.")
@click.option("--tz", help="IANA time zone, e.g. America/New_York.")
def plan(text: str | None, jsonl: str | None, as_json: bool, now: str | None, tz: str | None) -> None:
    """Understand TEXT and print the plan (or plan every line of --jsonl FILE)."""
    from planning.pipeline import RequestPlanner

    clock = _clock(now, tz)
    planner = RequestPlanner()
    if jsonl:
        _batch(planner, jsonl, clock)
    elif text is not None:
        _one(planner, text, clock, as_json)
    else:
        _interactive(planner, now, tz, as_json)


def _one(planner: Any, text: str, now: datetime, as_json: bool) -> None:
    from bot.render_text import describe
    from integrations.base import tool_catalog
    from planning.output import output_line

    understood = planner.understand(text, now)
    if as_json:
        click.echo(json.dumps(output_line(None, understood), ensure_ascii=False))
    else:
        click.echo(describe(understood, tool_catalog()))


def _interactive(planner: Any, now: str | None, tz: str | None, as_json: bool) -> None:
    click.echo("Type a request (empty line or Ctrl-D to stop).")
    while True:
        try:
            text = input("> ")
        except EOFError:
            break
        if not text.strip():
            break
        _one(planner, text, _clock(now, tz), as_json)


def _batch(planner: Any, path: str, now: datetime) -> None:
    from planning.output import output_line
    from planning.pipeline import Understood
    from planning.types import Goal, MetaGoal, ParseResult, Plan

    try:
        lines = list(_read_lines(path))
    except (OSError, UnicodeDecodeError) as error:
        raise click.ClickException(f"cannot read {path}: {error}") from error
    out = sys.stdout
    for number, line in lines:
        try:
            item = json.loads(line)
        except json.JSONDecodeError as error:
            raise click.ClickException(f"{path}:{number}: not JSON Lines ({error.msg})") from error
        item_id = item.get("id") if isinstance(item, dict) else None
        text = item.get("text") if isinstance(item, dict) else None
        if isinstance(text, str):
            understood = planner.understand(text, now)
        else:
            goal = Goal(intent="unsupported", entity="none")
            parse = ParseResult(
                meta=MetaGoal(meta_type="single", goals=(goal,)),
                confidence=0.0,
                explanation="the line has no text to understand",
            )
            understood = Understood(parse, Plan())
        out.write(json.dumps(output_line(item_id, understood), ensure_ascii=False) + "\n")
    out.flush()


def _read_lines(path: str) -> Iterator[tuple[int, str]]:
    handle: IO[str] = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115
    with handle:
        for number, line in enumerate(handle, 1):
            if line.strip():
                yield number, line


@main.command()
@click.option("--script", type=click.File("r", encoding="utf-8"), help="Read the conversation from FILE (- for stdin).")
@click.option("--data-dir", type=click.Path(file_okay=False), help="Where the SQLite files live (PLANBOT_DATA_DIR).")
@click.option("--now", help="Freeze the clock at this time (local time in --tz, or ISO with an offset).")
@click.option("--tz", help="Your time zone (default: PLANBOT_TIMEZONE / TZ / the machine's).")
@click.option("--user", default="you", show_default=True, help="Who is talking (the requester).")
def chat(script: Any, data_dir: str | None, now: str | None, tz: str | None, user: str) -> None:
    """Talk to planbot in the terminal, on the local workspace with its demo data."""
    from pathlib import Path

    from bot.chat import chat_main
    from bot.settings import Settings

    settings = Settings() if data_dir is None else Settings(data_dir=Path(data_dir))
    zone_name = tz or settings.timezone
    frozen = _clock(now, zone_name) if now else None
    zone_key = str(zone(zone_name))
    lines = list(script) if script is not None else None
    chat_main(
        settings,
        lines,
        user=user,
        tz=zone_key,
        clock=(lambda: frozen) if frozen else None,
        width=100 if lines is not None else None,
    )


@main.command()
@click.option("--socket", "mode", flag_value="socket", help="Socket Mode (SLACK_APP_TOKEN).")
@click.option("--http", "mode", flag_value="http", default=True, help="HTTP mode (SLACK_SIGNING_SECRET); the default.")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=3000, show_default=True, type=int)
@click.option("--tz", help="Time zone for people whose Slack profile has none.")
def serve(mode: str, host: str, port: int, tz: str | None) -> None:
    """Run the Slack app (local workspace and SQLite unless configured otherwise)."""
    import asyncio
    import logging

    from bot.serve import ConfigurationError
    from bot.serve import serve as run
    from bot.settings import Settings

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings = Settings()
    try:
        asyncio.run(run(settings, mode, host=host, port=port, tz=str(zone(tz or settings.timezone))))  # type: ignore[arg-type]
    except ConfigurationError as error:
        raise click.ClickException(str(error)) from error


@main.command(name="eval")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--now", default="2026-03-02T09:00:00", show_default=True)
@click.option("--tz", default="America/New_York", show_default=True)
@click.option("--show", default=0, help="Show up to N failures per file.")
@click.option("--json", "as_json", is_flag=True, help="One JSON line of figures per file (as score.py prints).")
def evaluate(files: tuple[str, ...], now: str, tz: str, show: int, as_json: bool) -> None:
    """Plan every line of evaluation FILES and print the metrics of contract §4."""
    from bot.evaluation import evaluate as score
    from bot.evaluation import index_by_id, load_jsonl
    from bot.evaluation_report import format_report
    from planning.output import output_line
    from planning.pipeline import RequestPlanner

    clock = _clock(now, tz)
    planner = RequestPlanner()
    for path in files:
        try:
            gold = load_jsonl(path)
        except ValueError as error:
            raise click.ClickException(str(error)) from error
        predictions = [
            output_line(item.get("id"), planner.understand(str(item.get("text", "")), clock)) for item in gold
        ]
        report = score(gold, index_by_id(predictions))
        click.echo(report.as_json() if as_json else format_report(report, path, show))
