"""Where a reply's segments start: a linear-chain CRF (:mod:`..crf`) labels each token ``B`` (one thing said begins
here: "make it 45 | she has a hard stop at 12") or ``I``, fitted by :mod:`.train` on the labelled replies.

What it sees of a token: the word (a word seen fewer than twice in training as ``<rare>``), its shape, whether it is
capitalised or holds a digit, and the words and shapes of its neighbours (±2) with the word pairs around it. No list
of words: which words begin a new thing is learned.
"""

import threading
from collections.abc import Container, Sequence
from dataclasses import dataclass, field

from planning.understanding.learned import crf
from planning.understanding.learned.features import RARE, shape
from planning.understanding.scanner import Token, scan

PREFIX = "segments-"


@dataclass(frozen=True, slots=True)
class SegmentsArtefact:
    model: bytes  # crf.fit's output
    common: frozenset[str]  # the words the model knows by themselves
    fingerprint: str
    figures: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Start:
    """A token of the reply and the tagger's probability that a segment starts there."""

    start: int
    end: int
    probability: float


def tokens_of(text: str) -> tuple[Token, ...]:
    """The tokens the tagger labels: the reply readers' reading of the scanner (``joined``)."""
    return scan(text, "joined")


def sequence(text: str, toks: Sequence[Token], common: Container[str]) -> list[list[str]]:
    """One feature list per token."""
    seen = [t.word if t.word in common else RARE for t in toks]
    shapes = [shape(text[t.start : t.end]) for t in toks]
    last = len(toks) - 1
    out: list[list[str]] = []
    for i, tok in enumerate(toks):
        typed = text[tok.start : tok.end]
        row = ["bias", f"w={seen[i]}", f"shape={shapes[i]}"]
        if typed[:1].isupper():
            row.append("title" if typed[1:].islower() or len(typed) == 1 else "upper")
        if any(ch.isdigit() for ch in typed):
            row.append("digit")
        for offset in (-2, -1, 1, 2):
            j = i + offset
            if 0 <= j <= last:
                row.append(f"{offset}:w={seen[j]}")
                if abs(offset) == 1:
                    row.append(f"{offset}:shape={shapes[j]}")
            elif abs(offset) == 1:
                row.append("BOS" if offset < 0 else "EOS")
        if i > 0:
            row.append(f"-1|0={seen[i - 1]}|{seen[i]}")
        if i < last:
            row.append(f"0|1={seen[i]}|{seen[i + 1]}")
        if 0 < i < last:
            row.append(f"-1|1={seen[i - 1]}|{seen[i + 1]}")
        row.append(f"at={min(i, 4)}")
        row.append(f"left={min(last - i, 4)}")
        row.append(f"s2={tok.word[-2:]}")
        out.append(row)
    return out


def starts_of(tagged: crf.Tagged) -> list[float]:
    """Each token's probability of ``B`` (two labels: the other's marginal taken from one)."""
    return [p if label == "B" else 1.0 - p for label, p in zip(tagged.labels, tagged.marginals, strict=True)]


class SegmentTagger:
    def __init__(self, artefact: SegmentsArtefact) -> None:
        self.artefact = artefact
        self._local = threading.local()  # one CRFsuite tagger per thread

    def starts(self, text: str) -> tuple[Start, ...]:
        """Each token of ``text`` with the probability that a segment starts at it (the first token's is 1)."""
        toks = tokens_of(text)
        if not toks:
            return ()
        found = starts_of(self._model().tag(sequence(text, toks, self.artefact.common)))
        return tuple(
            Start(t.start, t.end, 1.0 if i == 0 else p) for i, (t, p) in enumerate(zip(toks, found, strict=True))
        )

    def _model(self) -> crf.Model:
        model: crf.Model | None = getattr(self._local, "model", None)
        if model is None:
            model = crf.Model(self.artefact.model)
            self._local.model = model
        return model


def checked(loaded: object, path: object) -> SegmentsArtefact:
    if not isinstance(loaded, SegmentsArtefact):
        raise ValueError(f"{path} is not a segment tagger")
    return loaded
