"""Where the text to send begins: after a lead of ``data/cues/body_leads.txt`` ("saying", "tell her that", "asking
them to"), after "say" opening a clause (``body_clause_leads`` right after a word of ``body_clause_after``), or after a
note introduced by its kind and a colon ("with a quick note:", "adding:"). The text runs to the end of the message,
on one line; the first lead (leftmost) with such a text wins.
"""

from collections.abc import Iterator

from planning.understanding.cues import cues
from planning.understanding.lead_spans import Atoms

# a note introduced by its kind, then a colon: "with" "a quick" "note" ":"
_NOTE = (cues("body_note_links"), cues("body_note_articles"), cues("body_note_kinds"))


def body_start(text: str) -> tuple[int, int] | None:
    """(where the lead begins, where the text to send begins) of the first lead followed by spaces and a text."""
    atoms = Atoms.of(text)
    for index in range(len(atoms.toks)):
        if not atoms.is_word(index) or _names_thing_sent(atoms, index):
            continue
        for lead_end in _lead_ends(atoms, index):
            start = _text_start(text, lead_end)
            if start is not None:
                return atoms.toks[index].start, start
    return None


def _names_thing_sent(atoms: Atoms, index: int) -> bool:
    """ "send |that summary to sarah": a "that" right after a verb of sending names the thing sent."""
    word = atoms.toks[index].word
    return word == _THAT and index > 0 and atoms.toks[index - 1].word in cues("thing_sent_verbs")


_THAT = "that"


def _lead_ends(atoms: Atoms, index: int) -> Iterator[int]:
    """Where the leads starting at atom ``index`` end, in the order tried."""
    for end in atoms.phrase_ends(cues("body_leads"), index, "one space"):
        yield atoms.toks[end - 1].end
    if index and atoms.toks[index - 1].word in cues("body_clause_after") and _one_space_before(atoms, index):
        for end in atoms.phrase_ends(cues("body_clause_leads"), index, "one space"):
            yield atoms.toks[end - 1].end
    for end in _note_ends(atoms, index, 0):
        yield from _past_colon(atoms, end)
    for end in atoms.phrase_ends(cues("body_colon_leads"), index, "one space"):
        yield from _past_colon(atoms, end)


def _one_space_before(atoms: Atoms, index: int) -> bool:
    return atoms.text[atoms.toks[index - 1].end : atoms.toks[index].start] == " "


def _note_ends(atoms: Atoms, index: int, part: int) -> Iterator[int]:
    """The atom after a note's kind ("with a quick note") from atom ``index``, its words one space apart."""
    for end in atoms.phrase_ends(_NOTE[part], index, "one space"):
        if part + 1 == len(_NOTE):
            yield end
        elif end < len(atoms.toks) and _one_space_before(atoms, end):  # "w/ a note": one space after the mark too
            yield from _note_ends(atoms, end, part + 1)


def _past_colon(atoms: Atoms, index: int) -> Iterator[int]:
    """Where a colon right after atom ``index - 1`` (spaces may come between) ends."""
    if index < len(atoms.toks) and atoms.toks[index].word == ":":
        between = atoms.text[atoms.toks[index - 1].end : atoms.toks[index].start]
        if not between or between.isspace():
            yield atoms.toks[index].end


def _text_start(text: str, lead_end: int) -> int | None:
    """Where the text to send begins after a lead ending at ``lead_end``: after the spaces that follow it (fewer
    when nothing else follows them); the text runs to the end of the message, on one line."""
    rest = text[lead_end:]
    spaces = len(rest) - len(rest.lstrip())
    for taken in range(spaces, 0, -1):
        said = text[lead_end + taken :]
        lines = said[:-1] if said.endswith("\n") else said
        if lines and "\n" not in lines:
            return lead_end + taken
    return None
