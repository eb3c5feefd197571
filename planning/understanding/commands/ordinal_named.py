"""Which of the things the last plan listed a request names by its place in the list ("decline the second one,
i'll be away", "move the last meeting to 4"): "the", an ordinal (data/list_ordinals.txt), a word of a thing
(data/list_things.txt)."""

from planning.understanding.commands._words import Reply, phrases


def ordinal_named(text: str, count: int) -> int | None:
    """The place from 1 of the one thing ``text`` names among ``count`` listed; None when it names none by place,
    names more than one, or a place past the list."""
    found = ordinal_span(text, count)
    return found[0] if found is not None else None


def ordinal_span(text: str, count: int) -> tuple[int, int, int] | None:
    """As :func:`ordinal_named`, with where the words that name it are in ``text``: (place, start, end)."""
    reply = Reply.of(text)
    words = reply.words
    said: dict[int, tuple[int, int]] = {}
    for index, word in enumerate(words[:-1]):
        if word != "the":
            continue
        ordinal = phrases("list_ordinals").at(words, index + 1)
        if ordinal is None or index + 1 + ordinal[0] >= len(words):
            continue
        thing = phrases("list_things").at(words, index + 1 + ordinal[0])
        if thing is None:
            continue
        place = int(ordinal[1])
        last = reply.toks[index + ordinal[0] + thing[0]]
        said[count + 1 + place if place < 0 else place] = (reply.toks[index].start, last.end)
    if len(said) != 1:
        return None
    [(place, (start, end))] = said.items()
    return (place, start, end) if 1 <= place <= count else None


def ordinal_alone(text: str, count: int) -> tuple[int, int, int] | None:
    """ "open the 2nd", "the last?", "2nd": "the" and an ordinal (or the ordinal alone) with nothing after it but
    marks, the place of one thing among ``count`` listed (place, start, end); None otherwise. Only for a request
    that reads as nothing else: said alone, "the 2nd" is a day."""
    reply = Reply.of(text)
    words = reply.words
    end = len(words)
    while end and not words[end - 1][:1].isalnum():
        end -= 1
    alone = phrases("list_ordinals").at(words, 0)  # "2nd": the whole message is the place
    if alone is not None and alone[0] == end:
        place = int(alone[1])
        place = count + 1 + place if place < 0 else place
        return (place, reply.toks[0].start, reply.toks[end - 1].end) if 1 <= place <= count else None
    for index in range(max(end - 3, 0), end - 1):
        ordinal = phrases("list_ordinals").at(words, index + 1)
        if words[index] != "the" or ordinal is None or index + 1 + ordinal[0] != end:
            continue
        place = int(ordinal[1])
        place = count + 1 + place if place < 0 else place
        return (place, reply.toks[index].start, reply.toks[end - 1].end) if 1 <= place <= count else None
    return None
