"""A trained model is rebuilt when the code that reads its training data changes, not only the data."""

import ast
from pathlib import Path

import pytest

from planning.understanding.learned import code_files, tagger_train, train

ROOT = Path(__file__).resolve().parents[3]
ENTRY_MODULES = (
    "planning.understanding.learned.train",
    "planning.understanding.learned.tagger_train",
    "planning.understanding.learned.lazy",
    "planning.understanding.learned.tagger_lazy",
)


def _source(module: str) -> Path | None:
    base = ROOT / module.replace(".", "/")
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _imported_closure() -> set[Path]:
    """The sources of every planning.understanding module the training path imports, followed through imports."""
    seen: set[Path] = set()
    todo = list(ENTRY_MODULES)
    while todo:
        path = _source(todo.pop())
        if path is None or path in seen:
            continue
        seen.add(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("planning.understanding"):
                todo += [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            elif isinstance(node, ast.Import):
                todo += [a.name for a in node.names if a.name.startswith("planning.understanding")]
    return {p for p in seen if p.name != "__init__.py" or p.stat().st_size}


def test_every_module_the_training_imports_is_in_the_fingerprint() -> None:
    hashed = {p.resolve() for p in code_files.code_files()}
    missing = sorted(str(p.relative_to(ROOT)) for p in _imported_closure() if p.resolve() not in hashed)
    assert missing == [], f"add these to code_files.TRAINING_MODULES: {missing}"


def test_a_change_of_the_feature_code_changes_both_fingerprints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = [tmp_path / "train.jsonl"]
    files[0].write_text('{"id": "a", "text": "hi", "expect": {"goals": []}}\n', encoding="utf-8")
    before = (train.fingerprint(files), tagger_train.fingerprint(files))
    assert before == (train.fingerprint(files), tagger_train.fingerprint(files))  # stable
    monkeypatch.setattr(code_files, "code_digest", lambda: "another version of normalize.py")
    after = (train.fingerprint(files), tagger_train.fingerprint(files))
    assert after[0] != before[0]
    assert after[1] != before[1]
