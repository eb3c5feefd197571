"""Cue phrases with what may stand around them: a phrase counts only after some words ("set" at the start of a
request or after "to", "and", "then", "please", "also"), never after others ("phone book"), only before some words
("forward" before "the", "this", "it" …) or never before others ("reply" not before "from").

The phrases and the words around them are cue files (``data/cues``); a text is read as atoms, where a word boundary
puts words ("what's" is "what", "'", "s"; "e-mail" is "e", "-", "mail"), so a phrase matches as whole words do. In an
``after`` list, the line ``^`` stands for the start of the text; in a ``before`` list, ``$`` for its end. A lone
``*`` stands for any one word; a word written with ``~`` after it for any word starting so (``me~``: "me", "memo",
"meeting").

A phrase is a sequence of tokens, matched left to right, not a regular expression; besides words it may hold:

- ``_3``: a gap of up to three words, any words ("tom's", "follow-up" and "kim@acme.com" are one word each; it
  never crosses another mark: ",", ":", "(", "?"), the shortest that lets the rest match;
- ``<number>``: a number ("30", "1.5", "3rd", "4pm"); ``<number> min`` also reads "30min" as typed;
- ``<event_nouns>``: any phrase of another cue file, so a list is written once and used in several phrases;
- ``$`` last, after other tokens: the end of the text (``? $``: a question mark ending it).

A part of a cue may also *block*: its phrase found at a place ("let me know") gives no evidence and is read as a
whole, so the cue's other phrases do not read it ("let * _8 know").
"""

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from planning.understanding.cues import Cues, Found, cues
from planning.understanding.scanner import scan

START = ("^",)
END = ("$",)


@dataclass(frozen=True, slots=True)
class Around:
    """What must (or must not) stand right before and right after a phrase."""

    after: Cues | None = None
    not_after: Cues | None = None
    before: Cues | None = None
    not_before: Cues | None = None

    def allows(self, words: tuple[str, ...], start: int, end: int) -> bool:
        return (
            (self.after is None or _ends_at(self.after, words, start))
            and (self.not_after is None or not _ends_at(self.not_after, words, start))
            and (self.before is None or _starts_at(self.before, words, end))
            and (self.not_before is None or not _starts_at(self.not_before, words, end))
        )


ANYWHERE = Around()


# an element of a phrase: ("word", w), ("any", ""), ("prefix", w), ("gap", n), ("number", ""), ("list", cue file),
# ("end", "")
Element = tuple[str, str | int]
_Row = tuple[tuple[str, ...], tuple[Element, ...], str]  # a phrase, its elements, its value


def _ends_at(table: Cues, words: tuple[str, ...], index: int) -> bool:
    """Whether a phrase of ``table`` ends right before token ``index`` (``^``: ``index`` is the first); a phrase
    read backwards has a fixed length (no gap, number or list)."""
    for phrase, _ in table.entries:
        if phrase == START:
            if index == 0:
                return True
            continue
        length = _length(phrase)
        if index - length >= 0 and index in _ends(_elements(phrase), words, index - length):
            return True
    return False


def _starts_at(table: Cues, words: tuple[str, ...], index: int) -> bool:
    """Whether a phrase of ``table`` starts at token ``index`` (``$``: ``index`` is past the last)."""
    return any(
        (index == len(words)) if phrase == END else next(_ends(elements, words, index), None) is not None
        for phrase, elements, _ in _starting(table, words, index)
    )


# the phrases of a table by their first word (a phrase starting with a pattern is tried at every place), each with
# its elements; a table's order (longest first) is kept
_BY_FIRST: dict[int, tuple[dict[str, list[_Row]], list[_Row]]] = {}


def _starting(table: Cues, words: tuple[str, ...], index: int) -> list[_Row]:
    """The phrases of ``table`` that may start at token ``index``, in the table's order."""
    indexed = _BY_FIRST.get(id(table))
    if indexed is None:
        indexed = _index(table)
        _BY_FIRST[id(table)] = indexed
    by_word, anywhere = indexed
    if index >= len(words):
        return anywhere
    return by_word.get(words[index], anywhere)


def _index(table: Cues) -> tuple[dict[str, list[_Row]], list[_Row]]:
    rows = [(phrase, _elements(phrase), value) for phrase, value in table.entries]
    firsts = {elements[0][1] for phrase, elements, _ in rows if elements[0][0] == "word" and phrase != END}
    wild = [row for row in rows if row[1][0][0] != "word" or row[0] == END]
    by_word = {str(word): [row for row in rows if row in wild or row[1][0] == ("word", word)] for word in firsts}
    return by_word, wild


def _length(phrase: tuple[str, ...]) -> int:
    """How many words of a text a fixed ``phrase`` covers (``me~`` is one)."""
    return len(phrase) - phrase.count("~")


# marks inside a word ("tom's", "follow-up", "kim@acme.com"): a gap crosses them, never ends after one, and the
# word after one is the same word; any other mark (",", ":", "(", "?") ends a gap
_JOINERS = frozenset("'-@.&/+")


@cache
def _elements(phrase: tuple[str, ...]) -> tuple[Element, ...]:
    """``phrase`` (its tokens as a cue file reads them) as the elements it is made of."""
    out: list[Element] = []
    index = 0
    while index < len(phrase):
        part = phrase[index]
        if index + 1 < len(phrase) and phrase[index + 1] == "~":
            out.append(("prefix", part))
            index += 2
        elif part == "<" and index + 2 < len(phrase) and phrase[index + 2] == ">":
            out.append(("number", "") if phrase[index + 1] == "number" else ("list", phrase[index + 1]))
            index += 3
        elif part == "*":
            out.append(("any", ""))
            index += 1
        elif part == "$" and index == len(phrase) - 1 and index:
            out.append(("end", ""))
            index += 1
        elif part[:1] == "_" and part[1:].isdigit():
            out.append(("gap", int(part[1:])))
            index += 1
        else:
            out.append(("word", part))
            index += 1
    return tuple(out)


