"""Spoken numbers to digits: "twenty five" → "25", "five thirty pm" → "5:30 pm", "march second" → "march 2nd".

Only runs of number words change; every other character (case included) is kept exactly. Ordinals are
converted only in a date context (next to a month name, or "the <ordinal>" not followed by a noun). The words are
data: the number words in ``data/cues/number_cardinals.txt`` and ``number_ordinals.txt``, the words around a number that
decide how it reads in the other ``data/cues/number_*.txt`` (read by :mod:`planning.understanding.number_context`).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from planning.understanding import number_context as around
from planning.understanding.cues import Cues, cues
from planning.understanding.scanner import Token, scan

_SPACE: Final = " \t"


@cache
def _kinds() -> dict[str, tuple[str, int]]:
    """Every number word of data/cues/number_cardinals.txt and number_ordinals.txt, with its kind and value. Kinds:
    z zero, u 1-9, t 10-19, T tens, H hundred, S thousand and over, o ordinal 1-19, O ordinal tens."""
    kinds: dict[str, tuple[str, int]] = {}
    for (word,), said in cues("number_cardinals", "atoms").entries:
        value = int(said)
        kind = "z" if value == 0 else "u" if value < 10 else "t" if value < 20 else "T" if value < 100 else "H"
        kinds[word] = ("S" if value > 100 else kind, value)
    for (word,), said in cues("number_ordinals", "atoms").entries:
        kinds[word] = ("o" if int(said) < 20 else "O", int(said))
    return kinds


@cache
def _number_words() -> frozenset[str]:
    return frozenset(_kinds())


def _suffix(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


class _Seg:
    """One number parsed from a run of number words: token indexes [i, j), value, flags."""

    __slots__ = ("i", "j", "ordinal", "simple", "value")

    def __init__(self, i: int, j: int, value: int, ordinal: bool, simple: bool) -> None:
        self.i, self.j, self.value, self.ordinal, self.simple = i, j, value, ordinal, simple


def _parse(kinds: list[tuple[str, int]], joins: list[str], i: int) -> _Seg:
    """Greedily parse one cardinal/ordinal starting at token ``i`` (which is not a scale word)."""
    total = chunk = 0
    last = ""
    last_scale = 10**12
    j = i
    n = len(kinds)
    while j < n:
        kind, v = kinds[j]
        join = joins[j] if j > i else ""
        if join == "oh" or (join == "and" and last not in ("H", "S")):
            break
        if last == "":
            ok = kind in "zutToO"
        elif last in ("u", "t"):
            ok = (kind == "H" and 0 < chunk < 100) or (kind == "S" and chunk > 0 and v < last_scale)
        elif last == "T":
            ok = (kind in "uo" and v < 10) or (kind == "S" and v < last_scale)
        elif last in ("H", "S"):
            ok = kind in "utToO" or (kind == "S" and last == "H" and v < last_scale)
        else:  # after zero or an ordinal nothing more belongs to this number
            ok = False
        if not ok:
            break
        if kind == "H":
            chunk *= 100
        elif kind == "S":
            total += max(chunk, 1) * v
            chunk = 0
            last_scale = v
        else:
            chunk += v
        last = kind
        j += 1
        if kind in "oOz":
            break
    simple = all(k in "utToO" for k, _ in kinds[i:j])
    return _Seg(i, j, total + chunk, last in ("o", "O"), simple)


def spoken_numbers_to_digits(text: str) -> str:
    """Replace runs of spoken number words by digits; everything else is returned unchanged."""
    try:
        return _convert(text)
    except Exception:  # never raise on chat input
        return text


def _convert(text: str) -> str:
    if not isinstance(text, str):
        return ""
    if not _may_say_a_number(text):
        return text
    atoms = scan(text, "atoms")
    said = [t for t in atoms if t.word in _number_words() and text[t.start : t.end].isascii()]
    if not said:
        return text
    protected = _not_numbers(text, atoms)
    runs: list[list[tuple[int, int]]] = []
    joins_by_run: list[list[str]] = []
    prev_end = -1
    for tok in said:
        s, e = tok.start, tok.end
        if any(ps <= s < pe for ps, pe in protected):
            prev_end = -1
            continue
        join = _join(text[prev_end:s]) if prev_end >= 0 else None
        if join is not None and runs:
            runs[-1].append((s, e))
            joins_by_run[-1].append(join)
        else:
            runs.append([(s, e)])
            joins_by_run.append([""])
        prev_end = e
    out: list[str] = []
    pos = 0
    for toks, joins in zip(runs, joins_by_run, strict=True):
        out.append(text[pos : toks[0][0]])
        out.append(_render_run(text, toks, joins, out))
        pos = toks[-1][1]
    out.append(text[pos:])
    return "".join(out)


_NOT_LETTERS: Final = str.maketrans({chr(c): " " for c in range(128) if not chr(c).isalpha()})


def _may_say_a_number(text: str) -> bool:
    """Whether a number word may be in ``text`` (a quick look: most texts say none)."""
    if text.isascii():
        return not _number_words().isdisjoint(text.lower().translate(_NOT_LETTERS).split())
    lowered = text.casefold()
    return any(word in lowered for word in _number_words())


def _join(gap: str) -> str | None:
    """How two number words with ``gap`` between them are joined: "hyphen", "space", a word of
    data/cues/number_joins.txt ("and", "oh"), or None when they are two numbers."""
    inner = gap.strip(_SPACE)
    if inner == "-":
        return "hyphen"
    if not gap or gap[0] not in _SPACE or gap[-1] not in _SPACE:
        return None
    if not inner:
        return "space"
    words = tuple(t.word for t in scan(inner, "atoms"))
    return cues("number_joins", "atoms").value(words) if inner.isascii() else None


def _not_numbers(text: str, atoms: tuple[Token, ...]) -> list[tuple[int, int]]:
    """Where number words are no numbers: the phrases of data/cues/number_not.txt ("no one", "one-on-one") and a word
    of number_compounds.txt joined by a hyphen to a word that is no number ("one-off")."""
    spans: list[tuple[int, int]] = []
    compounds, phrases = _first_words(cues("number_compounds", "atoms")), cues("number_not", "atoms")
    words = tuple(t.word for t in atoms)
    index = 0
    while index < len(atoms):
        found = phrases.at(words, index) if words[index] in _first_words(phrases) else None
        if found is not None and _tight(text, atoms, found.start, found.end):
            spans.append((atoms[index].start, atoms[found.end - 1].end))
            index = found.end
            continue
        if atoms[index].word in compounds and _hyphen_word_after(text, atoms, index):
            spans.append((atoms[index].start, atoms[index + 1].end))
            index += 2
            continue
        index += 1
    return spans


@cache
def _first_words(table: Cues) -> frozenset[str]:
    return frozenset(phrase[0] for phrase, _ in table.entries)


def _tight(text: str, atoms: tuple[Token, ...], start: int, end: int) -> bool:
    """Whether atoms ``start`` to ``end`` (exclusive) stand apart by nothing but spaces and tabs."""
    return all(not text[atoms[i].end : atoms[i + 1].start].strip(_SPACE) for i in range(start, end - 1))


def _hyphen_word_after(text: str, atoms: tuple[Token, ...], index: int) -> bool:
    """Whether atom ``index`` is glued by a hyphen to a word that starts with a letter and is no number word."""
    if index + 2 >= len(atoms):
        return False
    word, hyphen, after = atoms[index], atoms[index + 1], atoms[index + 2]
    glued = word.end == hyphen.start and hyphen.end == after.start and text[hyphen.start] == "-"
    first = text[after.start]
    return glued and first.isascii() and first.isalpha() and after.word not in _number_words()


def _render_run(text: str, toks: list[tuple[int, int]], joins: list[str], out: list[str]) -> str:
    kinds = [_kinds()[text[s:e].lower()] for s, e in toks]
    run_start, run_end = toks[0][0], toks[-1][1]
    if kinds[0][0] in "HS":  # "a hundred", "hundred": leave the run as words
        return text[run_start:run_end]
    segs: list[_Seg] = []
    i = 0
    while i < len(toks):
        seg = _parse(kinds, joins, i)
        if seg.j == i:  # cannot start a number here (a stray scale word)
            return text[run_start:run_end] if not segs else _emit(text, toks, joins, segs, out, i)
        segs.append(seg)
        i = seg.j
    return _emit(text, toks, joins, segs, out, len(toks))


def _emit(
    text: str,
    toks: list[tuple[int, int]],
    joins: list[str],
    segs: list[_Seg],
    out: list[str],
    stop: int,
) -> str:
    """Render the parsed segments; tokens from ``stop`` on stay as they were written."""
    pieces: list[str] = []
    k = 0
    date_ordinal_prev = False
    while k < len(segs):
        seg = segs[k]
        first = k == 0
        start = toks[seg.i][0]
        before = text[max(0, start - 24) : start]
        if k:
            pieces.append(text[toks[seg.i - 1][1] : toks[seg.i][0]])
        nxt = segs[k + 1] if k + 1 < len(segs) else None
        pair = _pair(text, toks, joins, seg, nxt, before, out, pieces, date_ordinal_prev)
        if pair is not None and nxt is not None:
            pieces.append(pair)
            date_ordinal_prev = False
            k += 2
            continue
        words = text[toks[seg.i][0] : toks[seg.j - 1][1]]
        if seg.ordinal:
            after = text[toks[seg.j - 1][1] : toks[seg.j - 1][1] + 40]
            is_date = 1 <= seg.value <= 31 and (
                (first and around.month_before(before))
                or around.month_after(after)
                or (first and around.the_before(before) and around.day_after_the(after))
            )
            pieces.append(f"{seg.value}{_suffix(seg.value)}" if is_date else words)
            date_ordinal_prev = bool(is_date)
        elif (
            seg.j - seg.i == 1
            and seg.value == 1  # "one": a thing after "that", or closing "the expense policy one"
            and (
                around.thing_lead_before(before)
                or (
                    around.names_a_thing_before(before, _number_words())
                    and around.ends_a_thing_phrase(text[toks[seg.j - 1][1] :])
                )
            )
        ):
            pieces.append(words)
            date_ordinal_prev = False
        else:
            pieces.append(str(seg.value))
            date_ordinal_prev = False
        k += 1
    if stop < len(toks):
        pieces.append(text[toks[stop - 1][1] : toks[-1][1]])
    return "".join(pieces)


def _pair(
    text: str,
    toks: list[tuple[int, int]],
    joins: list[str],
    a: _Seg,
    b: _Seg | None,
    before: str,
    out: list[str],
    pieces: list[str],
    date_ordinal_prev: bool,
) -> str | None:
    """Two adjacent numbers read as one: a time ("five thirty pm" → "5:30") or a year ("twenty seventeen")."""
    if b is None or a.ordinal or b.ordinal or not a.simple or not b.simple:
        return None
    join = joins[b.i]
    after = text[toks[b.j - 1][1] : toks[b.j - 1][1] + 30]
    if join == "oh":
        if b.j - b.i == 1 and 1 <= b.value <= 9 and 0 <= a.value <= 23:
            return f"{a.value}:{b.value:02d}"
        return None
    if a.value in (19, 20) and 10 <= b.value <= 99 and join == "space":
        if date_ordinal_prev or (a.i == 0 and around.year_lead_before(before)):
            return str(a.value * 100 + b.value)
        if around.after_a_date("".join(out)[-40:] + "".join(pieces)):
            return str(a.value * 100 + b.value)
    if 10 <= b.value <= 59 and 0 <= a.value <= 23 and a.j - a.i == 1 and b.j - b.i <= 2:
        has_ampm = around.day_half_after(after)
        if has_ampm and not 1 <= a.value <= 12:
            return None
        if has_ampm or around.clock_after(after) or (before and around.clock_before(before)):
            return f"{a.value}:{b.value:02d}"
    return None
