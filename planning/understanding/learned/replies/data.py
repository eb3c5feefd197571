"""The labelled replies the reply-act classifier learns from: ``commands/data/replies_*.jsonl``, our own data
written for training (never an evaluation set).

A line is one reply to the bot: ``{"id", "bot": {"kind", "text", "asked", "doing"}, "reply", "segments": [{"text",
"act", "value"?}, …], "acts"}``. Each segment is one example: its words, the bot's kind and the field it asked, and
the act. A line that does not hold together (not JSON, an unknown kind or act, segments that do not join to the
reply) is left out and counted, never half read.
"""

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

FOLDER = Path(__file__).resolve().parents[2] / "commands" / "data"
PATTERN = "replies_*.jsonl"

KINDS = ("approval", "value", "pick", "clarify", "done")
ACTS = (
    "approve",
    "cancel",
    "skip",
    "correct",
    "answer",
    "pick",
    "change",
    "undo",
    "new_request",
    "thanks",
    "ask",
    "none",
)


@dataclass(frozen=True, slots=True)
class Segment:
    text: str
    act: str
    kind: str  # the bot's last message: one of KINDS
    asked: str  # the field it asked for, "none" when it asked none
    source: str  # the file's stem: which writer
    reply: int = 0  # the number of its line among the lines read: the segments of one reply share it


@dataclass(frozen=True, slots=True)
class Read:
    segments: tuple[Segment, ...]
    lines: int  # lines read
    dropped: int  # lines left out as malformed


def default_files() -> tuple[Path, ...]:
    return tuple(sorted(FOLDER.glob(PATTERN)))


def read(paths: Iterable[Path]) -> Read:
    segments: list[Segment] = []
    lines = dropped = 0
    for path in paths:
        for raw in path.read_text(encoding="utf-8").splitlines():
            if not raw.strip():
                continue
            lines += 1
            found = _segments(raw, path.stem, lines)
            if found is None:
                dropped += 1
            else:
                segments.extend(found)
    return Read(tuple(segments), lines, dropped)


def _segments(raw: str, source: str, reply: int = 0) -> Sequence[Segment] | None:
    """The segments of one line, or None when the line is malformed."""
    try:
        item = json.loads(raw)
    except json.JSONDecodeError:
        return None
    if not isinstance(item, dict) or not isinstance(item.get("reply"), str) or not isinstance(item.get("bot"), dict):
        return None
    kind, asked = item["bot"].get("kind"), item["bot"].get("asked")
    parts = item.get("segments")
    if kind not in KINDS or not isinstance(parts, list) or not parts:
        return None
    if not all(isinstance(p, dict) and isinstance(p.get("text"), str) and p.get("act") in ACTS for p in parts):
        return None
    if " ".join(p["text"] for p in parts) != item["reply"] or not all(p["text"].strip() for p in parts):
        return None
    field = asked if isinstance(asked, str) and asked and asked != "null" else "none"
    return [Segment(p["text"], p["act"], kind, field, source, reply) for p in parts]
