import json
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from click.testing import CliRunner

from bot.cli import main
from integrations.base import CATALOG
from planning.index import IndexSettings, SemanticIndex
from planning.index.embedding import MiniLmEmbedder
from planning.index.leave_one_out import predictions_leaving_one_out
from planning.pipeline import RequestPlanner
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.index.conftest import write_labelled

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))
ALONE = "flag two days after this day as my holiday"  # the rules see a loose hint; no other example is near
SUPPORTED = "lunch with Dana on Friday at noon"
OUT_OF_SCOPE = [
    ("u1", "what is the weather like in paris", ["unsupported", "none"]),
    ("u2", "play some jazz music", ["unsupported", "none"]),
    ("u3", "order me a pepperoni pizza", ["unsupported", "none"]),
]
ITEMS = [
    ("g1", ALONE, ["create", "event"]),
    ("g1-again", ALONE.upper(), ["create", "event"]),  # the same utterance under another id
    ("g2", SUPPORTED, ["create", "event"]),
    ("e1", "add lunch with Tom on Thursday at 1pm to my calendar", ["create", "event"]),
    ("e2", "put lunch with Sarah on my calendar for Monday at noon", ["create", "event"]),
    *OUT_OF_SCOPE,
]


def _goals(line: dict) -> list[tuple[str, str]]:
    return [(g["intent"], g["entity"]) for g in line["parse"]["goals"]]


def _index(tmp_path: Path, embedder: MiniLmEmbedder) -> tuple[Path, SemanticIndex]:
    gold = write_labelled(tmp_path / "gold.jsonl", ITEMS)
    index = SemanticIndex.open(IndexSettings(path=tmp_path / "index", example_files=(gold,)), embedder)
    index.ensure_built()
    return gold, index


def test_an_item_is_not_rescued_by_its_own_example(tmp_path: Path, embedder: MiniLmEmbedder):
    gold_path, index = _index(tmp_path, embedder)
    gold = [json.loads(line) for line in gold_path.read_text().splitlines()]
    remembering = RequestPlanner(GoalUnderstandingService(voter=index.examples, rules_only=True))
    assert [(g.intent, g.entity) for g in remembering.understand(ALONE, NOW).parse.meta.goals] == [("create", "event")]
    [line] = predictions_leaving_one_out(gold[:1], gold_path, index.examples, NOW)
    assert _goals(line) == [("unsupported", "none")]


def test_an_item_with_other_near_examples_is_still_rescued(tmp_path: Path, embedder: MiniLmEmbedder):
    gold_path, index = _index(tmp_path, embedder)
    gold = [json.loads(line) for line in gold_path.read_text().splitlines()]
    lines = predictions_leaving_one_out(gold, gold_path, index.examples, NOW)
    by_id = {line["id"]: _goals(line) for line in lines}
    assert by_id["g2"] == [("create", "event")]
    assert all(by_id[item_id] == [("unsupported", "none")] for item_id, _, _ in OUT_OF_SCOPE)


def test_index_build_and_eval_with_examples_from_the_command_line(tmp_path: Path):
    gold = write_labelled(tmp_path / "gold.jsonl", ITEMS)
    runner = CliRunner()
    data_dir = str(tmp_path / "data")
    built = runner.invoke(main, ["index", "build", str(gold), "--data-dir", data_dir], catch_exceptions=False)
    assert built.exit_code == 0
    assert f"example bank: {len(ITEMS)} examples; tools: {len(CATALOG)};" in built.output
    shown = runner.invoke(main, ["eval", str(gold), "--examples", "--data-dir", data_dir], catch_exceptions=False)
    assert "(rules + example bank, leave-one-out)" in shown.output
    assert "side by side" in shown.output
    figures = runner.invoke(
        main, ["eval", str(gold), "--examples", "--json", "--data-dir", data_dir], catch_exceptions=False
    )
    rules, with_examples = (json.loads(line) for line in figures.output.splitlines())
    assert "examples" not in rules and with_examples["examples"] == "leave-one-out"
    assert rules["in_scope_acc"] == 0.4  # e1 and e2 (they name the calendar)
    assert with_examples["in_scope_acc"] == 0.6  # and g2, near e1 and e2; g1 and its twin have only each other
    assert with_examples["rejection"] == 1.0
