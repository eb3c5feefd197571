"""The shapes of a value said in the place of another: "<new> not <old>", "<new>, instead of <old>", "<old> -> <new>",
"not <old>, <new>", "it's <new> actually", or a value said alone. Only the words are split here; which value of the
open step the old one is, and whether the new one is a value of that kind, is :mod:`.grounded`'s."""

from dataclasses import dataclass

from planning.understanding.commands._words import Reply, phrases
from planning.understanding.quoted_words import quoted_spans


@dataclass(frozen=True, slots=True)
class Replacing:
    """``new``: the value said; ``old``: the one it replaces, None when the value is said alone."""

    new: str
    old: str | None = None


def replacing(reply: Reply) -> Replacing | None:
    """The new value and the one it replaces, as the reply says them; None when the reply says no value."""
    swap = _quoted_swap(reply)
    if swap is not None:  # "change 'chase' to 'nudge'": the words quoted first replaced by those quoted next
        return swap
    words = reply.words
    start = reply.after("leads", "polite")
    negation = phrases("replaces").at(words, start)
    if negation is not None:  # "not 4, 4:30", "no, not thursday but friday": the old one first
        return _negated_first(reply, start + negation[0])
    begin = reply.after("leads", "polite", "correction_leads", "change_verbs")  # "make it 4:30 not 4"
    while begin < len(words) - 1 and words[begin] in _MARKS:  # "oops - 152 not 150"
        begin += 1
    for index in range(begin + 1, len(words)):
        before = phrases("replaces").at(words, index)  # "<new> not <old>"
        after = phrases("replaced_by").at(words, index) if before is None else None  # "<old> -> <new>"
        found = before or after
        if found is None or index + found[0] >= len(words):
            continue
        first = reply.rest(begin, _trimmed(words, begin, index))
        second = _until_aside(reply, index + found[0])
        if not first or not second:
            return None
        return Replacing(first, second) if before is not None else Replacing(second, first)
    alone = reply.rest(begin, reply.end_before(begin, "instead"))
    return Replacing(alone) if alone else None


def _quoted_swap(reply: Reply) -> Replacing | None:
    """ "change 'chase' to 'nudge'", "replace "order form" with "MSA"": two quoted passages, a verb of
    ``quoted_swap_verbs`` before the first and only a word of ``quoted_swap_links`` between them."""
    text = reply.text
    spans = quoted_spans(text)
    if len(spans) != 2 or text[spans[1][1] + 1 :].strip(" .!?"):
        return None
    (old_start, old_end), (new_start, new_end) = spans
    before = Reply.of(text[: old_start - 1])
    between = Reply.of(text[old_end + 1 : new_start - 1]).words
    start = before.after("leads", "polite", "answer_leads")  # "ok replace …"
    verb = phrases("quoted_swap_verbs").at(before.words, start)
    if verb is None or start + verb[0] != len(before.words):
        return None
    if phrases("quoted_swap_links").value(between) is None:
        return None
    old, new = text[old_start:old_end].strip(), text[new_start:new_end].strip()
    return Replacing(new, old) if old and new else None


def _negated_first(reply: Reply, start: int) -> Replacing | None:
    """ "not 4, 4:30", "not thursday but friday", "not park - it's smith": the words up to the mark replaced by those
    after it."""
    words = reply.words
    cut = next((i for i in range(start + 1, len(words)) if phrases("swap_marks").at(words, i) is not None), None)
    if cut is None:
        return None
    after = cut
    while after < len(words) and (mark := phrases("swap_marks").at(words, after)) is not None:
        after += mark[0]
    old, new = reply.rest(start, cut), _until_aside(reply, after)
    return Replacing(new, old) if old and new else None


def _until_aside(reply: Reply, start: int) -> str:
    """The words from token ``start`` up to a reason or an aside said after them ("130, typo", "4 - she's late"), and
    without the words that only trail a correction ("… instead", "… please")."""
    words = reply.words
    end = len(words)
    for index in range(start + 1, len(words)):
        if _number_comma(words, index):
            continue  # "$95,000": a comma inside a number
        if phrases("reason_marks").at(words, index) is not None or phrases("value_ends").at(words, index) is not None:
            end = index
            break
    said = Reply(reply.text, reply.toks[:end])
    return said.rest(start, said.end_before(start, "instead"))


def _trimmed(words: tuple[str, ...], start: int, end: int) -> int:
    """``end`` moved back over the marks before it ("park, the globex one." → "park, the globex one")."""
    while end > start and words[end - 1] in _MARKS:
        end -= 1
    return end


def _number_comma(words: tuple[str, ...], index: int) -> bool:
    return (
        words[index] == ","
        and 0 < index < len(words) - 1
        and words[index - 1][-1:].isdigit()
        and len(words[index + 1]) == 3  # thousands are grouped by three digits
        and words[index + 1].isdigit()
    )


_MARKS = frozenset({",", ".", ";", "!", "?", "-", "–", "—", ":"})
