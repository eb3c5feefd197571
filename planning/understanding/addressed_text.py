"""The words to send after a colon that follows a verb of sending and only the people it goes to ("email priya and
tom: launch review still on for fri, bring the deck"): everything after the colon is the text, whatever its verbs
and marks (it is never a request of its own). The verbs are data (``data/cues/addressed_verbs.txt``); the people are
names (as the name reader lists them) or addresses, joined by commas and "and"."""

from planning.understanding import names
from planning.understanding.cues import Words, cues

_MOST_WORDS = 12  # words between the verb and the colon: a longer stretch is more than people


def addressed_text_start(text: str) -> int | None:
    """Where the words to send begin (just after the colon's spaces), or None when the message is not so."""
    words = Words.of(text)
    start = past_polite(words)
    verb = cues("addressed_verbs").at(words, start)
    if verb is None:
        return None
    colon = next((i for i in range(verb.end, len(words)) if words.words[i] == ":"), None)
    if colon is None or colon == verb.end or colon - verb.end > _MOST_WORDS:
        return None
    between = text[words.char_start(verb.end) : words.char_start(colon)]
    after = words.char_end(colon)
    rest = text[after:]
    if not rest.strip() or not only_people(between):
        return None
    return after + len(rest) - len(rest.lstrip())


def addressed_text(text: str) -> str | None:
    """The words to send, capitalised, without the marks that end the message."""
    start = addressed_text_start(text)
    said = text[start:].strip().rstrip(" ,;") if start is not None else ""
    return said[0].upper() + said[1:] if said else None


def past_polite(words: Words) -> int:
    """Where the request proper starts: past polite words and an opener ("hey, could you …")."""
    index = 0
    while index < len(words) and (words.words[index] in cues("polite_words") or words.words[index] == ","):
        index += 1
    opener = cues("polite_openers").at(words, index)
    return opener.end if opener is not None else index


def only_people(between: str) -> bool:
    """Whether ``between`` names only people (names or addresses, joined by commas, "and", "&")."""
    parts = [p.strip() for p in between.replace(" and ", ",").replace("&", ",").split(",") if p.strip()]
    return bool(parts) and all("@" in part or names.listed(part) == [part] for part in parts)
