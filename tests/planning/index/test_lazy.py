import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from integrations.base import CATALOG
from planning.index import IndexSettings, LazyExampleVoter
from planning.index.built_apart import build_apart, never_built
from planning.index.semantic_index import SemanticIndex


def test_the_index_opens_on_the_first_vote_and_is_built_then(index_settings: IndexSettings):
    voter = LazyExampleVoter(index_settings)
    vote = voter.vote("put lunch with dana on my calendar")
    assert vote is not None and (vote.intent, vote.entity) == ("create", "event")
    index = voter.index()
    assert index is not None and index.tools.count() == len(CATALOG)  # the core catalog, indexed with the bank


def test_a_bank_never_built_is_built_by_a_process_of_its_own_and_only_opened_here(
    index_settings: IndexSettings, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("INFO")
    voter = LazyExampleVoter(index_settings)
    index = voter.index()
    assert index is not None and index.examples.count() == 17  # the labelled file's examples of one goal
    assert "example bank built by a process of its own: 17 examples" in caplog.text
    assert "example bank built: " not in caplog.text  # this process built nothing (the child logs nowhere here)


def test_a_bank_built_already_or_on_a_server_is_not_built_apart(index_settings: IndexSettings) -> None:
    assert never_built(index_settings) and build_apart(index_settings)
    assert not never_built(index_settings) and not build_apart(index_settings)  # the store exists: opened as is
    assert SemanticIndex.open(index_settings).ensure_built().rebuilt is False
    assert not never_built(IndexSettings(url="http://127.0.0.1:9", example_files=index_settings.example_files))


def test_an_index_that_cannot_be_opened_means_rules_only_and_is_not_retried(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, index_settings: IndexSettings
):
    opened: list[IndexSettings] = []

    def failing_open(settings: IndexSettings, embedder: object = None) -> SemanticIndex:
        opened.append(settings)
        raise RuntimeError("the embedding model is not installed")

    monkeypatch.setattr(SemanticIndex, "open", failing_open)
    voter = LazyExampleVoter(index_settings)
    assert voter.vote("put lunch with dana on my calendar") is None
    assert voter.vote("book lunch with dana") is None
    assert len(opened) == 1
    assert "understanding uses the rules alone" in caplog.text


def test_building_apart_never_runs_the_main_script_again(index_settings: IndexSettings, tmp_path: Path) -> None:
    """A script that opens the bank at its top level (no ``if __name__ == "__main__"``) runs once: the child builds
    the bank, and only that (``multiprocessing``'s spawn would run the script again in the child)."""
    runs = tmp_path / "runs.txt"
    script = tmp_path / "script.py"
    script.write_text(
        "import pickle, sys\n"
        "from planning.index.built_apart import build_apart\n"
        f"open({str(runs)!r}, 'a').write('run\\n')\n"
        "print(build_apart(pickle.loads(sys.stdin.buffer.read())))\n"
    )
    done = subprocess.run(
        [sys.executable, str(script)],
        input=pickle.dumps(index_settings),
        capture_output=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(entry for entry in sys.path if entry)},
        check=True,
    )
    assert done.stdout.decode().split() == ["True"] and runs.read_text().split() == ["run"]
