"""Where a CRM note's own words begin: after the note is named (data/cues/note_nouns.txt) near the start of the
request, and the record it goes on, at the first colon or spaced dash ("add a note to the Acme account: call notes:
talked to dana, they want a demo, send pricing"). What follows is the note's text, as pasted: its clauses ("send
pricing") are never requests of their own, as the words after "email priya:" are the email's text."""

from typing import Any

from planning.understanding.cues import Words, cues

_NOUN_BY = 8  # the note is named within this many words of the start ("hey can you add these call notes to …")
_RECORD_WORDS = 8  # words for the record it goes on, between the note and the colon ("on dana whitfield")
_DASHES = (" - ", " – ", " — ", " -- ")


def note_text_start(text: str) -> int | None:
    """The character where the note's text begins, or None when the request does not name a note with its text
    after a colon or a dash."""
    words = Words.of(text)
    noun = cues("note_nouns").find(words, 0, min(len(words), _NOUN_BY + 1))
    if noun is None:
        return None
    last = min(len(words), noun.end + _RECORD_WORDS + 1)
    colon = next((i for i in range(noun.end, last) if words.words[i] == ":"), None)
    reach = words.char_start(colon) if colon is not None else words.char_end(last - 1)
    begin = words.char_end(noun.end - 1)
    dashes = [at for at in (text.find(dash, begin, reach + 1) for dash in _DASHES) if at >= 0]
    if dashes:
        after = min(dashes) + 1
        while after < len(text) and text[after] in " -–—":
            after += 1
    elif colon is not None:
        after = words.char_end(colon)
    else:
        return None
    rest = text[after:]
    return after + len(rest) - len(rest.lstrip()) if rest.strip() else None


def named_before_text(text: str, slots: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """The people and companies of ``slots`` a note is on: those named before its pasted text, not those only named
    in it ("a note on the open one - laura wants onboarding cut": the note is not on Laura)."""
    start = note_text_start(text)
    if start is None:
        return {}
    before = Words.of(text[:start]).words
    kept: dict[str, tuple[str, ...]] = {}
    for name in ("people", "companies"):
        said = tuple(slots.get(name) or ())
        kept[name] = tuple(value for value in said if _inside(Words.of(value).words, before))
    return kept


def _inside(words: tuple[str, ...], said: tuple[str, ...]) -> bool:
    return bool(words) and any(said[at : at + len(words)] == words for at in range(len(said)))
