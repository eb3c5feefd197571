"""People added to or taken off what is shown, in a clause of a reply ("pull priya in too", "loop in dana and sam",
"drop tom from the invite"): a verb of data/people_verbs.txt, then only the people — found by the understanding's name
spans, or as addresses — and words of data/people_fillers.txt."""

from planning.understanding import names
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.correct import Correct


def people_change(reply: Reply) -> Correct | None:
    words = reply.words
    index = reply.after("leads", "polite", "also_leads")
    verb = phrases("people_verbs").at(words, index)
    if verb is None or index + verb[0] >= len(words):
        return None
    start = index + verb[0]
    people = _people_from(reply, start)
    if people is None:
        return None
    removing = verb[1] == "remove"
    copied = "cc" if verb[1] == "cc" else None  # "cc john too": copied, where what is shown has a Cc
    return Correct(people, field=copied, people=True, adding=not removing, removing=removing)


def people_joining(reply: Reply) -> Correct | None:
    """ "and maria as well", "oh, dana too": people named with no verb, only a word that adds them (data/
    adding_tails.txt) and words around them: they join what is shown."""
    words = reply.words
    start = reply.after("leads", "polite", "also_leads")
    polite = phrases("polite").ending(words)
    tail = phrases("adding_tails").ending(words[: len(words) - polite[0]] if polite else words)
    if tail is None or start >= len(words) - tail[0]:
        return None
    people = _people_from(reply, start)
    return Correct(people, people=True, adding=True) if people is not None else None


def _people_from(reply: Reply, start: int) -> str | None:
    """The people named from token ``start`` to the end of the clause, when the words there are the people and
    their fillers only; None otherwise."""
    kept = next((i for i in range(start, len(reply.words)) if phrases("only_words").at(reply.words, i)), None)
    if kept is not None and kept > start:  # "leave priya off, just tom": who stays is not who is taken off
        reply = Reply(reply.text, reply.toks[:kept])
        while reply.words and reply.words[-1] in (",", ";", "-"):
            reply = Reply(reply.text, reply.toks[:-1])
    after, end = reply.toks[start].start, reply.toks[-1].end
    people = [(p.start, p.end, p.text) for p in names.people(reply.text) if p.start >= after and p.end <= end]
    people += [(t.start, t.end, reply.text[t.start : t.end]) for t in reply.toks[start:] if _address(t.word)]
    if not people:
        people = _listed(reply, start)  # "bring laura along": the words between the verb and the fillers
    if not people:
        return None
    if not _only_people(reply, start, people):
        return None  # "add a line about tom to the text": words other than the people and their fillers
    return ", ".join(text for _, _, text in sorted(people))


def _listed(reply: Reply, start: int) -> list[tuple[int, int, str]]:
    """The names between the verb and the fillers around them, when those words hold only names ("laura", "tom and
    sam"): what the name spans missed in lower case. Looked up like any name afterwards (none found: it says so)."""
    words, fillers = reply.words, phrases("people_fillers")
    first, end = start, len(words)
    while end > first and fillers.ending(words[first:end]) is not None:
        end -= (fillers.ending(words[first:end]) or (1, ""))[0]
    if end <= first or not all(w.isalpha() or w in (",", "and", "&") for w in words[first:end]):
        return []
    span = reply.rest(first, end)
    offset = reply.toks[first].start
    return [(offset + span.find(name), offset + span.find(name) + len(name), name) for name in names.listed(span)]


def _address(word: str) -> bool:
    return "@" in word and "." in word.split("@")[-1]


def _only_people(reply: Reply, start: int, people: list[tuple[int, int, str]]) -> bool:
    """Whether the words from token ``start`` are the people and fillers only (a polite word too: "… as well pls")."""
    words, index = reply.words, start
    while index < len(words):
        token = reply.toks[index]
        if any(begin <= token.start and token.end <= end for begin, end, _ in people):
            index += 1
            continue
        filler = phrases("people_fillers").at(words, index) or phrases("polite").at(words, index)
        if filler is None:
            return False
        index += filler[0]
    return True


_CLAUSE_MARKS = frozenset({",", ".", ";", "!", "?", "-", "–", "—"})


def people_in_a_clause(reply: Reply) -> Correct | None:
    """People added or taken off in one clause of a reply whose other clauses ask for nothing ("ah right, throw sam
    on it too", "include dana - she owns the budget", "and omar as well, he runs it"): the clause that reads as a
    change of people, when no other clause starts a request of its own (data/request_starts.txt, also after a
    joining word)."""
    words = reply.words
    cuts = [i for i, word in enumerate(words) if word in _CLAUSE_MARKS]
    bounds = list(zip([0, *(c + 1 for c in cuts)], [*cuts, len(words)], strict=True))
    clauses = [Reply(reply.text, reply.toks[begin:end]) for begin, end in bounds if begin < end]
    found = [(clause, people_change(clause) or people_joining(clause)) for clause in clauses]
    changes = [change for _, change in found if change is not None]
    if len(changes) != 1:
        return None
    others = [clause for clause, change in found if change is None]
    return changes[0] if not any(_starts_a_request(clause) for clause in others) else None


def _starts_a_request(clause: Reply) -> bool:
    start = clause.after("leads", "polite", "also_leads")
    return start < len(clause.words) and phrases("request_starts").at(clause.words, start) is not None
