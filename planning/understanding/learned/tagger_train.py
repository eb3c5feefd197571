"""Training the slot tagger: ``planbot train`` (with the goal classifier) and its first use when none is built.

Data: every line of the shared HWU64 file (in scope and out: both teach what is and is not a person, place or
time) and the project's own ``data/own_slots_*.jsonl``. Never an evaluation set. Deterministic from the files
and the seed: the seed only chooses which annotated people, companies and titles are marked as names the
requester knows (grounding, simulated: about half of them, plus a few ordinary words marked known so a known
mark alone never makes a name).
"""

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from planning.understanding.learned import artefact, code_files, crf, data, features, gazetteer, spans
from planning.understanding.learned.tagger import PREFIX, TaggerArtefact, bio, decode
from planning.understanding.learned.tokens import Token, tokenize

SEED = 23
MODEL_VERSION = "6"  # bump when features, labels or the CRF's settings change
FOLDS = 5
KNOWN_SHARE = 0.15  # the share of annotated names marked as known to the requester
NOISE_SHARE = 0.03  # the share of requests with one ordinary word marked known
_KNOWN_KIND = {"person": "person", "business_name": "company", "event_name": "event"}


@dataclass(frozen=True, slots=True)
class Labelled:
    tokens: list[Token]
    labels: list[str]
    known: list[str | None]
    source: str
    text: str


@dataclass(frozen=True, slots=True)
class TaggerReport:
    path: Path
    examples: int
    seconds: float
    figures: dict[str, float]


def own_files() -> tuple[Path, ...]:
    return tuple(sorted(data.OWN_FOLDER.glob("own_slots_*.jsonl")))


def training_files(files: Sequence[Path] | None = None) -> tuple[Path, ...]:
    if files:
        return tuple(p for p in files if p.is_file())
    return tuple(p for p in (data.SHARED_FILE, *own_files()) if p.is_file())


def fingerprint(files: Sequence[Path], seed: int = SEED) -> str:
    return data.fingerprint(
        files,
        "slots",
        MODEL_VERSION,
        str(seed),
        version("python-crfsuite"),
        features.CLASSES_FILE.read_text(encoding="utf-8"),
        code_files.code_digest(),
    )


def sequences(annotated: Sequence[spans.Annotated], seed: int) -> list[Labelled]:
    rng = random.Random(seed)
    out: list[Labelled] = []
    for item in annotated:
        tokens = tokenize(item.text)
        if not tokens:
            continue
        labels = bio(tokens, [(s.kind, s.start, s.end) for s in item.spans])
        known: list[str | None] = [None] * len(tokens)
        for span in item.spans:
            kind = _KNOWN_KIND.get(span.kind)
            if kind is not None and rng.random() < KNOWN_SHARE:
                for i, token in enumerate(tokens):
                    if token.start < span.end and span.start < token.end:
                        known[i] = kind
        if rng.random() < NOISE_SHARE:
            plain = [i for i, t in enumerate(tokens) if labels[i] == "O" and t.text.isalpha() and len(t.text) > 2]
            if plain:
                known[rng.choice(plain)] = rng.choice(("person", "company"))
        out.append(Labelled(tokens, labels, known, item.source, item.text))
    return out


def fit(
    train: Sequence[Labelled],
    first_names: dict[str, str],
    last_names: dict[str, str],
    vocabulary: dict[str, str] | None = None,
) -> tuple[bytes, frozenset[str]]:
    """The fitted model and the words it knows by themselves (the others it reads as rare)."""
    classes = features.word_classes()
    common = features.common_words(s.tokens for s in train)
    rows = [features.sequence(s.tokens, classes, first_names, s.known, common, last_names, vocabulary) for s in train]
    return crf.fit(rows, [s.labels for s in train]), common


