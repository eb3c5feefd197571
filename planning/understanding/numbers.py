"""Spoken numbers to digits: "twenty five" → "25", "five thirty pm" → "5:30 pm", "march second" → "march 2nd".

Only runs of number words change; every other character (case included) is kept exactly. Ordinals are
converted only in a date context (next to a month name, or "the <ordinal>" not followed by a noun).
"""

from __future__ import annotations

import re
from typing import Final

_FLAGS: Final = re.IGNORECASE | re.ASCII

_UNITS: Final[dict[str, int]] = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS: Final[dict[str, int]] = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fourty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_SCALES: Final[dict[str, int]] = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_ORDINALS: Final[dict[str, int]] = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "twelveth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
}
_ORD_TENS: Final[dict[str, int]] = {"twentieth": 20, "thirtieth": 30}

# Token kinds: z zero, u 1-9, t 10-19, T tens, H hundred, S thousand/million, o ordinal 1-19, O ordinal tens.
_KIND: Final[dict[str, tuple[str, int]]] = {
    **{w: ("z" if v == 0 else "u" if v < 10 else "t", v) for w, v in _UNITS.items()},
    **{w: ("T", v) for w, v in _TENS.items()},
    **{w: ("H" if v == 100 else "S", v) for w, v in _SCALES.items()},
    **{w: ("o", v) for w, v in _ORDINALS.items()},
    **{w: ("O", v) for w, v in _ORD_TENS.items()},
}

_MONTHS: Final = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
)
_WEEKDAYS: Final = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"

_WORD_RE: Final = re.compile(r"\b(?:" + "|".join(sorted(_KIND, key=len, reverse=True)) + r")\b", _FLAGS)
_JOIN_RE: Final = re.compile(r"[ \t]*-[ \t]*|[ \t]+(?:(and|oh)[ \t]+)?", _FLAGS)
_PROTECT_RE: Final = re.compile(
    r"\bno[ \t-]+one\b|\bone[ \t-]+(?:on|to|by)[ \t-]+ones?\b|\bone[ \t-]+another\b"
    r"|\bone-(?!(?:" + "|".join(_KIND) + r")\b)(?=[a-z])",
    _FLAGS,
)
_ORD_ALT: Final = "|".join(_ORDINALS)
_ONE_DETERMINER_RE: Final = re.compile(
    r"\b(?:this|that|which|what|each|every|any|the|a|an|no|some|next|last|other|another|only|right|wrong"
    rf"|same|little|big|new|old|such|latest|newest|oldest|earliest|recent|{_ORD_ALT}"
    r"|\d{1,2}(?:st|nd|rd|th))[ \t]+$",
    _FLAGS,
)
# "the expense policy one": "one" closing a noun phrase that a determiner opened stands for a thing, not a number
_ONE_NOUN_PHRASE_RE: Final = re.compile(
    r"\b(?:the|this|that|those|these)[ \t]+(?:(?!(?:for|of|in|on|with|to|at|by|past|after|before|till|until|"
    r"from|around|about|than|is|are|" + "|".join(_KIND) + r")\b)[a-z][\w'-]*[ \t]+){1,3}$",
    _FLAGS,
)
_ONE_ENDS_RE: Final = re.compile(r"[ \t]*(?:$|[,.;:!?)]|(?:from|too|please|pls|and|instead)\b)", _FLAGS)
_TIME_BEFORE_RE: Final = re.compile(
    r"(?:\b(?:at|by|around|about|from|until|till|til|before|after|between|to|and|today|tomorrow|tonight)"
    r"|@|" + _WEEKDAYS + r")[ \t]+$",
    _FLAGS,
)
_TIME_AFTER_RE: Final = re.compile(
    r"[ \t]*(?:[ap]\.?m\b|o['’]?[ \t]?clock\b|in[ \t]+the[ \t]+(?:morning|afternoon|evening)\b"
    r"|tonight\b|today\b|tomorrow\b|at[ \t]+night\b)",
    _FLAGS,
)
_AMPM_AFTER_RE: Final = re.compile(r"[ \t]*[ap]\.?m\b", _FLAGS)
_MONTH_BEFORE_RE: Final = re.compile(r"\b" + _MONTHS + r"\.?[ \t]+(?:the[ \t]+)?$", _FLAGS)
_MONTH_AFTER_RE: Final = re.compile(r"[ \t]+(?:of[ \t]+)?" + _MONTHS + r"\b", _FLAGS)
_THE_BEFORE_RE: Final = re.compile(r"\bthe[ \t]+$", _FLAGS)
# After "the <ordinal>": the end of the text, punctuation, or a word that cannot be the noun it qualifies.
_THE_AFTER_OK_RE: Final = re.compile(
    r"[ \t]*(?:$|[.,;:!?)\n]|(?:of[ \t]+(?:the[ \t]+|this[ \t]+|next[ \t]+)?(?:month|" + _MONTHS + r")"
    r"|at|on|in|by|for|and|or|to|from|until|till|through|thru|around|between|with|please|instead|then"
    r"|is|would|works?|if|but|so|since|before|after|morning|afternoon|evening|night|[ap]\.?m|this|next"
    r"|" + _WEEKDAYS + r")\b)",
    _FLAGS,
)
_YEAR_CONTEXT_RE: Final = re.compile(
    r"(?:\b" + _MONTHS + r"\.?[ \t]+(?:the[ \t]+)?\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?[ \t]+"
    r"(?:of[ \t]+)?" + _MONTHS + r"),?[ \t]+$",
    _FLAGS,
)
_YEAR_WORD_RE: Final = re.compile(r"\b(?:in|of|year|since|until)[ \t]+$", _FLAGS)


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
    if not isinstance(text, str) or _WORD_RE.search(text) is None:
        return text if isinstance(text, str) else ""
    protected = [(m.start(), m.end()) for m in _PROTECT_RE.finditer(text)]
    runs: list[list[tuple[int, int]]] = []
    joins_by_run: list[list[str]] = []
    prev_end = -1
    for m in _WORD_RE.finditer(text):
        s, e = m.span()
        if any(ps <= s < pe for ps, pe in protected):
            prev_end = -1
            continue
        jm = _JOIN_RE.fullmatch(text, prev_end, s) if prev_end >= 0 else None
        if jm is not None and runs:
            word = (jm.group(1) or "").lower()
            runs[-1].append((s, e))
            joins_by_run[-1].append(word or ("hyphen" if "-" in jm.group(0) else "space"))
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


