"""Whether a text holds a word as people shorten it: a word of the text starts with it, or it is the initials of
words that follow one another there ("msa": "master services agreement", "qbr": "Acme quarterly business review").
Read from the text itself, no list of acronyms. Imports nothing of ours, so the engine may use it anywhere."""

_SHORTEST_INITIALS = 2  # "qbr", "msa", "nda": initials of two words and more
_LONGEST_INITIALS = 5


def holds(text: str, word: str) -> bool:
    """Whether ``text`` holds ``word`` (case-insensitively)."""
    words = "".join(c if c.isalnum() else " " for c in text.casefold()).split()
    word = word.casefold()
    if any(w.startswith(word) for w in words):
        return True
    if not (_SHORTEST_INITIALS <= len(word) <= _LONGEST_INITIALS) or not word.isalpha():
        return False
    size = len(word)
    return any("".join(w[0] for w in words[i : i + size]) == word for i in range(len(words) - size + 1))
