"""`planbot plan` on rules alone never imports langchain (nor a provider SDK): checked in a fresh process."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HEAVY = ("langchain", "langchain_core", "langchain_openai", "langchain_anthropic", "openai", "anthropic")

PROBE = """
import atexit, json, sys
def report():
    heavy = sorted({m.split(".")[0] for m in sys.modules} & set(HEAVY))
    sys.stderr.write("LOADED=" + json.dumps(heavy) + "\\n")
atexit.register(report)
PREPARE
from bot.cli import main
main(["plan", "--json", "--now", "2026-03-02T09:00:00", "--tz", "America/New_York", "Email John the sales report"])
"""


def loaded_after_plan(prepare: str = "") -> tuple[list[str], str]:
    code = PROBE.replace("HEAVY", repr(HEAVY)).replace("PREPARE", prepare)
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    [line] = [line for line in done.stderr.splitlines() if line.startswith("LOADED=")]
    return json.loads(line.removeprefix("LOADED=")), done.stdout


def test_planbot_plan_on_rules_alone_imports_no_langchain():
    loaded, output = loaded_after_plan()
    assert json.loads(output)["plan"]["steps"][1]["tool"] == "send_email"
    assert loaded == []


def test_the_llm_modules_and_their_factories_without_a_model_import_no_langchain():
    prepare = (
        "import planning.planner.llm as p, integrations.llm as i\n"
        "from integrations.base import CATALOG\n"
        "assert p.llm_planner_from_settings(None, tools=list(CATALOG)) is None\n"
        "assert i.llm_summarizer_from_settings('') is None\n"
    )
    loaded, _ = loaded_after_plan(prepare)
    assert loaded == []


def test_the_probe_sees_langchain_once_a_model_is_configured():
    prepare = (
        "import planning.planner.llm as p\n"
        "from integrations.base import CATALOG\n"
        "assert p.llm_planner_from_settings('openai:gpt-4o-mini', tools=list(CATALOG), api_key='t') is not None\n"
    )
    loaded, _ = loaded_after_plan(prepare)
    assert {"langchain", "langchain_core", "langchain_openai"} <= set(loaded)
