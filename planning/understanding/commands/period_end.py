"""A day said as the end of a period ("end of month", "by the end of next week", "eom", "end of april"): the period's
last day, for a record's date (a close or due date), not its first. Words in ``data/period_ends.txt`` and
``data/bare_periods.txt``."""

from planning.understanding.commands._words import Reply, phrases


def period_of_end(text: str) -> str | None:
    """The period ``text`` names by its end, in words the time reader reads ("end of month" → "this month", "by the
    end of next week" → "next week", "eom" → "this month"); None when ``text`` says no end of a period."""
    words = Reply.of(text).words
    for index in range(len(words)):
        found = phrases("period_ends").at(words, index)
        if found is None:
            continue
        length, value = found
        if value in ("month", "week"):  # "eom": the word says the period
            return f"this {value}"
        rest = words[index + length :]
        bare = phrases("bare_periods").at(rest)
        if bare is not None:
            return f"this {bare[1]}"
        return " ".join(rest) if rest else None
    return None
