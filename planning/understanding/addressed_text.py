"""The words to send after a colon that follows a verb of sending and only the people it goes to ("email priya and
tom: launch review still on for fri, bring the deck"), or a verb of answering and at most the person answered
("reply: sounds good, i'll send the figures and we can talk friday", "respond to her: …"): everything after the
colon is the text, whatever its verbs and marks (it is never a request of its own). The verbs are data
(``data/cues/addressed_verbs.txt``, ``data/cues/reply_words.txt``); the people are names (as the name reader lists
them), addresses or a pronoun, joined by commas and "and"."""

from planning.understanding import names
from planning.understanding.cues import Words, cues

_MOST_WORDS = 12  # words between the verb and the colon: a longer stretch is more than people


def addressed_text_start(text: str) -> int | None:
    """Where the words to send begin (just after the colon's spaces), or None when the message is not so."""
    words = Words.of(text)
    start = past_polite(words)
    verb = cues("addressed_verbs").at(words, start)
    answering = verb is None
    verb = verb or cues("reply_words").at(words, start)
    if verb is None:
        return None
    after_verb = verb.end
    colon = next((i for i in range(after_verb, len(words)) if words.words[i] == ":"), None)
    if colon is None or colon - after_verb > _MOST_WORDS or (colon == after_verb and not answering):
        return None
    between = text[words.char_start(after_verb) : words.char_start(colon)] if colon > after_verb else ""
    after = words.char_end(colon)
    rest = text[after:]
    if not rest.strip() or not (_answered(between) if answering else only_people(between)):
        return None
    return after + len(rest) - len(rest.lstrip())


def _answered(between: str) -> bool:
    """Whether the words between a verb of answering and its colon are nothing, or "to" and the person answered
    ("to her", "to tom")."""
    words = Words.of(between)
    if not words.words:
        return True
    if words.words[0] != "to" or len(words) < 2:
        return False
    who = words.text_of(1)
    return (len(words) == 2 and words.words[1] in cues("recipient_pronouns")) or only_people(who)


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
