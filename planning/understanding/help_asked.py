"""A message that asks what planbot can do ("hey planbot what kinda stuff can you do?", "what sort of things can u
help me with"): its first sentence is made only of phrases of ``data/cues/chat_help.txt`` (marks and emoji aside),
and what follows, if anything, only elaborates it (a sentence starting with a word of ``chat_help_elaborations``:
"… like can u book rooms"). Any other word makes it a request."""

from planning.understanding.cues import Words, cues

_SENTENCE_ENDS = frozenset({"?", "!", "."})


def help_asked(words: Words) -> tuple[int, int] | None:
    """Where the request for help lies in the text of ``words`` (its first sentence), or None."""
    end = next((i for i, w in enumerate(words.words) if w in _SENTENCE_ENDS), len(words))
    kept = tuple(i for i in range(end) if words.is_word(i))
    if not kept or not _tiled(tuple(words.words[i] for i in kept)):
        return None
    rest = [i for i in range(end, len(words)) if words.is_word(i)]
    if rest and cues("chat_help_elaborations").at(words, rest[0]) is None:
        return None
    return words.char_start(kept[0]), words.char_end(kept[-1])


def _tiled(said: tuple[str, ...]) -> bool:
    """Whether every word is part of a phrase of ``chat_help``, with a phrase that asks (not only a greeting)."""
    index, asks = 0, False
    while index < len(said):
        found = cues("chat_help").at(said, index)
        if found is None:
            return False
        asks = asks or found.value != "filler"
        index = found.end
    return asks
