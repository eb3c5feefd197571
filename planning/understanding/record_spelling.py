"""Names typed in lower case in a title or a subject, written as the records write them: "sync w/ priya" at a
workspace where Priya Shah is a contact is titled "Sync w/ Priya". Only the names the requester's own records
ground (:mod:`.grounding`: people, companies, events) and only where they are typed in lower case: a name typed with
capitals, or a word no record has, stays as typed.

A new CRM record is written so too: its company as the records write it ("jen ortiz, ops manager at acme": company
"Acme"), and the person it is, typed all in lower case, with capitals ("Jen Ortiz"): a name, not a word."""

from collections.abc import Iterable
from typing import TYPE_CHECKING

from planning.types import Goal, ParseResult
from planning.understanding.scanner import scan

if TYPE_CHECKING:  # a type only: grounding imports the reading that imports this module
    from planning.understanding.grounding import Mention

_FIELDS = ("title", "subject")


def respelled(parse: ParseResult, mentions: "Iterable[Mention]") -> ParseResult:
    """``parse`` with the names of ``mentions`` respelled in each goal's title and subject."""
    spelling = _spelling(mentions)
    return parse.with_goals(lambda goal: _new_record(_goal(goal, spelling) if spelling else goal, spelling))


_NEW_RECORDS = frozenset({"contact", "lead", "account", "deal"})
_PEOPLE = frozenset({"contact", "lead"})


def _new_record(goal: Goal, spelling: dict[tuple[str, ...], str]) -> Goal:
    """A new record's company as the records write it, and its person's name with capitals when typed without."""
    if goal.intent != "create" or goal.entity not in _NEW_RECORDS:
        return goal
    companies = tuple(in_record_spelling(c, spelling) for c in goal.slots.companies)
    people = goal.slots.people
    if goal.entity in _PEOPLE:
        people = tuple(_capitalised(p) if p == p.lower() else p for p in people)
    if (companies, people) == (goal.slots.companies, goal.slots.people):
        return goal
    return goal.model_copy(update={"slots": goal.slots.model_copy(update={"companies": companies, "people": people})})


def capitalised(name: str) -> str:
    """A person's name typed all in lower case, with capitals ("wen li" → "Wen Li"); typed with any, as typed."""
    return _capitalised(name) if name == name.lower() else name


def _capitalised(name: str) -> str:
    """ "jen ortiz" → "Jen Ortiz", "mary-kate o'neil" → "Mary-Kate O'Neil": each part of each word with a capital,
    but a lone letter after an apostrophe ("bell's") stays as typed."""
    out, start = [], True
    for index, char in enumerate(name):
        after_apostrophe = index > 0 and name[index - 1] == "'"
        lone = after_apostrophe and not name[index + 1 : index + 2].isalpha()
        out.append(char.upper() if start and char.isalpha() and not lone else char)
        start = not char.isalpha()
    return "".join(out)


def _spelling(mentions: "Iterable[Mention]") -> dict[tuple[str, ...], str]:
    """Each grounded name typed in lower case (its atoms) → as the record writes it: the words of the record's name
    that were typed ("priya" → "Priya" of Priya Shah; "1:1 with priya" → the event "1:1 with Priya"). A mention whose
    words are not the record's (a shortening of a title) is left as typed."""
    out: dict[tuple[str, ...], str] = {}
    for mention in mentions:
        if mention.written != mention.written.lower():
            continue
        recorded = {word.casefold(): word for word in mention.name.split()}
        spelled = [recorded.get(word) for word in mention.written.split()]
        if all(spelled) and " ".join(map(str, spelled)) != mention.written:
            out[_atoms(mention.written)] = " ".join(map(str, spelled))
    return out


def _atoms(text: str) -> tuple[str, ...]:
    return tuple(text[t.start : t.end] for t in scan(text, "atoms"))


def _goal(goal: Goal, spelling: dict[tuple[str, ...], str]) -> Goal:
    changed = {
        name: text
        for name in _FIELDS
        if (said := getattr(goal.slots, name)) is not None and (text := in_record_spelling(said, spelling)) != said
    }
    return goal.model_copy(update={"slots": goal.slots.model_copy(update=changed)}) if changed else goal


def in_record_spelling(text: str, spelling: dict[tuple[str, ...], str]) -> str:
    """``text`` with each run of whole words that ``spelling`` maps written as it maps it, longest first."""
    toks = scan(text, "atoms")
    said = [text[t.start : t.end] for t in toks]
    longest = sorted(spelling, key=len, reverse=True)
    out, at, index = [], 0, 0
    while index < len(toks):
        found = next((p for p in longest if tuple(said[index : index + len(p)]) == p), None)
        if found is None:
            index += 1
            continue
        out.append(text[at : toks[index].start] + spelling[found])
        at, index = toks[index + len(found) - 1].end, index + len(found)
    return "".join(out) + text[at:]


def spelling_of(names: Iterable[str]) -> dict[tuple[str, ...], str]:
    """Each word of the records' ``names`` typed in lower case (its atoms) → the word as the record writes it ("Tom
    Reyes": "tom" → "Tom", "reyes" → "Reyes")."""
    out: dict[tuple[str, ...], str] = {}
    for name in names:
        for word in name.split():
            if word != word.lower():
                out.setdefault(_atoms(word.lower()), word)
    return out
