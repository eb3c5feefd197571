"""The training files: the shared HWU64 file (``../shared/eval/hwu_train.jsonl`` beside the checkout) and
the project's own examples (``data/own_*.jsonl`` in this package). Never the evaluation sets.

A line is ``{"id", "text", "expect": {"goals": [[intent, entity], ...]}}`` (the annotation format of
``data/``). A line with one goal is one example. A line with several goals is split into clauses as the parser
splits it (:class:`~planning.understanding.classifier.QueryClassifier`, feeding clauses left out): when there is
one clause per goal, each clause is an example of its goal, in order; otherwise the line is skipped.
"""

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from planning.understanding.classifier import QueryClassifier
from planning.understanding.json_lines import json_lines
from planning.understanding.learned.labels import data_label
from planning.understanding.normalize import clean

OWN_FOLDER = Path(__file__).with_name("data")
OWN_FILES = tuple(
    OWN_FOLDER / name for name in ("own_train.jsonl", "own_slots_calendar.jsonl", "own_slots_mail_crm.jsonl")
)


def _shared_eval() -> Path:
    """``shared/eval`` beside the checkout, or beside the folder of worktrees a checkout sits in (``wt/NAME``)."""
    checkout = Path(__file__).resolve().parents[3]
    for folder in (checkout.parent, checkout.parent.parent):
        if (folder / "shared" / "eval").is_dir():
            return folder / "shared" / "eval"
    return checkout.parent / "shared" / "eval"


SHARED_EVAL = _shared_eval()
SHARED_FILE = SHARED_EVAL / "hwu_train.jsonl"


@dataclass(frozen=True, slots=True)
class Example:
    text: str  # as understanding reads it (``clean``)
    label: str  # :func:`.labels.data_label` of its goal
    source: str  # the file's stem


def default_files() -> tuple[Path, ...]:
    """The shared file when it is there, and the project's own files."""
    return tuple(path for path in (SHARED_FILE, *OWN_FILES) if path.is_file())


def read_examples(paths: Iterable[Path]) -> list[Example]:
    """The usable lines of ``paths``, in order; ``ValueError`` naming the line for a line that is not JSON."""
    examples: list[Example] = []
    splitter = QueryClassifier()
    for path in paths:
        for item in json_lines(path):
            examples.extend(_examples(item, path.stem, splitter))
    return examples


def _examples(item: object, source: str, splitter: QueryClassifier) -> list[Example]:
    if not isinstance(item, dict) or not isinstance(item.get("text"), str):
        return []
    goals = (item.get("expect") or {}).get("goals") or []
    if not goals or not all(isinstance(g, list) and len(g) == 2 for g in goals):
        return []
    labels = [data_label(str(intent), str(entity)) for intent, entity in goals]
    text = clean(item["text"])
    if not text:
        return []
    if len(labels) == 1:
        return [Example(text, labels[0], source)]
    clauses = [c.text for c in splitter.clauses(text) if not c.feeds_next]
    if len(clauses) != len(labels):
        return []
    return [Example(clause, label, source) for clause, label in zip(clauses, labels, strict=True)]


def fingerprint(paths: Iterable[Path], *parts: str) -> str:
    """Changes when a file's name or content, or any of ``parts`` (seed, versions), changes."""
    digest = hashlib.sha256("\0".join(parts).encode())
    for path in sorted(paths, key=lambda p: p.name):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:24]
