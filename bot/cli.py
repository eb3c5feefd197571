"""The ``planbot`` command line: plan, eval (and, as they land, chat and serve).

Heavy libraries are imported inside the commands that use them so that ``planbot plan`` starts fast.
"""

import json
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import IO, Any

import click

from bot.accounts.cli import accounts_group
from bot.clock import ClockError, known_zone, resolve_now, zone


class TimeZone(click.ParamType[str]):
    """An IANA zone name, checked when the option is read (a usage error names the zone)."""

    name = "zone"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if not known_zone(value):
            self.fail(f"unknown time zone {str(value)[:64]!r} (an IANA name, e.g. America/New_York)", param, ctx)
        return str(value)


def _clock(now: str | None, tz: str | None) -> datetime:
    try:
        return resolve_now(now, zone(tz))
    except ClockError as error:
        raise click.BadParameter(str(error)) from error


@click.group()
def main() -> None:
    """planbot: plans email, CRM and calendar work from plain requests."""


main.add_command(accounts_group)


@main.command()
@click.argument("text", required=False)
@click.option("--jsonl", "jsonl", type=click.Path(dir_okay=False, allow_dash=True), help="Batch: one request per line.")
@click.option("--json", "as_json", is_flag=True, help="Print the contract JSON instead of text.")
@click.option("--now", help="The clock: local time in --tz, or ISO with an offset.")
@click.option("--tz", type=TimeZone(), help="IANA time zone, e.g. America/New_York.")
@click.option("--ground-demo", is_flag=True, help="Ground names in the demo workspace's events, people and companies.")
def plan(
    text: str | None, jsonl: str | None, as_json: bool, now: str | None, tz: str | None, ground_demo: bool
) -> None:
    """Understand TEXT and print the plan (or plan every line of --jsonl FILE).

    Data-free unless --ground-demo: then names of the demo workspace's events, contacts, leads, accounts and
    deals raise the understanding's confidence and fix the entity ("cancel the Initech pilot debrief")."""
    from planning.pipeline import RequestPlanner
    from planning.understanding.parser import GoalUnderstandingService

    clock = _clock(now, tz)
    grounding = None
    if ground_demo:
        from bot.demo_names import demo_names

        grounding = demo_names(clock.date())
    planner = RequestPlanner(GoalUnderstandingService(grounding=grounding))
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
@click.option("--tz", type=TimeZone(), help="Your time zone (default: PLANBOT_TIMEZONE / TZ / the machine's).")
@click.option("--user", default="you", show_default=True, help="Who is talking (the requester).")
def chat(script: Any, data_dir: str | None, now: str | None, tz: str | None, user: str) -> None:
    """Talk to planbot in the terminal, on the local workspace with its demo data."""
    from pathlib import Path

    from bot.chat import chat_main
    from bot.compose import StartupError
    from bot.settings import Settings

    settings = Settings() if data_dir is None else Settings(data_dir=Path(data_dir))
    zone_name = tz or settings.timezone
    frozen = _clock(now, zone_name) if now else None
    zone_key = str(zone(zone_name))
    lines = list(script) if script is not None else None
    try:
        chat_main(
            settings,
            lines,
            user=user,
            tz=zone_key,
            clock=(lambda: frozen) if frozen else None,
            width=100 if lines is not None else None,
        )
    except StartupError as error:
        raise click.ClickException(str(error)) from None


@main.command()
@click.option("--socket", "mode", flag_value="socket", help="Socket Mode (SLACK_APP_TOKEN).")
@click.option("--http", "mode", flag_value="http", default=True, help="HTTP mode (SLACK_SIGNING_SECRET); the default.")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=3000, show_default=True, type=int)
@click.option("--tz", type=TimeZone(), help="Time zone for people whose Slack profile has none.")
def serve(mode: str, host: str, port: int, tz: str | None) -> None:
    """Run the Slack app (local workspace and SQLite unless configured otherwise)."""
    import asyncio
    import logging

    from bot.compose import StartupError
    from bot.serve import ConfigurationError
    from bot.serve import serve as run
    from bot.settings import Settings

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings = Settings()
    try:
        asyncio.run(run(settings, mode, host=host, port=port, tz=str(zone(tz or settings.timezone))))  # type: ignore[arg-type]
    except (ConfigurationError, StartupError) as error:
        raise click.ClickException(str(error)) from None


