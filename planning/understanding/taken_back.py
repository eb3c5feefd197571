"""A request taken back halfway and asked again: "move the launch review prep i just... nvm. move my 1:1 with priya 30
min earlier". The words before the last word of data/cues/taken_back.txt are dropped when a request of its own starts
right after it (the words there start with an action, as a message is read); a word of taking back inside what is
to be said, or with nothing asked after it, changes nothing."""

from planning.understanding.classifier import starts_with_action
from planning.understanding.cues import Words, cues

_MARKS = " .,;:!-–—"


def after_taken_back(text: str) -> str:
    """``text`` from the request asked after the last words that take back what came before; ``text`` itself when
    there are none."""
    words = Words.of(text)
    table = cues("taken_back")
    for index in range(len(words.words) - 1, 0, -1):
        found = table.at(words.words, index)
        if found is None:
            continue
        rest = text[words.char_end(found.end - 1) :].lstrip(_MARKS)
        return rest if rest and starts_with_action(rest) else text
    return text
