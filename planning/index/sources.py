"""Labelled utterances for the example bank, read from evaluation-format JSON Lines files.

A line ``{"id", "text", "expect": {"goals": [[intent, entity]]}}`` with exactly one goal whose label the
planner knows becomes an example; lines with several goals (or none) teach nothing about one clause and are
skipped. The file's stem names the source (``slurp_devel``), so an evaluation can leave an item out by
``(source, id)``.
"""

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from planning.types import Entity, Intent
from planning.understanding.examples import as_label
from planning.understanding.json_lines import json_lines
from planning.understanding.normalize import clean


@dataclass(frozen=True, slots=True)
class LabelledExample:
    source: str
    item_id: str
    text: str  # as understanding reads it (``clean``), which is what gets embedded
    intent: Intent
    entity: Entity
    key: str  # ``text_key`` of the original text


def text_key(text: str) -> str:
    """Two texts with the same key are the same utterance (case and spacing aside)."""
    return " ".join(clean(text).casefold().split())


def read_examples(path: Path) -> list[LabelledExample]:
    """The usable examples of one file; ``ValueError`` naming the line for a line that is not JSON."""
    examples = []
    for item in json_lines(path):
        example = _example(path.stem, item)
        if example is not None:
            examples.append(example)
    return examples


def _example(source: str, item: object) -> LabelledExample | None:
    if not isinstance(item, dict) or not isinstance(item.get("text"), str) or "id" not in item:
        return None
    goals = (item.get("expect") or {}).get("goals") or []
    if len(goals) != 1 or not isinstance(goals[0], list) or len(goals[0]) != 2:
        return None
    label = as_label(*goals[0])
    text = clean(item["text"])
    if label is None or not text:
        return None
    return LabelledExample(source, str(item["id"]), text, *label, key=text_key(item["text"]))


def fingerprint(paths: Iterable[Path], model_id: str) -> str:
    """Changes when a file's name or content, or the embedding model, changes."""
    digest = hashlib.sha256(model_id.encode())
    for path in sorted(paths, key=lambda p: p.name):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:32]
