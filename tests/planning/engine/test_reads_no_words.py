"""planning/engine reads no words: no module there imports ``re`` (ruff's TID251 says the same in
planning/engine/ruff.toml; this test fails the build where ruff is not run)."""

import ast
from pathlib import Path

ENGINE = Path(__file__).parents[3] / "planning" / "engine"


def _imports_re(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(a.name == "re" or a.name.startswith("re.") for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module in ("re",):
            return True
    return False


def test_no_module_of_the_engine_imports_re():
    assert sorted(p.name for p in ENGINE.glob("*.py") if _imports_re(p)) == []


def test_the_front_door_stays_small():
    """The conversation's front door only routes: what happens behind it lives in modules of one concept each."""
    door = Path(__file__).parents[3] / "planning" / "engine" / "conversation.py"
    assert len(door.read_text(encoding="utf-8").splitlines()) <= 350
