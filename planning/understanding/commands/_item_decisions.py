"""At a card listing several items (the emails of a repeated send, the meetings of a repeated change), a clause that
decides on the items it describes, read by the learned reply-act classifier and the card's item labels: "skip the one
to bob" takes that item out of the list, "send the lena one" approves what is left. The words that describe an item
are those that begin a word of its label (:mod:`._list_keeps`), never a list of phrases."""

from planning.understanding.commands._list_keeps import described
from planning.understanding.commands._words import Reply
from planning.understanding.commands.decide import Decide

_LEFT_OUT = ("skip", "cancel")  # acts that leave an item out


def item_decision(clause: Reply, act: str, labels: tuple[str, ...]) -> Decide | None:
    """The decision a clause of act ``act`` makes on the items of ``labels`` it describes: the items taken out of the
    list (by number, from 1), or the approval of the list; None when it describes no item, or all of them, or its
    act decides nothing."""
    if len(labels) < 2 or act not in (*_LEFT_OUT, "approve"):
        return None
    said = tuple(_owner(word) for word in clause.words)  # "bob's": bob
    found = described(said, [Reply.of(label).words for label in labels])
    if not found or len(found) == len(labels):
        return None
    if act == "approve":  # the items said are approved: a reading that keeps them holds it
        return Decide("approve", numbers=tuple(sorted(index + 1 for index in found)))
    return Decide("remove", numbers=tuple(sorted(index + 1 for index in found)))


def _owner(word: str) -> str:
    for mark in ("'s", "’s"):
        if word.endswith(mark) and len(word) > len(mark):
            return word[: -len(mark)]
    return word
