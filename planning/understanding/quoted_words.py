"""The words to send written between quotes ("fwd it to ana w/ 'see you there'", 'reply to kofi "works for me"'):
a quoted passage of two words or more, opened after a space (or at the start) and closed before a space, a mark or
the end, so that an apostrophe ("kofi's", "don't") never opens or closes one. A title or subject said in quotes
("called 'x'", "subject 'y'") is read before this, by its own reader."""

_PAIRS = {"'": "'", '"': '"', "\u2018": "\u2019", "\u201c": "\u201d"}  # opening mark -> its closing mark
_LEAST_WORDS = 2


def quoted_span(text: str) -> tuple[int, int] | None:
    """(start, end) of the first quoted passage's words, without the marks; None when there is none."""
    for at, mark in enumerate(text):
        close = _PAIRS.get(mark)
        if close is None or (at and not text[at - 1].isspace() and text[at - 1] not in "(["):
            continue
        end = _closing(text, at + 1, close)
        if end is not None and len(text[at + 1 : end].split()) >= _LEAST_WORDS:
            return at + 1, end
    return None


def quoted_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each quoted passage's words, one word or more, without the marks, in order."""
    spans: list[tuple[int, int]] = []
    at = 0
    while at < len(text):
        close = _PAIRS.get(text[at])
        opens = close is not None and (not at or text[at - 1].isspace() or text[at - 1] in "([")
        end = _closing(text, at + 1, close) if close is not None and opens else None
        if end is not None:
            spans.append((at + 1, end))
            at = end
        at += 1
    return spans


def _closing(text: str, start: int, close: str) -> int | None:
    """Where the closing mark after ``start`` is: followed by a space, a mark or the end, words before it."""
    if start >= len(text) or text[start].isspace():
        return None
    for at in range(start + 1, len(text)):
        after = text[at + 1 : at + 2]
        if text[at] == close and not text[at - 1].isspace() and (not after or not after.isalnum()):
            return at
    return None


def quoted_words(text: str) -> str | None:
    """The quoted words, capitalised, or None."""
    span = quoted_span(text)
    said = text[span[0] : span[1]].strip() if span else ""
    return said[0].upper() + said[1:] if said else None
