"""The labelled replies as the segment tagger learns them: each reply (``commands/data/replies_*.jsonl``, read by
:mod:`..replies.data`) as its tokens, each labelled ``B`` when a segment people cut the reply into starts there and
``I`` when not. The segments of a reply join with one space into the reply, so a segment starts at a token's start."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from planning.understanding.learned.replies import data as reply_data
from planning.understanding.learned.segments.tagger import tokens_of
from planning.understanding.scanner import Token

START, INSIDE = "B", "I"


@dataclass(frozen=True, slots=True)
class Labelled:
    text: str
    tokens: tuple[Token, ...]
    labels: tuple[str, ...]
    source: str  # the file's stem: which writer
    segments: tuple[str, ...] = ()


def read(paths: Iterable[Path]) -> list[Labelled]:
    """Every well-formed reply of ``paths`` with a token, in file order."""
    out = []
    for _, grouped in groupby(reply_data.read(paths).segments, key=lambda s: s.reply):
        segments = list(grouped)
        labelled = labelled_reply([s.text for s in segments], segments[0].source)
        if labelled.tokens:
            out.append(labelled)
    return out


def labelled_reply(segments: Sequence[str], source: str = "") -> Labelled:
    text = " ".join(segments)
    starts, at = set(), 0
    for segment in segments:
        starts.add(at + len(segment) - len(segment.lstrip()))
        at += len(segment) + 1
    toks = tokens_of(text)
    labels = tuple(START if t.start in starts else INSIDE for t in toks)
    return Labelled(text, toks, labels, source, tuple(segments))


def unmarked(reply: Labelled) -> Labelled | None:
    """The reply as it is often typed in chat, without the marks that end its segments ("argh, the plumber comes
    then. make it 5" → "argh, the plumber comes then make it 5"): the same starts, told by the words alone; None when
    no segment but the last ends with a mark."""
    stripped = [segment.rstrip(_ENDS) or segment for segment in reply.segments[:-1]]
    if stripped == list(reply.segments[:-1]):
        return None
    return labelled_reply([*stripped, reply.segments[-1]], reply.source)


_ENDS = ",.;:!?-–—"
