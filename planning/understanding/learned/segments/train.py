"""Training the segment tagger (:mod:`.tagger`): ``planbot train`` and its first use when none is built.

Data: every labelled reply file (``commands/data/replies_*.jsonl``, :mod:`.data`), one sequence a reply.
Deterministic from the files and the seed (the seed only deals the cross-validation folds). :func:`out_of_fold`
gives each reply's probabilities from a model that never read it: over 5 random folds, or over writers (each file
tested by a model fitted on the others); ``python -m devtools.segments_cv`` prints the figures.
"""

import hashlib
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from pathlib import Path

from planning.understanding.learned import artefact, crf
from planning.understanding.learned import data as files_data
from planning.understanding.learned.features import MIN_COUNT
from planning.understanding.learned.replies import data as reply_data
from planning.understanding.learned.segments import data
from planning.understanding.learned.segments.tagger import PREFIX, SegmentsArtefact, sequence, starts_of

SEED = 37
MODEL_VERSION = "1"  # bump when the features, labels or the CRF's settings change
FOLDS = 5
C1, C2 = 0.05, 0.05  # the slot tagger's weights (planning.understanding.learned.crf); 5-fold CV found no better


@dataclass(frozen=True, slots=True)
class SegmentsReport:
    path: Path
    examples: int
    seconds: float


def training_files(files: Sequence[Path] | None = None) -> tuple[Path, ...]:
    return tuple(p for p in files if p.is_file()) if files else reply_data.default_files()


_UNDERSTANDING = Path(__file__).resolve().parents[2]


def code_files() -> tuple[Path, ...]:
    """This package's sources and the modules it reads tokens and fits with: a change of these rebuilds the tagger
    (kept apart from :mod:`..code_files`: a change here rebuilds neither the goal classifier nor the slot tagger)."""
    learned = _UNDERSTANDING / "learned"
    own = [*(learned / "segments").glob("*.py"), learned / "replies" / "data.py"]
    used = [learned / name for name in ("crf.py", "features.py", "artefact.py")]
    return tuple(sorted([*own, *used, _UNDERSTANDING / "scanner.py"]))


@cache
def code_digest() -> str:
    digest = hashlib.sha256()
    for path in code_files():
        digest.update(
            str(path.relative_to(_UNDERSTANDING)).encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest()
        )
    return digest.hexdigest()


def fingerprint(files: Sequence[Path], seed: int = SEED) -> str:
    return files_data.fingerprint(
        files, "segments", MODEL_VERSION, str(seed), version("python-crfsuite"), code_digest()
    )


def fit(replies: Sequence[data.Labelled]) -> tuple[bytes, frozenset[str]]:
    """The fitted model and the words it knows by themselves, fitted on the replies and on each of them typed
    without the marks that end its segments (:func:`.data.unmarked`)."""
    replies = [*replies, *filter(None, map(data.unmarked, replies))]
    counts = Counter(t.word for r in replies for t in r.tokens)
    common = frozenset(word for word, n in counts.items() if n >= MIN_COUNT)
    rows = [sequence(r.text, r.tokens, common) for r in replies]
    return crf.fit(rows, [r.labels for r in replies], c1=C1, c2=C2), common


def train(files: Sequence[Path] | None = None, folder: Path | None = None, seed: int = SEED) -> SegmentsReport:
    started = time.perf_counter()
    paths = training_files(files)
    replies = data.read(paths)
    if not replies:
        raise ValueError(f"no labelled replies in {[str(p) for p in paths]}")
    model, common = fit(replies)
    path = artefact.save(
        SegmentsArtefact(model, common, fingerprint(paths, seed)), folder or artefact.default_folder(), PREFIX
    )
    return SegmentsReport(path, len(replies), time.perf_counter() - started)


def out_of_fold(replies: Sequence[data.Labelled], *, seed: int = SEED, by_writer: bool = False) -> list[list[float]]:
    """Each reply's probability of a start at each token, from a model fitted without it: 5 random folds, or (with
    ``by_writer``) one fold a file."""
    if by_writer:
        writers = sorted({r.source for r in replies})
        tests = [[i for i, r in enumerate(replies) if r.source == w] for w in writers]
    else:
        order = list(range(len(replies)))
        random.Random(seed).shuffle(order)
        tests = [sorted(order[k::FOLDS]) for k in range(FOLDS)]
    out: list[list[float]] = [[] for _ in replies]
    for test in tests:
        held = set(test)
        fitted, common = fit([r for i, r in enumerate(replies) if i not in held])
        model = crf.Model(fitted)
        for i in test:
            out[i] = starts_of(model.tag(sequence(replies[i].text, replies[i].tokens, common)))
    return out
