"""What stands around a number said in words, read from data (``data/cues/number_*.txt``): the words before and after
it that make it a day of the month, a clock time or a year, or leave "one" a word ("the expense policy one").

A text is read as atoms (a run of word characters, or one mark: ``planning.understanding.scanner``), so a phrase is
whole words where a word boundary puts them, and the atoms of a phrase stand apart by nothing but spaces and tabs.
A reader is given the text before a number (``before``, ending where the number starts) or after it (``after``);
"spaced" is one or more spaces or tabs. Month and weekday names are ``timewords``' own.
"""

from functools import cache

from planning.understanding.cues import Cues, cues
from planning.understanding.scanner import Token, scan
from planning.understanding.timewords import DAY_NAMES, MONTHS

Phrases = tuple[tuple[str, ...], ...]  # phrases as atoms, longest first

_SPACE = " \t"
_MARKS_ENDING_A_DAY = frozenset(".,;:!?)\n")  # "on the third." / "the fifth, at noon"
_MARKS_ENDING_ONE = frozenset(",.;:!?)")  # "the expense policy one, please"
_ORDINAL_SUFFIXES = ("st", "nd", "rd", "th")  # the format of a day written in digits: "3rd", "21st"


# the lists of data/cues/number_*.txt, read as atoms
_CLOCK_LEADS = cues("number_clock_leads", "atoms")
_CLOCK_TAILS = cues("number_clock_tails", "atoms")
_DAY_ARTICLES = cues("number_day_articles", "atoms")
_DAY_HALVES = cues("number_day_halves", "atoms")
_DAY_TAILS = cues("number_day_tails", "atoms")
_MONTH_LINKS = cues("number_month_links", "atoms")
_ONE_ENDS = cues("number_one_ends", "atoms")
_ONE_LEADS = cues("number_one_leads", "atoms")
_ONE_OPENERS = cues("number_one_openers", "atoms")
_ONE_STOPS = cues("number_one_stops", "atoms")
_ORDINALS = cues("number_ordinals", "atoms")
_YEAR_LEADS = cues("number_year_leads", "atoms")


@cache
def _listed(table: Cues) -> Phrases:
    """The phrases of a cue list read as atoms (``cues(name, "atoms")``), longest first."""
    return tuple(phrase for phrase, _ in table.entries)


@cache
def _months() -> Phrases:
    return tuple((name,) for name in MONTHS)


@cache
def _weekdays() -> Phrases:
    return tuple((name,) for name in DAY_NAMES)


def _tight(text: str, toks: tuple[Token, ...], start: int, end: int) -> bool:
    """Whether atoms ``start`` to ``end`` (exclusive) stand apart by nothing but spaces and tabs."""
    return all(not text[toks[i].end : toks[i + 1].start].strip(_SPACE) for i in range(start, end - 1))


def _phrase_at(text: str, toks: tuple[Token, ...], start: int, *tables: Phrases) -> int | None:
    """The atom after the longest phrase of ``tables`` that starts at atom ``start``."""
    best: int | None = None
    for table in tables:
        for phrase in table:
            end = start + len(phrase)
            if end <= len(toks) and tuple(t.word for t in toks[start:end]) == phrase and _tight(text, toks, start, end):
                best = max(best or 0, end)
                break
    return best


def _opening(text: str, *tables: Phrases) -> int | None:
    """Where the phrase of ``tables`` that ``text`` opens (at its first character) ends, in ``text``."""
    toks = scan(text, "atoms")
    if not toks or toks[0].start != 0:
        return None
    end = _phrase_at(text, toks, 0, *tables)
    return None if end is None else toks[end - 1].end


def _ending(text: str, *tables: Phrases, spaced: bool = True) -> int | None:
    """Where the phrase of ``tables`` that ``text`` ends with begins (spaced from the end of ``text`` when
    ``spaced``, right at its end otherwise)."""
    body = text.rstrip(_SPACE)
    if (body == text) if spaced else (body != text):
        return None
    toks = scan(body, "atoms")
    if not toks or toks[-1].end != len(body):
        return None
    for table in tables:
        for phrase in table:
            start = len(toks) - len(phrase)
            if start >= 0 and tuple(t.word for t in toks[start:]) == phrase and _tight(body, toks, start, len(toks)):
                return toks[start].start
    return None


def _is_day_number(word: str, *, ordinal: bool = False) -> bool:
    """ "3", "21", "3rd", "21st" (only the last two when ``ordinal``): a day of the month written in digits."""
    digits = word[:-2] if word.endswith(_ORDINAL_SUFFIXES) else word
    if ordinal and digits == word:
        return False
    return 1 <= len(digits) <= 2 and digits.isascii() and digits.isdecimal()


def _last_atom(text: str) -> str | None:
    """The last atom of ``text`` when spaces or tabs, and nothing else, follow it to the end."""
    body = text.rstrip(_SPACE)
    toks = scan(body, "atoms") if body != text else ()
    return toks[-1].word if toks and toks[-1].end == len(body) else None


def month_before(before: str) -> bool:
    """ "march ", "march the ", "mar. the ": a month's name (and an article) right before a day."""
    article = _ending(before, _listed(_DAY_ARTICLES))
    return (article is not None and _month_ending(before[:article])) or _month_ending(before)


