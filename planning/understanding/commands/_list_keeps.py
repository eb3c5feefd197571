"""At a card listing several items, items kept out or kept alone by their description ("keep the acme review, just
cancel the priya one", "leave the standup alone", "only the 1:1"): the numbers of the items taken out of the list.
An item is described by words that each begin a word of its label; words of no label (the verb) are passed over.
A clause that names no item is a reason ("tom can run it") and one that approves ("the rest go ahead") approves the
rest: then the approval follows the removal."""

from planning.understanding.commands._corrections import past_leads
from planning.understanding.commands._decisions import approve
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.decide import Decide

_SPLITS = frozenset({",", ";", ".", "!", "but", "and"})


def kept_out(reply: Reply, labels: tuple[str, ...]) -> tuple[Decide, ...] | None:
    """The items ``reply`` keeps out of the change, as a removal by number (from 1), then the approval of the rest
    when a clause says it; None when it describes none clearly, or would take out every item."""
    if len(labels) < 2:
        return None
    if _both_ways(reply):  # "keep all of them except the 1:1", "keep only the standup": which is kept is unclear
        return None
    words = [Reply.of(label).words for label in labels]
    removed: set[int] = set()
    only: set[int] | None = None
    approved = False
    for clause in _clauses(reply):
        start = past_leads(clause)
        keep, just = phrases("keep_words").at(clause.words, start), phrases("only_words").at(clause.words, start)
        said = keep or just
        if said is None and approve(clause) is not None:  # "the rest go ahead"
            approved = True
            continue
        if said is None and not described(clause.words, words):  # "tom can run it": why, no item
            continue
        if said is None:
            return None
        found = described(clause.words[start + said[0] :], words)
        if not found:
            return None
        if keep is not None:
            removed |= found
        else:
            only = found if only is None else only | found
    if only is not None:
        removed |= set(range(len(labels))) - only
    if not removed or len(removed) == len(labels):
        return None
    taken = Decide("remove", numbers=tuple(sorted(index + 1 for index in removed)))
    return (taken, Decide("approve")) if approved else (taken,)


def _both_ways(reply: Reply) -> bool:
    """Whether the reply keeps something and, in the same clause, names an exception or "only"."""
    for clause in _clauses(reply):
        words = clause.words
        keeps = [phrases("keep_words").at(words, i) for i in range(len(words))]
        if not any(found is not None and words[i] not in ("except", "not") for i, found in enumerate(keeps)):
            continue
        if "except" in words or any(phrases("only_words").at(words, i) is not None for i in range(len(words))):
            return True
    return False


def _clauses(reply: Reply) -> list[Reply]:
    out, start = [], 0
    for index, word in enumerate([*reply.words, ","]):
        if word in _SPLITS:
            if index > start:
                out.append(Reply.of(reply.rest(start, index)))
            start = index + 1
    return out


def described(said: tuple[str, ...], labels: list[tuple[str, ...]]) -> set[int]:
    """The items whose labels every word of ``said`` begins a word of, past fillers and words of no label."""
    fillers = phrases("item_fillers")
    named = [w for w in said if fillers.value((w,)) is None and any(_begins(w, label) for label in labels)]
    if not named:
        return set()
    return {i for i, label in enumerate(labels) if all(_begins(w, label) for w in named)}


def _begins(word: str, label: tuple[str, ...]) -> bool:
    return any(part.startswith(word) for part in label)