@main.command()
@click.option("--thread", "thread_key", help="Only this conversation thread (e.g. slack:T1:C1:1712.0001).")
@click.option("--user", help="Only what this user asked for or decided.")
@click.option("--limit", default=200, show_default=True, type=click.IntRange(min=1))
@click.option("--json", "as_json", is_flag=True, help="One JSON object per entry.")
def audit(thread_key: str | None, user: str | None, limit: int, as_json: bool) -> None:
    """Print the audit trail: who asked, what was planned, who decided what, what ran and how it ended."""
    import asyncio

    from bot.audit_report import print_audit
    from bot.settings import Settings

    asyncio.run(print_audit(Settings(), thread_key=thread_key, user=user, limit=limit, as_json=as_json))


@main.command(name="eval")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--now", default="2026-03-02T09:00:00", show_default=True)
@click.option("--tz", type=TimeZone(), default="America/New_York", show_default=True)
@click.option("--show", default=0, help="Show up to N failures per file.")
@click.option("--json", "as_json", is_flag=True, help="One JSON line of figures per file (as score.py prints).")
@click.option(
    "--examples",
    is_flag=True,
    help="Score the rules alone and rules + example bank, leaving each item out of the bank (no classifier).",
)
@click.option("--data-dir", type=click.Path(file_okay=False), help="Where the index lives (PLANBOT_DATA_DIR).")
@click.option("--chroma-url", help="A Chroma server instead of the embedded index.")
@click.option("--rules-only", is_flag=True, help="Understand with the rules alone (no trained classifier).")
def evaluate(
    files: tuple[str, ...],
    now: str,
    tz: str,
    show: int,
    as_json: bool,
    examples: bool,
    data_dir: str | None,
    chroma_url: str | None,
    rules_only: bool,
) -> None:
    """Plan every line of evaluation FILES and print the metrics of contract §4.

    With --examples, each file is also scored with the example bank consulted when the rules are unsure,
    each item's own example (same id, or the same text) left out of the bank while it is scored; both
    results are printed side by side.
    """
    from devtools.evaluation import evaluate as score
    from devtools.evaluation import index_by_id, load_jsonl
    from devtools.evaluation_report import format_report
    from planning.output import output_line
    from planning.pipeline import RequestPlanner
    from planning.understanding.parser import GoalUnderstandingService

    clock = _clock(now, tz)
    planner = RequestPlanner(GoalUnderstandingService(rules_only=rules_only or examples))
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
        if examples:
            _evaluate_with_examples(gold, path, report, clock, show, as_json, data_dir, chroma_url)


def _open_index(data_dir: str | None, chroma_url: str | None) -> Any:
    from pathlib import Path

    from bot.settings import Settings
    from planning.index import IndexSettings, SemanticIndex

    folder = Path(data_dir) if data_dir is not None else Settings().data_dir
    try:
        return SemanticIndex.open(IndexSettings.in_data_dir(folder, url=chroma_url))
    except (ImportError, RuntimeError, ValueError) as error:
        raise click.ClickException(f"cannot open the semantic index: {error}") from error


