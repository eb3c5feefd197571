"""Words people type for an event's title and place, as data: ``data/*.txt`` in this package, one phrase a line
(``# comments``; ``phrase = value`` for a map), matched on whole tokens, case-insensitively (the scanner of
``commands``). A newcomer adds a word to a file, not to code."""

from functools import cache
from pathlib import Path

from planning.understanding.commands._words import Phrases, tokens

_DATA = Path(__file__).parent / "data"


@cache
def listed(name: str) -> Phrases:
    """``data/{name}.txt``, read once, longest phrases first."""
    entries: list[tuple[tuple[str, ...], str]] = []
    for line in (_DATA / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        line = line.split(" #", 1)[0].strip() if not line.startswith("#") else ""
        if not line:
            continue
        phrase, _, value = line.partition(" = ")
        entries.append((tuple(t.word for t in tokens(phrase.strip())), value.strip() or phrase.strip()))
    entries.sort(key=lambda entry: -len(entry[0]))
    return Phrases(tuple(entries))


@cache
def words(name: str) -> frozenset[str]:
    """The one-word entries of ``data/{name}.txt``."""
    return frozenset(phrase[0] for phrase, _ in listed(name).entries if len(phrase) == 1)
