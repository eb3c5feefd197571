"""The slot tagger: a request → its typed spans (people, dates, times, titles, places, companies, …), each with
the tagger's probability of it.

``SlotTagger.read(text, known=...)``: ``known`` maps names in the requester's own data (contacts, companies,
deals, event titles, mail senders; lower case) to their kind (``person``, ``company``, ``event``); a token
they cover carries that as a feature, which the model learned to weigh (it was trained with a random half of
the annotated people, companies and titles marked known, so it reads as well without).
"""

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from planning.understanding.learned import crf, features
from planning.understanding.learned.tokens import Token, tokenize

PREFIX = "slots-"
KNOWN_KINDS = ("person", "company", "event")
_TRIMMED = frozenset({"'s", "'", ",", ".", "?", "!", ";", ":"})  # never the last token of a span
_MAX_KNOWN_WORDS = 5


@dataclass(frozen=True, slots=True)
class SlotSpan:
    kind: str  # a type of :data:`.spans.TYPES`
    text: str  # as the request writes it
    start: int
    end: int
    probability: float  # the least of its tokens' marginal probabilities


@dataclass(frozen=True, slots=True)
class TaggerArtefact:
    model: bytes  # crf.fit's output
    first_names: dict[str, str]
    fingerprint: str
    figures: dict[str, float] = field(default_factory=dict)
    common: frozenset[str] | None = None  # the words the model knows by themselves (features.common_words)
    last_names: dict[str, str] = field(default_factory=dict)  # gazetteer.last_names
    vocabulary: dict[str, str] = field(default_factory=dict)  # gazetteer.ordinary_words


class SlotTagger:
    def __init__(self, artefact: TaggerArtefact) -> None:
        self.artefact = artefact
        self._local = threading.local()  # one CRFsuite tagger per thread

    def read(self, text: str, known: Mapping[str, str] | None = None) -> tuple[SlotSpan, ...]:
        tokens = tokenize(text)
        marks = known_marks(tokens, known) if known else None
        rows = features.sequence(
            tokens,
            features.word_classes(),
            self.artefact.first_names,
            marks,
            self.artefact.common,
            self.artefact.last_names,
            self.artefact.vocabulary,
        )
        tagged = self._model().tag(rows)
        return decode(text, tokens, tagged.labels, tagged.marginals)

    def _model(self) -> crf.Model:
        model: crf.Model | None = getattr(self._local, "model", None)
        if model is None:
            model = crf.Model(self.artefact.model)
            self._local.model = model
        return model


def bio(tokens: Sequence[Token], spans: Sequence[tuple[str, int, int]]) -> list[str]:
    """The BIO label of each token for ``spans`` ((kind, start, end) in characters): a token inside a span
    (or overlapping it) is that span's."""
    labels = ["O"] * len(tokens)
    for kind, start, end in spans:
        inside = [i for i, t in enumerate(tokens) if t.start < end and start < t.end]
        for n, i in enumerate(inside):
            labels[i] = f"{'B' if n == 0 else 'I'}-{kind}"
    return labels


def decode(
    text: str, tokens: Sequence[Token], labels: Sequence[str], marginals: Sequence[float]
) -> tuple[SlotSpan, ...]:
    out: list[SlotSpan] = []
    current: list[int] = []
    kind = ""

    def close() -> None:
        while current and tokens[current[-1]].text in _TRIMMED:
            current.pop()
        while current and tokens[current[0]].text in _TRIMMED:
            current.pop(0)
        if current:
            first, last = tokens[current[0]], tokens[current[-1]]
            probability = min(marginals[i] for i in current)
            out.append(SlotSpan(kind, text[first.start : last.end], first.start, last.end, round(probability, 3)))
        current.clear()

    for i, label in enumerate(labels):
        tag, _, name = label.partition("-")
        if tag == "B" or (tag == "I" and name != kind):
            close()
            kind = name
            current.append(i)
        elif tag == "I":
            current.append(i)
        else:
            close()
    close()
    return tuple(out)


def known_marks(tokens: Sequence[Token], known: Mapping[str, str]) -> list[str | None]:
    """Each token's kind of known name (longest match first), ``None`` for the others. A person's first word
    alone is known too ("priya" for the contact Priya Shah)."""
    table: dict[tuple[str, ...], str] = {}
    for name, kind in known.items():
        words = tuple(t.text.lower() for t in tokenize(name))
        if not words or len(words) > _MAX_KNOWN_WORDS:
            continue
        table.setdefault(words, kind)
        if kind == "person" and len(words) > 1 and len(words[0]) > 2:
            table.setdefault(words[:1], kind)
    lowers = [t.text.lower() for t in tokens]
    marks: list[str | None] = [None] * len(tokens)
    i = 0
    while i < len(tokens):
        for size in range(min(_MAX_KNOWN_WORDS, len(tokens) - i), 0, -1):
            found = table.get(tuple(lowers[i : i + size]))
            if found is not None:
                marks[i : i + size] = [found] * size
                i += size
                break
        else:
            i += 1
    return marks
