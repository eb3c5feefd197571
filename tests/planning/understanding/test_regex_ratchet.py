"""The regex forest only shrinks (issue 23): words people type live in data files, a regex is for formats.

The count is of lines in ``planning/understanding`` that call ``re.compile``, ``re.search`` … (the same count as
``grep -rc "re\\.\\(compile\\|search\\|…\\)"``). When you remove regexes, lower ``CEILING`` to the new count; a rise
fails here: put the words in a cue file (``planning/understanding/data/cues``) and match them with
``planning.understanding.cues`` instead.

A line count misses the patterns one helper compiles from a table of rows (what ``lexicon._rows`` was: one line,
dozens of patterns), so the compiled patterns the modules hold are counted too: every ``re.Pattern`` reachable from
a module's names, through lists, tuples, dicts and dataclasses. Lower ``COMPILED_CEILING`` as you remove them.
"""

import dataclasses
import importlib
import pkgutil
import re
from pathlib import Path

import planning.understanding

CEILING = 23
COMPILED_CEILING = 65
# files whose cue words went to data: no regex may come back into them
REGEX_FREE = (
    "extract.py",
    "existing.py",
    "acting_on.py",
    "reported.py",
    "classifier.py",
    "interpret.py",
    "lexicon.py",
    "cue_context.py",
    "asked_fields.py",
    "reminders.py",
    "attendee_swaps.py",
    "verbforms.py",
    "learned/reading.py",
    "event_title.py",
    "job_titles.py",
    "records_text.py",
    "numbers.py",
    "number_context.py",
    "commands/values.py",
)

_USE = re.compile(r"re\.(?:compile|search|match|sub|findall|fullmatch|split|finditer)\b")
_ROOT = Path(planning.understanding.__file__).parent


def _uses(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if _USE.search(line))


def test_regex_uses_in_understanding_do_not_rise() -> None:
    counts = {str(path.relative_to(_ROOT)): _uses(path) for path in _ROOT.rglob("*.py")}
    total = sum(counts.values())
    worst = sorted(((n, name) for name, n in counts.items() if n), reverse=True)[:8]
    assert total <= CEILING, f"{total} regex uses in planning/understanding (ceiling {CEILING}); most in {worst}"


def test_files_read_with_cue_lists_hold_no_regex() -> None:
    for name in REGEX_FREE:
        assert _uses(_ROOT / name) == 0, f"{name} uses re again: put the words in data/cues and use cues.py"


def _patterns(value: object, seen: set[int], depth: int = 0) -> int:
    """The compiled patterns reachable from ``value`` not counted yet."""
    if isinstance(value, re.Pattern):
        fresh = id(value) not in seen
        seen.add(id(value))
        return int(fresh)
    if depth > 4:
        return 0
    if isinstance(value, (list, tuple, set, frozenset)):
        return sum(_patterns(item, seen, depth + 1) for item in value)
    if isinstance(value, dict):
        return sum(_patterns(item, seen, depth + 1) for item in value.values())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return sum(_patterns(getattr(value, field.name), seen, depth + 1) for field in dataclasses.fields(value))
    return 0


def test_compiled_patterns_in_understanding_do_not_rise() -> None:
    seen: set[int] = set()
    counts: dict[str, int] = {}
    for info in pkgutil.walk_packages(planning.understanding.__path__, "planning.understanding."):
        module = importlib.import_module(info.name)
        counts[info.name] = sum(_patterns(value, seen) for name, value in vars(module).items() if name[:2] != "__")
    total = sum(counts.values())
    worst = sorted(((n, name) for name, n in counts.items() if n), reverse=True)[:8]
    assert total <= COMPILED_CEILING, f"{total} compiled patterns (ceiling {COMPILED_CEILING}); most in {worst}"


@dataclasses.dataclass(frozen=True)
class _Row:
    concept: str
    pattern: re.Pattern[str]


def test_the_compiled_count_sees_patterns_made_by_a_helper() -> None:
    # the shape lexicon's rows had: one compiling line, a table of dataclass rows, each holding a pattern
    rows = tuple(_Row(word, re.compile(rf"\b{word}\b")) for word in ("alpha", "beta", "gamma"))
    seen: set[int] = set()
    assert _patterns({"rows": [rows]}, seen) == 3
    assert _patterns(rows, seen) == 0  # each pattern counted once
