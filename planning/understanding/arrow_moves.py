"""An arrow as "move … to": "next monday's standup -> 10am please", "globex deal → closed won". The arrows and the
words they stand for are data (data/move_arrows.txt); the words before the arrow, back to a sentence end, are the
thing moved when they ask nothing of their own (no action word: "email tom: pricing -> final" is left as typed)."""

from planning.understanding.commands._words import tokens
from planning.understanding.lexicon import evidence_in
from planning.understanding.word_lists import listed

_SENTENCE_ENDS = frozenset({".", "?", "!", ";"})
_ACTION = 2.0  # the weight of an action word (interpret.MAIN_VERB)


def arrow_moved(text: str) -> str:
    """``text`` with its first arrow after words that ask nothing written as the move it stands for."""
    toks = tokens(text)
    said = tuple(t.word for t in toks)
    start = 0
    for index in range(len(said)):
        if said[index] in _SENTENCE_ENDS:
            start = index + 1
            continue
        arrow = listed("move_arrows").at(said, index) if index > start else None
        if arrow is None:
            continue
        length, meaning = arrow
        verb, _, link = meaning.partition(" ")
        begin, end = toks[start].start, toks[index].start
        moved = text[begin:end].strip()
        if any(e.kind == "intent" and e.weight >= _ACTION for e in evidence_in(moved)):
            return text
        after = text[toks[index + length - 1].end :].lstrip()
        return f"{text[:begin]}{verb} {moved} {link} {after}"
    return text