def _render_run(text: str, toks: list[tuple[int, int]], joins: list[str], out: list[str]) -> str:
    kinds = [_KIND[text[s:e].lower()] for s, e in toks]
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
                (first and _MONTH_BEFORE_RE.search(before) is not None)
                or _MONTH_AFTER_RE.match(after) is not None
                or (first and _THE_BEFORE_RE.search(before) is not None and _THE_AFTER_OK_RE.match(after))
            )
            pieces.append(f"{seg.value}{_suffix(seg.value)}" if is_date else words)
            date_ordinal_prev = bool(is_date)
        elif (
            seg.j - seg.i == 1
            and words.lower() == "one"
            and (
                _ONE_DETERMINER_RE.search(before)
                or (_ONE_NOUN_PHRASE_RE.search(before) and _ONE_ENDS_RE.match(text, toks[seg.j - 1][1]))
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
        if date_ordinal_prev or (a.i == 0 and _YEAR_WORD_RE.search(before)):
            return str(a.value * 100 + b.value)
        if _YEAR_CONTEXT_RE.search("".join(out)[-40:] + "".join(pieces)):
            return str(a.value * 100 + b.value)
    if 10 <= b.value <= 59 and 0 <= a.value <= 23 and a.j - a.i == 1 and b.j - b.i <= 2:
        has_ampm = _AMPM_AFTER_RE.match(after) is not None
        if has_ampm and not 1 <= a.value <= 12:
            return None
        if has_ampm or _TIME_AFTER_RE.match(after) or (before and _TIME_BEFORE_RE.search(before)):
            return f"{a.value}:{b.value:02d}"
    return None
