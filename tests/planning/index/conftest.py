"""Fixtures for the semantic index: the real offline model, real chromadb in a temporary folder."""

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from planning.index import IndexSettings, SemanticIndex
from planning.index.embedding import MiniLmEmbedder

# A small labelled set in the evaluation format: (id, text, [intent, entity]).
LABELLED = [
    ("e1", "add lunch with Tom to my calendar", ["create", "event"]),
    ("e2", "put a dinner with the team on my calendar for thursday", ["create", "event"]),
    ("e3", "schedule a lunch meeting with sarah tomorrow", ["create", "event"]),
    ("e4", "book a coffee with john next week", ["create", "event"]),
    ("f1", "show me my unread emails", ["find", "email"]),
    ("f2", "did i get any email from priya today", ["find", "email"]),
    ("f3", "check my inbox for new messages", ["find", "email"]),
    ("m1", "what meetings do i have tomorrow", ["find", "event"]),
    ("m2", "what is on my calendar this afternoon", ["find", "event"]),
    ("s1", "send an email to john about the report", ["send", "email"]),
    ("s2", "write to priya that i am running late", ["send", "email"]),
    ("u1", "what is the weather like in paris", ["unsupported", "none"]),
    ("u2", "will it rain tomorrow morning", ["unsupported", "none"]),
    ("u3", "play some jazz music", ["unsupported", "none"]),
    ("u4", "turn off the kitchen lights", ["unsupported", "none"]),
    ("u5", "order me a pepperoni pizza", ["unsupported", "none"]),
    ("u6", "how many ounces are in a cup", ["unsupported", "none"]),
    ("multi", "email john and book a room", None),  # two goals: not an example
]


def write_labelled(path: Path, items: list[tuple[str, str, list[str] | None]]) -> Path:
    lines = []
    for item_id, text, label in items:
        goals = [label] if label else [["send", "email"], ["create", "event"]]
        lines.append(json.dumps({"id": item_id, "text": text, "expect": {"goals": goals}}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def embedder() -> MiniLmEmbedder:
    return MiniLmEmbedder(threads=1)


@pytest.fixture
def labelled_file(tmp_path: Path) -> Path:
    return write_labelled(tmp_path / "labelled.jsonl", LABELLED)


@pytest.fixture
def index_settings(tmp_path: Path, labelled_file: Path) -> IndexSettings:
    return IndexSettings(path=tmp_path / "index", example_files=(labelled_file,))


@pytest.fixture
def index(index_settings: IndexSettings, embedder: MiniLmEmbedder) -> Iterator[SemanticIndex]:
    """A fresh index of its own, for tests that change what is stored."""
    semantic_index = SemanticIndex.open(index_settings, embedder)
    semantic_index.ensure_built()
    yield semantic_index


@pytest.fixture(scope="session")
def shared_index(tmp_path_factory: pytest.TempPathFactory, embedder: MiniLmEmbedder) -> SemanticIndex:
    """One index for the tests that only read it (opening chromadb costs a second or two)."""
    folder = tmp_path_factory.mktemp("shared")
    labelled = write_labelled(folder / "labelled.jsonl", LABELLED)
    semantic_index = SemanticIndex.open(IndexSettings(path=folder / "index", example_files=(labelled,)), embedder)
    semantic_index.ensure_built()
    return semantic_index
