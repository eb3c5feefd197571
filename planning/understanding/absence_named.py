"""An event named by saying one will not be at it, then acted on with a pronoun: "can't make tom's launch review on
fri, clashes w a customer visit. decline it and email tom …" declines Tom's launch review. The statement (a lead of
data/cues/absence_leads.txt, the event, up to a mark or a word of absence_ends.txt, then its reason) goes, and the
event takes the place of the pronoun (absence_pointers.txt) after the verb that acts on it (absence_acts.txt), or
follows that verb when it has no object (the end, a mark or a word of absence_joins.txt: "… pls decline"):
"decline tom's launch review on fri and email tom …".
"""

from planning.understanding.cues import Words, cues

_MARKS = frozenset({",", ".", ";", "!", "?", "-", "–", "—", ":"})


def absence_named(text: str) -> str:
    """``text`` with the event said as not attended put where a later verb points at it; ``text`` otherwise."""
    words = Words.of(text)
    said = words.words
    for start, at in _clause_starts(said):
        lead = cues("absence_leads").at(said, at)
        if lead is None:
            continue
        end = _event_end(words, lead.end)
        if end == lead.end:
            continue
        event = words.text_of(lead.end, end)
        acted = _acted_on(words, end, event)
        if acted is not None:
            return f"{text[: words.char_start(start)]}{acted}"
    return text


def _sentence_starts(said: tuple[str, ...]) -> list[int]:
    return [0, *(i + 1 for i, w in enumerate(said) if w in (".", "!", ";") and i + 1 < len(said))]


def _clause_starts(said: tuple[str, ...]) -> list[tuple[int, int]]:
    """(sentence start, where a statement of absence may begin): the sentence's start, or a clause of it after a
    comma or a word of absence_ends.txt ("dentist fri morning so i can't make the launch review"): the words before
    it in the sentence are its reason, and go with it."""
    starts = _sentence_starts(said)
    out: list[tuple[int, int]] = []
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(said)
        out.append((start, start))
        ends = cues("absence_ends")
        out += [(start, i) for i in range(start + 1, end) if said[i - 1] == "," or ends.at(said, i - 1) is not None]
    return out


def _event_end(words: Words, at: int) -> int:
    """Where the event named from token ``at`` ends: at a mark, a dash between words or a word of absence_ends.txt."""
    said, ends = words.words, cues("absence_ends")
    end = at
    while end < len(said) and said[end] not in _MARKS and ends.at(said, end) is None:
        if end > at and any(dash in words.text[words.char_end(end - 1) : words.char_start(end)] for dash in "-–—"):
            break
        end += 1
    return end


def _acted_on(words: Words, after: int, event: str) -> str | None:
    """The text from the verb that acts on ``event`` (after token ``after``) to the end, the event in it."""
    said = words.words
    for at in range(after, len(said)):
        verb = cues("absence_acts").at(said, at)
        if verb is None or (at > 0 and said[at - 1] not in _MARKS and not _opens(said, at)):
            continue
        pointer = cues("absence_pointers").at(said, verb.end)
        rest = words.text[words.char_start(verb.end) :] if verb.end < len(said) else ""
        head = words.text[words.char_start(at) : words.char_end(verb.end - 1)]
        if pointer is not None:
            tail = words.text[words.char_start(pointer.end) :] if pointer.end < len(said) else ""
            return f"{head} {event}{_spaced(tail)}"
        if verb.end == len(said) or said[verb.end] in _MARKS or cues("absence_joins").at(said, verb.end) is not None:
            return f"{head} {event}{_spaced(rest)}"
    return None


def _opens(said: tuple[str, ...], at: int) -> bool:
    """Whether the verb at ``at`` opens its clause after polite or asking words ("so pls decline", "can you move")."""
    before = at
    while before > 0 and said[before - 1] not in _MARKS:
        before -= 1
    return all(w in cues("absence_openers") for w in said[before:at])


def _spaced(tail: str) -> str:
    return tail if not tail or tail[0] in ",.;!?" else f" {tail.lstrip()}"
