"""Typed values in a request: money amounts, deal stages, lead statuses, phone numbers, limits.

The numbers are read by their format; the words around them (scales, currencies, stages, "last", "unread") are
cue lists in ``data/cues`` (:mod:`planning.understanding.cues`).
"""

import re

from planning.understanding.cues import Cues, Words, cues
from planning.understanding.timewords import DAY_NAMES, PLURAL_WEEKDAYS

# a number as written, with letters glued to it ("50k", "1.2m", "20,000")
_NUMBER = re.compile(r"(\d+(?:[.,]\d+)*)([a-z]*)")
_PHONE = re.compile(r"(?<![\w@])(\+?\d[\d\s().-]{5,}\d)(?![\w@])")
_MAX_COUNT = 3  # digits of a count ("the last 5 emails"); a longer number is not one


def amount(text: str) -> float | None:
    """A money amount ("50k", "$20,000", "20000 dollars", "1.2m"); not a time, a count or a phone number."""
    words = Words.of(text)
    seq = words.words
    scales, currencies = cues("amount_scales"), cues("currency_words")
    for index, word in enumerate(seq):
        number = _NUMBER.fullmatch(word)
        if number is None:
            continue
        digits, glued = number.groups()
        after = index + 1
        scale = scales.value((glued,)) if glued else None
        if glued and scale is None:
            continue
        spaced = scales.at(seq, after) if scale is None and after < len(seq) else None
        if spaced is not None:
            scale, after = spaced.value, spaced.end
        money = (index > 0 and seq[index - 1] in currencies) or (after < len(seq) and seq[after] in currencies)
        if not (scale or money):
            if cues("amount_leads").ending(seq[:index]) is None:
                continue
            if after < len(seq) and (seq[after] in cues("not_an_amount_after") or seq[after][:1].isdigit()):
                continue
        try:
            value = float(digits.replace(",", ""))
        except ValueError:
            continue
        return value * float(scale or 1)
    return None


def stage(text: str) -> str | None:
    return _first_named(cues("deal_stages"), text)


def status(text: str) -> str | None:
    return _first_named(cues("lead_statuses"), text)


def _first_named(table: Cues, text: str) -> str | None:
    """The value of ``table`` said in ``text`` that comes first in the table's file."""
    said = {found.value for found in table.find_all(Words.of(text))}
    return next((value for value in table.values if value in said), None)


def wants_open(text: str) -> bool:
    return cues("open_records").in_text(text)


def phone(text: str) -> str | None:
    for match in _PHONE.finditer(text):
        digits = sum(ch.isdigit() for ch in match.group(1))
        if 7 <= digits <= 15:
            return match.group(1).strip()
    return None


def limit(text: str) -> int | None:
    """How many items the request wants: "the last email" → 1, "last 5 emails" → 5."""
    words = Words.of(text)
    seq = words.words
    for found in cues("count_words").find_all(words):
        count = seq[found.end] if found.end < len(seq) else ""
        if count.isdigit() and len(count) <= _MAX_COUNT:
            if found.end + 1 < len(seq) and seq[found.end + 1] in cues("length_units"):
                continue
            return int(count)
    if _says_latest(words) and cues("plural_items").find(words) is None:
        return 1
    return None


def _says_latest(words: Words) -> bool:
    """ "my last email", "the next meeting", "my next 1:1"; not "last week", "next Friday", "the first 3" (a period
    or a count)."""
    for found in cues("latest_words").find_all(words):
        after = words.words[found.end].removesuffix("'s") if found.end < len(words) else ""
        if after.isdigit() or after in cues("periods") or after in DAY_NAMES or after in PLURAL_WEEKDAYS:
            continue
        return True
    return False


def unread(text: str) -> bool:
    return cues("unread_words").in_text(text)
