"""A reply of several clauses to an open plan, each a command of its own: "actually make it 11 and pull priya in
too", "make it 3pm and send it", "change the subject to Q3 numbers, then send". The reply is cut where words join
clauses (data/clause_joins.txt) and only where every part reads as a command alone; the approval, if said, comes last
(the changes before it are what is approved)."""

from collections.abc import Callable
from dataclasses import replace

from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.correct import Correct
from planning.understanding.commands.decide import Decide
from planning.understanding.commands.kinds import Command
from planning.understanding.commands.new_request import NewRequest

Clause = Callable[[Reply, bool], Command | None]
"""Reads one clause into a command, or None; the flag says whether it is the first clause of the reply."""

_LONGEST = 40  # tokens: a longer reply is a text, not a list of edits


def several(reply: Reply, read: Clause) -> tuple[Command, ...] | None:
    """The commands of a reply of two clauses or more, each read by ``read``; None when it is not cut into commands
    that way."""
    if len(reply.words) > _LONGEST:
        return None
    found = _segments(reply, read, first=True, depth=0)
    if found is None or len(found) < 2 or any(isinstance(c, Decide) and c.action == "cancel" for c in found):
        return None  # a cancel said with more is a change of mind: the rest is a request of its own, or a reason
    ordered = [c for c in found if not _approves(c)]
    if len(ordered) < len(found):
        ordered.append(Decide("approve"))
    return replaced_folded(ordered) if len(ordered) >= 2 else None


def replaced_folded(commands: list[Command] | tuple[Command, ...]) -> tuple[Command, ...]:
    """ "start it next week, not this one": a clause that only says what the value before it replaces (it begins
    with a word of data/replaces.txt) changes nothing of its own; it is that value's ``replaces``."""
    out: list[Command] = []
    for command in commands:
        before = out[-1] if out else None
        if isinstance(command, Correct) and isinstance(before, Correct) and before.replaces is None:
            said = Reply.of(command.value)
            lead = phrases("replaces").at(said.words) if command.field is None and not command.people else None
            if lead is not None and lead[0] < len(said.words):
                out[-1] = replace(before, replaces=said.rest(lead[0]))
                continue
        out.append(command)
    return tuple(out)


def then_request(
    reply: Reply, turned_down: Callable[[Reply], Command | None], request: Callable[[Reply], bool]
) -> tuple[Command, ...] | None:
    """ "wait, don't cancel it - move it to wed the 11th instead": what is shown turned down in the first clause, and
    a request of its own in the rest: the cancel, then the request (None when the reply is not that)."""
    words = reply.words
    for cut in range(1, len(words) - 1):
        join = phrases("clause_joins").at(words, cut)
        if join is None:
            continue
        head = turned_down(_part(reply, 0, cut))
        rest = _part(reply, cut + join[0], None)
        if head is not None and rest.words and request(rest):
            return (head, NewRequest(rest.text))
    return None


def held_then(
    reply: Reply, holds: Callable[[Reply], bool], edit: Callable[[Reply], tuple[Command, ...] | None]
) -> tuple[Command, ...] | None:
    """ "whoa, not yet - add that …": what is shown held back in a first clause, and changed in the rest: the change
    (None when the reply is not that)."""
    words = reply.words
    for cut in range(1, len(words) - 1):
        join = phrases("clause_joins").at(words, cut)
        if join is None:
            continue
        rest = _part(reply, cut + join[0], None)
        changed = edit(rest) if rest.words else None
        if changed and holds(_part(reply, 0, cut)):
            return changed
    return None


def parts(reply: Reply, *, words: bool = False) -> tuple[Reply, ...]:
    """The reply cut at every mark that joins clauses or ends a sentence ("hmm wait, fri is out. thurs 3:30?" →
    "hmm wait", "fri is out", "thurs 3:30?"): the pieces a reason or a hedge is said in, each without its marks but a
    question mark.
    Marks inside a token ("2-4", "3:30", an address) never cut. With ``words``, also at the words that join clauses
    ("skip the email and book lunch" → "skip the email", "book lunch")."""
    return tuple(Reply.of(reply.text[start:end]) for start, end in part_spans(reply, words=words))