def _evaluate_with_examples(
    gold: list[dict[str, Any]],
    path: str,
    rules: Any,
    clock: datetime,
    show: int,
    as_json: bool,
    data_dir: str | None,
    chroma_url: str | None,
) -> None:
    from pathlib import Path

    from devtools.evaluation import evaluate as score
    from devtools.evaluation import index_by_id
    from devtools.evaluation_report import format_report
    from integrations.base import CATALOG
    from planning.index.leave_one_out import predictions_leaving_one_out

    semantic_index = _open_index(data_dir, chroma_url)
    semantic_index.ensure_built(CATALOG)
    predictions = predictions_leaving_one_out(gold, Path(path), semantic_index.examples, clock)
    report = score(gold, index_by_id(predictions))
    if as_json:
        click.echo(json.dumps({**report.as_dict(), "examples": "leave-one-out"}))
        return
    click.echo(format_report(report, f"{path} (rules + example bank, leave-one-out)", show))
    click.echo(f"== {path}: side by side{'rules':>23}{'+ examples':>12}")
    for label, before, after, items in (
        ("in-scope accuracy", rules.in_scope_acc, report.in_scope_acc, report.in_scope),
        ("out-of-scope rejection", rules.rejection, report.rejection, report.out_of_scope),
        ("plan correctness", rules.rates.get("plan_ok"), report.rates.get("plan_ok"), None),
    ):
        shown = [f"{value:.4f}" if value is not None else "n/a" for value in (before, after)]
        click.echo(f"  {label:<28}{shown[0]:>10}{shown[1]:>12}" + (f"  ({items} items)" if items else ""))


@main.command()
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False))
@click.option("--seed", default=14, show_default=True, help="The seed of the folds and the regression.")
@click.option("--if-missing", is_flag=True, help="Do nothing when the model of these files and seed is there.")
@click.option(
    "--folder", type=click.Path(file_okay=False), help="Where the model goes (default: <venv>/share/planbot)."
)
def train(files: tuple[str, ...], seed: int, if_missing: bool, folder: str | None) -> None:
    """Train the understanding classifier, the slot tagger, the reply-act classifier and the segment tagger.

    FILES are evaluation-format JSON Lines (default: ../shared/eval/hwu_train.jsonl and the project's own
    examples; for the slot tagger, its own annotated files data/own_slots_*.jsonl). Without the shared file
    this warns and exits: understanding then uses the rules alone. Choosing the thresholds again by
    cross-validation is development work: ``python -m devtools.train_cv``.
    """
    from planning.understanding.learned import artefact
    from planning.understanding.learned import train as learned

    try:
        paths = learned.training_files([Path(f) for f in files])
    except learned.NoTrainingDataError as error:
        click.echo(f"warning: {error}; understanding uses the rules alone", err=True)
        return
    target = Path(folder) if folder else artefact.default_folder()
    _train_tagger(target, if_missing, paths if files else None)
    _train_reply_acts(target, if_missing)
    _train_segments(target, if_missing)
    if if_missing and artefact.path_for(target, learned.fingerprint(paths, seed)).is_file():
        click.echo("understanding classifier: up to date")
        return
    try:
        report = learned.train(paths, target, seed=seed)
    except (OSError, ValueError) as error:
        raise click.ClickException(str(error)) from error
    click.echo(f"understanding classifier: {report.examples} examples, {report.seconds:.1f} s -> {report.path}")


def _train_tagger(folder: Path, if_missing: bool, files: tuple[Path, ...] | None) -> None:
    """The slot tagger, from ``files`` when given (a line without ``annotation`` teaches that it has no slot), else
    from the shared file and the project's own annotated files."""
    from planning.understanding.learned import artefact, tagger, tagger_train

    paths = tagger_train.training_files(files)
    if if_missing and artefact.path_for(folder, tagger_train.fingerprint(paths), tagger.PREFIX).is_file():
        click.echo("slot tagger: up to date")
        return
    try:
        report = tagger_train.train(paths, folder)
    except (OSError, ValueError) as error:
        raise click.ClickException(str(error)) from error
    click.echo(f"slot tagger: {report.examples} examples, {report.seconds:.1f} s -> {report.path}")


