"""The people a mail is copied to ("email Bob …, cc Carol and Dan. subject: …"): the names after a lead of
data/cues/cc_leads.txt, up to the end of its clause, split on "and" (addresses kept as addresses)."""

from dataclasses import dataclass

from planning.understanding import phrases
from planning.understanding.cues import Words, cues
from planning.understanding.word_lists import listed

_ENDS = ",.;!?:"


@dataclass(frozen=True, slots=True)
class Copied:
    people: tuple[str, ...] = ()
    emails: tuple[str, ...] = ()


def copied(text: str) -> Copied | None:
    """Who the mail is copied to, or None when the request copies nobody."""
    words = Words.of(text)
    lead = next((found for found in cues("cc_leads").find_all(words) if not _negated(words, found.start)), None)
    if lead is None:  # "only him, don't cc priya": nobody copied
        return None
    start = words.char_end(lead.end - 1)
    rest = text[start:]
    end = next((i for i, ch in enumerate(rest) if ch in _ENDS and not _inside_address(rest, i)), len(rest))
    said = phrases.message_start(text)  # "cc Tom saying the numbers are in": the words to send end the names
    if said is not None and said > start:
        cue = phrases.body_span(text)
        end = min(end, (cue[0] if cue is not None and cue[0] > start else said) - start)
    names = [part.strip() for part in _split_and(rest[:end]) if part.strip()]
    emails = tuple(n for n in names if "@" in n)
    people = tuple(n for n in names if "@" not in n and n.lower() not in cues("recipient_pronouns"))
    return Copied(people, emails) if people or emails else None


def lead_start(text: str) -> int | None:
    """Where the words that copy people in begin ("about the offsite and cc Tom": at "and")."""
    words = Words.of(text)
    lead = cues("cc_leads").find(words)
    return words.char_start(lead.start) if lead is not None else None


def _negated(words: Words, start: int) -> bool:
    """Whether the words before ``start`` end with a negation (data/left_out_negations.txt: "don't", "no need to")."""
    return listed("left_out_negations").ending(words.words[:start]) is not None


def _inside_address(text: str, at: int) -> bool:
    """A dot inside an address ("x@globex.com"), not the end of a clause."""
    return text[at] == "." and at + 1 < len(text) and text[at + 1].isalnum()


def _split_and(text: str) -> list[str]:
    parts: list[str] = []
    current: list[str] = []
    for word in text.split():
        if word.lower() in cues("told_people_joins"):
            parts.append(" ".join(current))
            current = []
        else:
            current.append(word)
    parts.append(" ".join(current))
    return parts
