"""The act of one segment of a reply (approve, cancel, skip, correct, answer, pick, change, undo, new_request,
thanks, ask, or none: a reason, a hedge, a comment), given what the bot last asked: a linear model over the
segment's words and the question's kind, fitted by :mod:`.train` on our own labelled replies.

The request path applies the fitted numbers with :class:`.linear.TextClassifier` (no scikit-learn); the artefact is
cached beside the others (:mod:`.artefact`), named by the fingerprint of its data, code, seed and library versions.
"""

from dataclasses import dataclass, field
from pathlib import Path

from planning.understanding.learned.linear import TextClassifier

PREFIX = "reply-acts-"


@dataclass(frozen=True, slots=True)
class ReplyActsArtefact:
    classifier: TextClassifier
    fingerprint: str
    figures: dict[str, float] = field(default_factory=dict)


def features_text(segment: str, kind: str, asked: str) -> str:
    """What the model reads: the segment's words without the marks around it (a labelled segment keeps the comma or
    the full stop after it, a clause of the reader has none; a question mark stays: it tells a question), and marks
    of the question (its kind, the field asked, both), each a word of its own that no reply contains."""
    field = asked.replace("_", "")
    words = segment.strip(_AROUND)
    asks = "?" if segment.rstrip().endswith("?") else ""
    return f"{words}{asks} qk{kind} qa{field} qk{kind}qa{field}"


_AROUND = " \t\n,.;:!?-–—"


class ReplyActs:
    """Probabilities of each act for segments of replies to one kind of question."""

    def __init__(self, artefact: ReplyActsArtefact) -> None:
        self.artefact = artefact

    @property
    def acts(self) -> tuple[str, ...]:
        return self.artefact.classifier.classes

    def read(self, segment: str, kind: str, asked: str = "none") -> dict[str, float]:
        row = self.artefact.classifier.probabilities([features_text(segment, kind, asked)])[0]
        return dict(zip(self.acts, map(float, row), strict=True))


def checked(loaded: object, path: Path) -> ReplyActsArtefact:
    if not isinstance(loaded, ReplyActsArtefact):
        raise ValueError(f"{path} is not a reply-act classifier")
    return loaded
