"""Whether a value names a day, a week or a month (data/day_words.txt), not only a time of day."""

from planning.understanding.commands._words import Reply, phrases


def names_a_day(text: str, words: str = "day_words") -> bool:
    """Whether ``text`` names a day, a week or a month ("friday", "next week", "3/5"), not only a time of day (with
    ``words`` "own_day_words": a day of its own, not a weekday read in a week said before)."""
    for word in Reply.of(text).words:
        if phrases(words).value((word,)) is not None:
            return True
        if any(mark in word for mark in "/-") and any(c.isdigit() for c in word) and word[0].isdigit():
            return True
        if word[:-2].isdigit() and word[-2:] in ("st", "nd", "rd", "th"):  # "the 9th": a day of the month
            return True
    return False
