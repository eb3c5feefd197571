"""The training files: the shared HWU64 file (``../shared/eval/hwu_train.jsonl`` beside the checkout) and
the project's own examples (``data/own_train.jsonl`` in this package). Never the evaluation sets.

A line is ``{"id", "text", "expect": {"goals": [[intent, entity]]}}``; a line with more or fewer than one
goal teaches nothing about one label and is skipped.
"""

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from planning.understanding.learned.labels import class_name
from planning.understanding.normalize import clean

OWN_FILE = Path(__file__).with_name("data") / "own_train.jsonl"
SHARED_FILE = Path(__file__).resolve().parents[4] / "shared" / "eval" / "hwu_train.jsonl"


@dataclass(frozen=True, slots=True)
class Example:
    text: str  # as understanding reads it (``clean``)
    label: str  # a class of :mod:`.labels`
    source: str  # the file's stem


def default_files() -> tuple[Path, ...]:
    """The shared file when it is there, and the project's own file."""
    return tuple(path for path in (SHARED_FILE, OWN_FILE) if path.is_file())


def read_examples(paths: Iterable[Path]) -> list[Example]:
    """The usable lines of ``paths``, in order; ``ValueError`` naming the line for a line that is not JSON."""
    examples: list[Example] = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as error:
                raise ValueError(f"{path}:{number}: not JSON ({error.msg})") from error
            example = _example(item, path.stem)
            if example is not None:
                examples.append(example)
    return examples


def _example(item: object, source: str) -> Example | None:
    if not isinstance(item, dict) or not isinstance(item.get("text"), str):
        return None
    goals = (item.get("expect") or {}).get("goals") or []
    if len(goals) != 1 or not isinstance(goals[0], list) or len(goals[0]) != 2:
        return None
    text = clean(item["text"])
    return Example(text, class_name(str(goals[0][0]), str(goals[0][1])), source) if text else None


def fingerprint(paths: Iterable[Path], *parts: str) -> str:
    """Changes when a file's name or content, or any of ``parts`` (seed, versions), changes."""
    digest = hashlib.sha256("\0".join(parts).encode())
    for path in sorted(paths, key=lambda p: p.name):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:24]