def part_spans(reply: Reply, *, words: bool = False) -> tuple[tuple[int, int], ...]:
    """Where each of :func:`parts` is in the reply's text: (first character, after the last)."""
    toks, out = reply.toks, list[tuple[int, int]]()
    cuts = [i for i, tok in enumerate(toks) if tok.word in _MARKS or (words and tok.word in WORDS)]
    start = 0
    for cut in [*cuts, len(toks)]:
        inside = toks[start:cut]
        while inside and inside[0].word in LEADING:
            inside = inside[1:]
        if inside:  # a question keeps its mark: "is it on zoom?" asks
            end = inside[-1].end
            after = reply.text[end:] if cut == len(toks) else reply.text[end : toks[cut].end]
            asks = after.lstrip().startswith("?")
            out.append((inside[0].start, end + after.index("?") + 1 if asks else end))
        start = cut + 1
    return tuple(out)


def kept(reply: Reply, keep: tuple[bool, ...], spans: tuple[tuple[int, int], ...] | None = None) -> str:
    """The reply's text with the :func:`parts` not kept left out: each kept part, then what followed it up to the next
    part ("skip tom's, <left out>. send sarah's" → "skip tom's, send sarah's"); the marks after the last part only
    when it is kept. ``spans``: the parts of another cut (:func:`part_spans` by default)."""
    spans = part_spans(reply) if spans is None else spans
    out, after = "", ""
    for index, ((start, end), keeping) in enumerate(zip(spans, keep, strict=True)):
        if not keeping:
            continue
        following = spans[index + 1][0] if index + 1 < len(spans) else len(reply.text)
        out += after + reply.text[start:end]
        after = reply.text[end:following]
    return (out + after if keep[-1] else out).strip()


LEADING = frozenset({",", ";", "-", "and"})  # marks and words a part never starts with
WORDS = frozenset(w for (w,), _ in (e for e in phrases("clause_joins").entries if len(e[0]) == 1) if w.isalpha())
"""The words that join clauses ("and", "then"), where :func:`parts` cuts with ``words``."""
_MARKS = frozenset(
    {
        *(word for (word,), _ in (e for e in phrases("clause_joins").entries if len(e[0]) == 1) if not word.isalpha()),
        ".",
        "!",
        "?",
    }
)


def _approves(command: Command) -> bool:
    return isinstance(command, Decide) and command.action == "approve"


def _segments(reply: Reply, read: Clause, *, first: bool, depth: int) -> tuple[Command, ...] | None:
    words = reply.words
    if depth < 4:
        for cut in range(1, len(words) - 1):
            join = phrases("clause_joins").at(words, cut)
            if join is None:
                continue
            left = _part(reply, 0, cut)
            if only_leads(left):
                continue
            head = read(left, first)
            if head is None:
                continue
            rest = _part(reply, cut + join[0], None)
            tail = _segments(rest, read, first=False, depth=depth + 1) if rest.words else None
            if tail is not None:
                return (head, *tail)
    whole = read(reply, first) if words else None
    return (whole,) if whole is not None else None


def _part(reply: Reply, start: int, end: int | None) -> Reply:
    toks = reply.toks[start:end]
    while toks and toks[0].word in (",", ";", "-", "and"):
        toks = toks[1:]
    if not toks:
        return Reply("", ())
    return Reply.of(reply.text[toks[0].start : toks[-1].end])


def only_leads(reply: Reply) -> bool:
    """ "no, make it 4pm", "hmm wait - …": words of hesitation are not a clause of their own."""
    words, index = reply.words, 0
    while index < len(words):
        found = phrases("leads").at(words, index) or phrases("polite").at(words, index)
        if found is None and words[index] not in (",", "-", ":"):
            return False
        index += found[0] if found is not None else 1
    return True