def _train_reply_acts(folder: Path, if_missing: bool) -> None:
    """The reply-act classifier, from the project's labelled replies (commands/data/replies_*.jsonl)."""
    from planning.understanding.learned import artefact
    from planning.understanding.learned.replies import acts as reply_acts
    from planning.understanding.learned.replies import train as reply_acts_train

    paths = reply_acts_train.training_files()
    if if_missing and artefact.path_for(folder, reply_acts_train.fingerprint(paths), reply_acts.PREFIX).is_file():
        click.echo("reply-act classifier: up to date")
        return
    try:
        report = reply_acts_train.train(paths, folder)
    except (OSError, ValueError) as error:
        raise click.ClickException(str(error)) from error
    click.echo(
        f"reply-act classifier: {report.examples} segments ({report.dropped} malformed lines left out), "
        f"{report.seconds:.1f} s -> {report.path}"
    )


def _train_segments(folder: Path, if_missing: bool) -> None:
    """The segment tagger, from the project's labelled replies (commands/data/replies_*.jsonl)."""
    from planning.understanding.learned import artefact
    from planning.understanding.learned.segments import tagger as segments
    from planning.understanding.learned.segments import train as segments_train

    paths = segments_train.training_files()
    if if_missing and artefact.path_for(folder, segments_train.fingerprint(paths), segments.PREFIX).is_file():
        click.echo("segment tagger: up to date")
        return
    try:
        report = segments_train.train(paths, folder)
    except (OSError, ValueError) as error:
        raise click.ClickException(str(error)) from error
    click.echo(f"segment tagger: {report.examples} replies, {report.seconds:.1f} s -> {report.path}")


@main.command(name="slots")
@click.argument("texts", nargs=-1)
@click.option("--cv", is_flag=True, help="5-fold cross-validation of the slot tagger on the shared training file.")
@click.option("--known", multiple=True, help="A name the requester knows, as NAME=KIND (person, company, event).")
def slots_command(texts: tuple[str, ...], cv: bool, known: tuple[str, ...]) -> None:
    """The slot tagger's spans of each of TEXTS (read as the understanding reads them), or its figures (--cv)."""
    from planning.understanding.learned import tagger_train
    from planning.understanding.learned.tagger_lazy import default_tagger
    from planning.understanding.normalize import clean

    if cv:
        figures = tagger_train.cross_validate()
        for kind in sorted({name.rsplit("_", 1)[0] for name in figures}):
            p, r, f1, n = (figures[f"{kind}_{part}"] for part in ("p", "r", "f1", "n"))
            click.echo(f"  {kind:<30} P {p:.3f}  R {r:.3f}  F1 {f1:.3f}  (n {n:.0f})")
        click.echo(json.dumps(figures))
        return
    names = dict(item.rsplit("=", 1) for item in known if "=" in item)
    for text in texts:
        spans = default_tagger().read(clean(text), {k.lower(): v for k, v in names.items()})
        click.echo(json.dumps({"text": text, "spans": [[s.kind, s.text, s.probability] for s in spans]}))


@main.group(name="index")
def index_group() -> None:
    """The semantic index: example bank, tool retrieval, plan memory."""


@index_group.command(name="build")
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False))
@click.option("--data-dir", type=click.Path(file_okay=False), help="Where the index lives (PLANBOT_DATA_DIR).")
@click.option("--chroma-url", help="A Chroma server instead of the embedded index.")
def index_build(files: tuple[str, ...], data_dir: str | None, chroma_url: str | None) -> None:
    """(Re)build the example bank from labelled FILES and index the tool catalog.

    FILES are evaluation-format JSON Lines (default: the understanding's training files, never an evaluation set).
    Examples learned from approved plans, and the plan memory, are kept.
    """
    from pathlib import Path

    from integrations.base import CATALOG
    from planning.index import default_example_files

    if not files and not default_example_files():
        raise click.ClickException("no labelled files given, and no training files (../shared/eval/hwu_train.jsonl)")
    semantic_index = _open_index(data_dir, chroma_url)
    try:
        report = semantic_index.rebuild([Path(f) for f in files] if files else None, CATALOG)
    except (OSError, ValueError) as error:
        raise click.ClickException(str(error)) from error
    click.echo(f"example bank: {report.examples} examples; tools: {report.tools}; built in {report.seconds:.1f} s")
