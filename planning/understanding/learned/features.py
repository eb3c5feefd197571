"""What the slot tagger sees of each token: the word, its shape and affixes, its word class (from
``data/word_classes.json``), whether it is a common first name, whether it is a name in the requester's own
data (grounding), and the same of its neighbours (±2).

Pure: the word classes and first names are passed in, read once by the caller.
"""

import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

from planning.understanding.learned.tokens import Token

CLASSES_FILE = Path(__file__).with_name("data") / "word_classes.json"


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


def _own(token: Token, classes: Mapping[str, str], first_names: Mapping[str, str], known: str | None) -> list[str]:
    word = token.text
    lower = word.lower()
    out = [
        f"w={lower}",
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
    if known is not None:
        out.append(f"known={known}")
    return out


def sequence(
    tokens: Sequence[Token],
    classes: Mapping[str, str],
    first_names: Mapping[str, str],
    known: Sequence[str | None] | None = None,
) -> list[list[str]]:
    """One feature list per token. ``known``: per token, the kind of the requester's record it names
    (``person``, ``company``, ``event``) or ``None``."""
    marks = list(known) if known is not None else [None] * len(tokens)
    own = [_own(t, classes, first_names, k) for t, k in zip(tokens, marks, strict=True)]
    lowers = [t.text.lower() for t in tokens]
    kinds = [classes.get(w, "-") for w in lowers]
    out: list[list[str]] = []
    last = len(tokens) - 1
    for i, features in enumerate(own):
        row = ["bias", *features]
        for offset in (-2, -1, 1, 2):
            j = i + offset
            if 0 <= j <= last:
                row.append(f"{offset}:w={lowers[j]}")
                row.append(f"{offset}:class={kinds[j]}")
                if abs(offset) == 1:
                    row.append(f"{offset}:shape={shape(tokens[j].text)}")
                    if marks[j] is not None:
                        row.append(f"{offset}:known={marks[j]}")
                    if lowers[j] in first_names:
                        row.append(f"{offset}:fname")
            elif abs(offset) == 1:
                row.append("BOS" if offset < 0 else "EOS")
        if i > 0:
            row.append(f"-1|0={lowers[i - 1]}|{lowers[i]}")
        if i < last:
            row.append(f"0|1={lowers[i]}|{lowers[i + 1]}")
        out.append(row)
    return out