def _is_word(word: str) -> bool:
    return word[:1].isalnum() or word[:1] == "_"


def _ends(elements: tuple[Element, ...], words: tuple[str, ...], at: int) -> Iterator[int]:
    """Every token index where ``elements`` matched from token ``at`` can end (gaps shortest first)."""
    if not elements:
        yield at
        return
    (kind, value), rest = elements[0], elements[1:]
    word = words[at] if at < len(words) else None
    if kind == "gap":
        yield from _gap_ends(int(value), rest, words, at)
    elif kind == "list":
        for _, elements, _ in _starting(_sub_list(str(value)), words, at):
            for end in _ends(elements, words, at):
                yield from _ends(rest, words, end)
    elif kind == "end":
        if at == len(words):
            yield at
    elif word is None:
        return
    elif _one_word(kind, value, word):
        yield from _ends(rest, words, at + 1)
    elif kind == "number" and word[:1].isdigit():
        yield from _number_ends(word, rest, words, at)


def _one_word(kind: str, value: str | int, word: str) -> bool:
    """Whether one element that reads one word (a word, a prefix, any word) reads ``word``."""
    if kind == "word":
        return word == value
    if kind == "prefix":
        return word.startswith(str(value))
    return kind == "any" and _is_word(word)


def _gap_ends(most: int, rest: tuple[Element, ...], words: tuple[str, ...], at: int) -> Iterator[int]:
    """The ends of ``rest`` after a gap of up to ``most`` words from token ``at``, the shortest gap first."""
    index, count = at, 0
    while True:
        if index == at or words[index - 1] not in _JOINERS:
            yield from _ends(rest, words, index)
        if index >= len(words) or not (_is_word(words[index]) or _inside_a_word(words, index)):
            return
        count += _is_word(words[index]) and not (index > at and words[index - 1] in _JOINERS)
        if count > most:
            return
        index += 1


def _inside_a_word(words: tuple[str, ...], index: int) -> bool:
    """Whether the mark at token ``index`` joins two words ("tom's", "1:1"), not ends one."""
    mark = words[index]
    between = 0 < index < len(words) - 1 and _is_word(words[index - 1]) and _is_word(words[index + 1])
    return between and (mark in _JOINERS or (mark == ":" and words[index - 1].isdigit() and words[index + 1].isdigit()))


def _number_ends(word: str, rest: tuple[Element, ...], words: tuple[str, ...], at: int) -> Iterator[int]:
    """A number at token ``at``: alone ("30", "4pm"), with its decimals ("1.5"), or glued to the word after it in the
    phrase ("30min" for ``# min``)."""
    digits = len(word) - len(word.lstrip("0123456789"))
    glued = word[digits:]
    if glued and rest and rest[0] == ("word", glued):
        yield from _ends(rest[1:], words, at + 1)
    if not glued and at + 2 < len(words) and words[at + 1] == "." and words[at + 2].isdigit():
        yield from _ends(rest, words, at + 3)
    yield from _ends(rest, words, at + 1)


def _sub_list(name: str) -> Cues:
    return cues(name, "atoms")


def at_around(phrases: Cues, around: Around, words: tuple[str, ...], index: int) -> Found | None:
    """The longest phrase of ``phrases`` at token ``index`` that ``around`` allows there (a phrase with a gap: its
    shortest reading ``around`` allows)."""
    for _, elements, value in _starting(phrases, words, index):
        for end in _ends(elements, words, index):
            if around.allows(words, index, end):
                return Found(index, end, value)
    return None


def find_around(phrases: Cues, around: Around, words: tuple[str, ...]) -> Iterator[Found]:
    """Every phrase of ``phrases`` in ``words`` that ``around`` allows, left to right, none overlapping; at a place,
    the longest phrase allowed there."""
    index = 0
    while index < len(words):
        found = at_around(phrases, around, words, index)
        if found is None:
            index += 1
            continue
        yield found
        index = found.end


def opens(phrases: Cues, text: str, around: Around = ANYWHERE) -> bool:
    """Whether ``text`` opens, at its first character, with a phrase of ``phrases`` that ``around`` allows there."""
    atoms = scan(text, "atoms")
    words = tuple(atom.word for atom in atoms)
    return bool(atoms) and atoms[0].start == 0 and at_around(phrases, around, words, 0) is not None


def found_in(phrases: Cues, text: str, around: Around = ANYWHERE) -> bool:
    """Whether a phrase of ``phrases`` that ``around`` allows is anywhere in ``text``."""
    return next(find_around(phrases, around, tuple(atom.word for atom in scan(text, "atoms"))), None) is not None


def spaced(phrases: Cues, text: str, start: int = 0) -> tuple[int, int] | None:
    """The first phrase of ``phrases`` with a space right before it (at or after character ``start``) and right after
    it: where those two spaces are."""
    atoms = scan(text, "atoms")
    words = tuple(atom.word for atom in atoms)
    for index, atom in enumerate(atoms):
        before = atom.start - 1
        if before < start or not text[before].isspace():
            continue
        for phrase, _ in phrases.entries:
            for end in _ends(_elements(phrase), words, index):
                after = atoms[end - 1].end
                if end > index and after < len(text) and text[after].isspace():
                    return before, after
    return None
