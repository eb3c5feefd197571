"""The code and word lists a trained model depends on, for its fingerprint.

A model is rebuilt when its training files change, and also when the code that turns those files into
examples and features changes: the text cleaning, the clause splitter, the tagger's features and their word
lists. Without this a checkout kept a model trained by older code, and a fresh clone (CI) read requests
differently from the machine the tests had passed on.
"""

import hashlib
from collections.abc import Iterable
from functools import cache
from pathlib import Path

_UNDERSTANDING = Path(__file__).resolve().parents[1]

# Modules outside this package that the training path imports (tests/planning/understanding/
# test_model_fingerprint.py checks the list against the imports).
TRAINING_MODULES = (
    "__init__",
    "addressed_text",
    "classifier",
    "combinations",
    "commands/_emoji",
    "commands/_words",
    "cue_context",
    "cues",
    "day_typos",
    "given_text",
    "help_asked",
    "json_lines",
    "lead_spans",
    "lexicon",
    "message_cues",
    "message_lines",
    "names",
    "normalize",
    "number_context",
    "numbers",
    "record_topic",
    "scanner",
    "timewords",
    "verb_typos",
    "word_lists",
    "words",
)


def code_files() -> tuple[Path, ...]:
    """This package's sources and data, the modules of :data:`TRAINING_MODULES` and the cue word lists."""
    learned = _UNDERSTANDING / "learned"
    files = [*learned.glob("*.py"), *(learned / "data").glob("*.json")]
    files += [_UNDERSTANDING / f"{name}.py" for name in TRAINING_MODULES]
    files += [*(_UNDERSTANDING / "data" / "cues").glob("*.txt"), _UNDERSTANDING / "data" / "length_adjectives.txt"]
    return tuple(sorted(files))


@cache
def code_digest() -> str:
    """One digest of :func:`code_files` (their paths relative to the package, and contents)."""
    return _digest(code_files())


def _digest(paths: Iterable[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(
            str(path.relative_to(_UNDERSTANDING)).encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest()
        )
    return digest.hexdigest()