def _month_ending(text: str) -> bool:
    body = text.rstrip(_SPACE)
    if body == text:
        return False
    return _ending(body.removesuffix("."), _months(), spaced=False) is not None


def month_after(after: str) -> bool:
    """ " of january", " may", " of next march": a month's name (after a link) right after a day."""
    rest = after.lstrip(_SPACE)
    if rest == after:
        return False
    if _opening(rest, _months()) is not None:
        return True
    for link in _listed(_MONTH_LINKS):
        end = _opening(rest, (link,))
        tail = rest[end:] if end is not None else ""
        if tail[:1] in tuple(_SPACE) and _opening(tail.lstrip(_SPACE), _months()) is not None:
            return True
    return False


def the_before(before: str) -> bool:
    """ "on the ": an article right before an ordinal, which may make it a day ("on the fourteenth")."""
    return _ending(before, _listed(_DAY_ARTICLES)) is not None


def day_after_the(after: str) -> bool:
    """What may follow "the <ordinal>" said as a day of the month: the end, a mark, a word of
    data/cues/number_day_tails.txt, a half of the day or a weekday's name ("on the third at noon", "the fifth.")."""
    rest = after.lstrip(_SPACE)
    if not rest or rest[0] in _MARKS_ENDING_A_DAY:
        return True
    tables = (_listed(_DAY_TAILS), _listed(_DAY_HALVES), _weekdays())
    return _opening(rest, *tables) is not None


def thing_lead_before(before: str) -> bool:
    """ "that ", "the latest ", "the 3rd ": a word before "one" that makes it a thing, not a number."""
    if _ending(before, _listed(_ONE_LEADS), _listed(_ORDINALS)) is not None:
        return True
    last = _last_atom(before)
    return last is not None and _is_day_number(last, ordinal=True)


def names_a_thing_before(before: str, number_words: frozenset[str]) -> bool:
    """ "the expense policy ": an opener of data/cues/number_one_openers.txt and one to three words, none of
    data/cues/number_one_stops.txt or a number word, right before "one": a phrase that "one" closes."""
    rest = before.rstrip(_SPACE)
    if rest == before:
        return False
    stops = frozenset(word for (word,) in _listed(_ONE_STOPS)) | number_words
    for _ in range(3):
        cut = max(rest.rfind(" "), rest.rfind("\t")) + 1
        if not _is_plain_word(rest[cut:], stops) or not cut:
            return False
        rest = rest[:cut].rstrip(_SPACE)
        if _ending(rest, _listed(_ONE_OPENERS), spaced=False) is not None:
            return True
    return False


def _is_plain_word(chunk: str, stops: frozenset[str]) -> bool:
    """A word of letters, digits, apostrophes and hyphens starting with a letter, whose first part is not a stop."""
    if not chunk or not chunk.isascii() or not chunk[0].isalpha():
        return False
    if any(not (char.isalnum() or char in "_'-") for char in chunk):
        return False
    head = chunk.replace("'", " ").replace("-", " ").split()[0]
    return head.casefold() not in stops


def ends_a_thing_phrase(after: str) -> bool:
    """What may follow "one" closing a phrase: the end, a mark or a word of data/cues/number_one_ends.txt."""
    rest = after.lstrip(_SPACE)
    if rest in ("", "\n") or rest[0] in _MARKS_ENDING_ONE:
        return True
    return _opening(rest[:40], _listed(_ONE_ENDS)) is not None  # a word cut at 40 characters is none of them


def clock_before(before: str) -> bool:
    """ "at ", "between ", "friday ": a word right before two numbers that makes them a clock time."""
    return _ending(before, _listed(_CLOCK_LEADS), _weekdays()) is not None


def clock_after(after: str) -> bool:
    """ " pm", " o'clock", " in the morning": words right after two numbers that make them a clock time."""
    return (
        _opening(
            after.lstrip(_SPACE),
            _listed(_DAY_HALVES),
            _listed(_CLOCK_TAILS),
        )
        is not None
    )


def day_half_after(after: str) -> bool:
    """ " pm", "a.m.": a half of the day right after a number."""
    return _opening(after.lstrip(_SPACE), _listed(_DAY_HALVES)) is not None


def year_lead_before(before: str) -> bool:
    """ "in ", "since ": a word right before two numbers that makes them a year ("in twenty twenty six")."""
    return _ending(before, _listed(_YEAR_LEADS)) is not None


def after_a_date(said: str) -> bool:
    """ "june 14th ", "14 of june, ": a day and a month said, then a comma maybe and spaces: two numbers after it
    are a year."""
    body = said.rstrip(_SPACE)
    if body == said:
        return False
    body = body.removesuffix(",")
    toks = scan(body, "atoms")
    if not toks or toks[-1].end != len(body):
        return False
    last = toks[-1]
    if _is_day_number(last.word):  # "june 14th", "june the 14th"
        return month_before(body[: last.start])
    if last.word not in MONTHS:
        return False
    before = body[: last.start]  # "14th of ", "14 "
    link = _ending(before, _listed(_MONTH_LINKS))
    return (link is not None and _day_ending(before[:link])) or _day_ending(before)


def _day_ending(text: str) -> bool:
    last = _last_atom(text)
    return last is not None and _is_day_number(last)
