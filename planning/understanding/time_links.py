"""The words between and before the times of a request, read from cue lists: a time a change moves to ("… to friday
at 10"), and days said one after another ("this week and next week")."""

from planning.understanding.cues import cues
from planning.understanding.lead_spans import Atoms


def ends_with_target_mark(text: str) -> bool:
    """Whether ``text`` (the words before a change's one time) ends with a word of data/cues/move_target_marks.txt:
    the time after it is where the thing moves to."""
    atoms = Atoms.of(text.rstrip())
    return bool(atoms.toks) and atoms.is_word(len(atoms.toks) - 1) and atoms.toks[-1].word in cues("move_target_marks")


def days_joined(between: str) -> bool:
    """Whether the text between two days or weeks joins them: a word or mark of data/cues/joined_days_links.txt,
    commas, then perhaps a word of joined_days_tails.txt, with spaces anywhere."""
    words = [tok.word for tok in Atoms.of(between).toks]
    if not words or words[0] not in cues("joined_days_links"):
        return False
    rest = words[1:]
    if rest and rest[-1] != "," and rest[-1] in cues("joined_days_tails"):
        rest = rest[:-1]
    return all(word == "," for word in rest)