def train(files: Sequence[Path] | None = None, folder: Path | None = None, *, seed: int = SEED) -> TaggerReport:
    started = time.perf_counter()
    paths = training_files(files)
    if not paths:
        raise data_missing()
    first_names, last_names, vocabulary = gazetteer.first_names(), gazetteer.last_names(), gazetteer.ordinary_words()
    train_set = sequences(spans.read(paths), seed)
    model, common = fit(train_set, first_names, last_names, vocabulary)
    built = TaggerArtefact(
        model, first_names, fingerprint(paths, seed), common=common, last_names=last_names, vocabulary=vocabulary
    )
    path = artefact.save(built, folder or artefact.default_folder(), PREFIX)
    return TaggerReport(path, len(train_set), time.perf_counter() - started, {})


def data_missing() -> RuntimeError:
    from planning.understanding.learned.train import NoTrainingDataError

    return NoTrainingDataError(f"no slot training data at {data.SHARED_FILE}")


def cross_validate(files: Sequence[Path] | None = None, *, seed: int = SEED, folds: int = FOLDS) -> dict[str, float]:
    """Span precision, recall and F1 per type over ``folds`` folds of the shared file (the project's own files
    are in every training fold, never scored), read without known names; ``known_*`` the same with the
    annotated people, companies and titles known (as grounding would mark them)."""
    paths = training_files(files)
    first_names, last_names, vocabulary = gazetteer.first_names(), gazetteer.last_names(), gazetteer.ordinary_words()
    every = sequences(spans.read(paths), seed)
    shared = [s for s in every if s.source == data.SHARED_FILE.stem]
    own = [s for s in every if s.source != data.SHARED_FILE.stem]
    order = list(range(len(shared)))
    random.Random(seed).shuffle(order)
    counts: Counter[str] = Counter()
    known_counts: Counter[str] = Counter()
    classes = features.word_classes()
    for fold in range(folds):
        held = {order[i] for i in range(fold, len(order), folds)}
        fitted, common = fit(
            [s for i, s in enumerate(shared) if i not in held] + own, first_names, last_names, vocabulary
        )
        model = crf.Model(fitted)
        for i in sorted(held):
            s = shared[i]
            gold = set(decode(s.text, s.tokens, s.labels, [1.0] * len(s.tokens)))
            for marks, tally in ((None, counts), (_all_known(s), known_counts)):
                rows = features.sequence(s.tokens, classes, first_names, marks, common, last_names, vocabulary)
                tagged = model.tag(rows)
                _tally(tally, {(g.kind, g.start, g.end) for g in gold}, decode(s.text, s.tokens, *_pair(tagged)))
    return {**_figures(counts, ""), **_figures(known_counts, "known_")}


def _pair(tagged: crf.Tagged) -> tuple[Sequence[str], Sequence[float]]:
    return tagged.labels, tagged.marginals


def _all_known(s: Labelled) -> list[str | None]:
    return [_KNOWN_KIND.get(label[2:]) if label != "O" else None for label in s.labels]


def _tally(tally: Counter[str], gold: set[tuple[str, int, int]], found: Sequence[object]) -> None:
    predicted = {(f.kind, f.start, f.end) for f in found}  # type: ignore[attr-defined]
    for kind, _, _ in gold:
        tally[f"gold:{kind}"] += 1
    for kind, _, _ in predicted:
        tally[f"pred:{kind}"] += 1
    for kind, _, _ in gold & predicted:
        tally[f"tp:{kind}"] += 1


def _figures(tally: Counter[str], prefix: str) -> dict[str, float]:
    out: dict[str, float] = {}
    kinds = sorted({key.split(":", 1)[1] for key in tally})
    for kind in [*kinds, "all"]:
        if kind == "all":
            tp = sum(v for k, v in tally.items() if k.startswith("tp:"))
            pred = sum(v for k, v in tally.items() if k.startswith("pred:"))
            gold = sum(v for k, v in tally.items() if k.startswith("gold:"))
        else:
            tp, pred, gold = tally[f"tp:{kind}"], tally[f"pred:{kind}"], tally[f"gold:{kind}"]
        p = tp / pred if pred else 0.0
        r = tp / gold if gold else 0.0
        out[f"{prefix}{kind}_p"] = round(p, 4)
        out[f"{prefix}{kind}_r"] = round(r, 4)
        out[f"{prefix}{kind}_f1"] = round(2 * p * r / (p + r), 4) if p + r else 0.0
        out[f"{prefix}{kind}_n"] = float(gold)
    return out
