"""What the slot tagger sees of each token: the word, its shape and affixes, its word class (from
``data/word_classes.json``), whether it is a common first name, whether it is a name in the requester's own
data (grounding), whether it is a last name, and the same of its neighbours (±2). An unseen word that is no first
name is marked by its rank in a vocabulary of ordinary English words (the embedding tokenizer's; ``none`` when it
lacks the word, as it lacks unusual names): "visa" or "alerts" is an ordinary word, "ngozika" likely a name.

A word the training data holds fewer than :data:`MIN_COUNT` times is seen as ``<rare>``, not as itself: the
model learns what an unseen word is from the many words seen once (most of them names), instead of learning
each of those words by heart and knowing nothing of a word it never met ("raju", "ashmit").

Pure: the word classes, first names and common words are passed in, read once by the caller.
"""

import json
from collections import Counter
from collections.abc import Container, Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path

from planning.understanding.learned.tokens import Token

CLASSES_FILE = Path(__file__).with_name("data") / "word_classes.json"
MIN_COUNT = 2  # a word seen fewer times in training is <rare>
RARE = "<rare>"
_ENDINGS = ("s", "es", "ed", "ing", "ly")  # an inflected word is ordinary when its stem is ("alerts", "booked")


@cache
def word_classes() -> dict[str, str]:
    """Lower-case word → its class (``weekday``, ``month``, ``zone``, ``number``, …), first class listed wins."""
    raw = json.loads(CLASSES_FILE.read_text(encoding="utf-8"))
    out: dict[str, str] = {}
    for kind, listed in raw.items():
        if kind.startswith("_"):
            continue
        for word in listed:
            out.setdefault(str(word).lower(), kind)
    return out


def shape(word: str) -> str:
    """Letters as X/x, digits as d, other characters as they are; runs collapsed ("Priya" → "Xx", "3pm" → "dx")."""
    out: list[str] = []
    for ch in word:
        mark = "X" if ch.isupper() else "x" if ch.isalpha() else "d" if ch.isdigit() else ch
        if not out or out[-1] != mark:
            out.append(mark)
    return "".join(out)[:6]


def common_words(sentences: Iterable[Sequence[Token]], least: int = MIN_COUNT) -> frozenset[str]:
    """The lower-case words that occur at least ``least`` times in ``sentences``."""
    counts = Counter(t.text.lower() for tokens in sentences for t in tokens)
    return frozenset(word for word, n in counts.items() if n >= least)


def _own(
    token: Token,
    classes: Mapping[str, str],
    first_names: Mapping[str, str],
    last_names: Mapping[str, str],
    known: str | None,
    seen: str,
    vocabulary: Mapping[str, str],
) -> list[str]:
    word = token.text
    lower = word.lower()
    out = [
        f"w={seen}",
        f"shape={shape(word)}",
        f"p3={lower[:3]}",
        f"s2={lower[-2:]}",
        f"s3={lower[-3:]}",
        f"class={classes.get(lower, '-')}",
    ]
    if word[:1].isupper():
        out.append("title" if word[1:].islower() or len(word) == 1 else "upper")
    if any(ch.isdigit() for ch in word):
        out.append("digit")
    name = first_names.get(lower)
    if name is not None:
        out.append(f"fname={name}")
    surname = last_names.get(lower)
    if surname is not None:
        out.append(f"lname={surname}")
    if known is not None:
        out.append(f"known={known}")
    if vocabulary and seen == RARE and lower.isalpha() and name is None:  # what an unseen word is likely to be
        out.append(f"voc={ordinary(lower, vocabulary)}")
    return out


def ordinary(lower: str, vocabulary: Mapping[str, str]) -> str:
    """The rank bucket of ``lower`` or of its stem in ``vocabulary``, or ``none``."""
    found = vocabulary.get(lower)
    for ending in _ENDINGS:
        if found is not None:
            break
        if lower.endswith(ending) and len(lower) - len(ending) > 2:
            found = vocabulary.get(lower[: -len(ending)])
    return found or "none"


def sequence(
    tokens: Sequence[Token],
    classes: Mapping[str, str],
    first_names: Mapping[str, str],
    known: Sequence[str | None] | None = None,
    common: Container[str] | None = None,
    last_names: Mapping[str, str] | None = None,
    vocabulary: Mapping[str, str] | None = None,
) -> list[list[str]]:
    """One feature list per token. ``known``: per token, the kind of the requester's record it names
    (``person``, ``company``, ``event``) or ``None``; ``common``: the words the model knows by themselves (the
    others are :data:`RARE`; ``None``: every word); ``last_names``: lower-case last name → its rank bucket;
    ``vocabulary``: ordinary lower-case word → its rank bucket (:func:`gazetteer.ordinary_words`)."""
    surnames = last_names or {}
    words = vocabulary or {}
    marks = list(known) if known is not None else [None] * len(tokens)
    lowers = [t.text.lower() for t in tokens]
    kinds = [classes.get(w, "-") for w in lowers]
    seen = [w if common is None or w in common or kinds[i] != "-" else RARE for i, w in enumerate(lowers)]
    own = [_own(t, classes, first_names, surnames, k, s, words) for t, k, s in zip(tokens, marks, seen, strict=True)]
    out: list[list[str]] = []
    last = len(tokens) - 1
    for i, features in enumerate(own):
        row = ["bias", *features]
        for offset in (-2, -1, 1, 2):
            j = i + offset
            if 0 <= j <= last:
                row.append(f"{offset}:w={seen[j]}")
                row.append(f"{offset}:class={kinds[j]}")
                if abs(offset) == 1:
                    row.append(f"{offset}:shape={shape(tokens[j].text)}")
                    if marks[j] is not None:
                        row.append(f"{offset}:known={marks[j]}")
                    if lowers[j] in surnames:
                        row.append(f"{offset}:lname")
                if lowers[j] in first_names:  # ±2: a name, then "and" or ",", then maybe another
                    row.append(f"{offset}:fname")
            elif abs(offset) == 1:
                row.append("BOS" if offset < 0 else "EOS")
        if i > 0:
            row.append(f"-1|0={seen[i - 1]}|{seen[i]}")
        if i < last:
            row.append(f"0|1={seen[i]}|{seen[i + 1]}")
        out.append(row)
    return out
