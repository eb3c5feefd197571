"""Cues that are a whole message ("hi there", "what can you do") or its first word ("what …", "is …"), read from cue
lists (``data/cues``) over the message's atoms (``planning.understanding.lead_spans.Atoms``)."""

from planning.understanding.cues import Cues
from planning.understanding.lead_spans import Atoms


def whole_message(text: str, phrases: Cues, after: Cues | None = None) -> int | None:
    """Where the message ends when all of it (a final line break aside) is a phrase of ``phrases``, or one followed
    by a space and a phrase of ``after``: its words one space apart, no mark, nothing before or after."""
    core = text[:-1] if text.endswith("\n") else text
    atoms = Atoms.of(core)
    count = len(atoms.toks)
    if not count or atoms.toks[0].start != 0 or atoms.toks[-1].end != len(core):
        return None
    for end in atoms.phrase_ends(phrases, 0, "one space"):
        if end == count:
            return len(core)
        spaced = after is not None and atoms.spaced(end - 1, end, "one space")
        if spaced and after is not None and count in atoms.phrase_ends(after, end, "one space"):
            return len(core)
    return None


def opening_word(text: str, words: Cues) -> int | None:
    """Where the message's first word ends when it is a word of ``words`` and nothing comes before it."""
    atoms = Atoms.of(text)
    if not atoms.toks or atoms.toks[0].start != 0 or not atoms.is_word(0):
        return None
    return atoms.toks[0].end if atoms.toks[0].word in words else None
