"""Words that ask for nothing of their own: hesitation, politeness, a verb of change, words that keep a value or say
which end of an event a time is (data/change_only.txt, time_ends.txt, …), and marks. A message whose words outside
its values are only these says a change of values, not a request of its own."""

from planning.understanding.commands._words import phrases

MARKS = frozenset({",", ".", "!", "?", ";", "-", "–", "—"})
_QUIET = ("leads", "polite", "change_only", "glue", "instead", "time_ends", "replaces")


def asks_nothing(words: tuple[str, ...]) -> bool:
    """Whether ``words`` are only words that ask for nothing of their own (hesitation, politeness, a verb of change,
    words that keep a value: data/change_only.txt) and marks."""
    index = 0
    while index < len(words):
        if words[index] in MARKS:
            index += 1
            continue
        found = [hit[0] for name in _QUIET if (hit := phrases(name).at(words, index)) is not None]
        if not found:
            return False
        index += max(found)  # the longest: "instead of", "rather than"
    return True
