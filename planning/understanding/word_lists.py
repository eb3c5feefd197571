"""Words people type for an event's title and place, as data: ``data/*.txt`` in this package, one phrase a line
(``# comments``; ``phrase = value`` for a map), matched on whole tokens, case-insensitively (the scanner of
``commands``). A newcomer adds a word to a file, not to code."""

from functools import cache
from pathlib import Path

from planning.understanding.commands._words import Phrases, phrases_in

_DATA = Path(__file__).parent / "data"


@cache
def listed(name: str) -> Phrases:
    """``data/{name}.txt``, read once, longest phrases first."""
    return phrases_in(_DATA / f"{name}.txt")


@cache
def words(name: str) -> frozenset[str]:
    """The one-word entries of ``data/{name}.txt``."""
    return frozenset(phrase[0] for phrase, _ in listed(name).entries if len(phrase) == 1)
