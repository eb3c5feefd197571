"""Asides: the reasons, hedges and comments people say beside what they ask ("ugh she just pinged me, she's out
tomorrow. can we do friday same time instead", "push the acme one out to apr 15, they're waiting on budget"), told by
the learned reply-act classifier (act ``none``, :mod:`.segment_acts`) and left out before a message is read, so that
their words are never read as values of the command ("launch review" in "i'll catch her at the launch review").

A mechanism, not phrases: which clause is an aside is what the classifier learned from labelled replies; the cut
into clauses is the reply-act reading's (:func:`.segment_acts.clauses`: the punctuation cut every reply reader uses,
cut again where the learned segment tagger is sure a new thing starts). Never left out: a clause that starts a
request of its own, the words of a text being asked for; in a request that writes an email, any clause (what
follows "email her" may be what the email says), and in one that makes a record, any fact (its fields).
"""

from planning.understanding.commands._any_day import ANY_DAY
from planning.understanding.commands._words import Reply
from planning.understanding.commands.context import Context
from planning.understanding.commands.segment_acts import ClauseAct, clause_acts, clause_spans, starts_request
from planning.understanding.commands.segment_acts import kept as clauses_kept
from planning.understanding.cues import Words, cues
from planning.understanding.event_description import description_text_start
from planning.understanding.lexicon import Evidence, evidence_in
from planning.understanding.phrases import title_span
from planning.understanding.said_beside import states
from planning.understanding.timeexpr import find_times

ASIDE = 0.8  # a clause is an aside when the classifier reads it as one (act "none") at least this surely
_WRITES_MAIL = frozenset({"send", "reply", "forward"})  # goal cues of a request whose words may be an email's text
_RECORDS = frozenset({"contact", "lead", "account", "deal", "task", "note"})  # records a fact may fill


def left_out(text: str, context: Context) -> str | None:
    """``text`` without its asides, read at ``context``; None when nothing is left out (no aside, or nothing but
    asides, or a text is what is asked)."""
    cut = split(text, context)
    return cut[0] if cut is not None else None


def split(
    text: str,
    context: Context,
    *,
    descriptions: bool = False,
    kept_from: int | None = None,
    statements: bool = False,
) -> tuple[str, tuple[str, ...]] | None:
    """``text`` without its asides, and the asides; None when nothing is left out. With ``descriptions``, a clause
    after the first that says who a person is ("he's the globex lead in the crm") is an aside however unsure the
    classifier is. ``kept_from``: every clause that ends past this character is kept (what an email asked there
    may say). With ``statements``, a clause after the first that states something and starts no request is an aside
    where the classifier reads it as a request only unsurely ("…, john wants to walk through the forecast and needs
    the morning")."""
    if context.value_kind == "text" and context.question == "value":
        return None
    if description_text_start(text) is not None:  # "add to that call's description: …, get laura's ok …": its words
        return None
    reply = Reply.of(text)
    acts = clause_acts(reply, context)
    if len(acts) < 2:
        return None
    ends = [end for _, end in clause_spans(reply)]
    mail = [kept_from is not None and (at >= len(ends) or ends[at] > kept_from) for at in range(len(acts))]
    keep = tuple(
        not (
            (a.act == "none" and a.probability >= ASIDE)
            or (descriptions and at > 0 and describes_person(a.clause))
            or (statements and at > 0 and _unsure_statement(a))
        )
        or starts_request(a.clause)
        or _condition(a.clause)
        or _free_time(a.clause)
        or _names_title(a.clause)
        or mail[at]
        for at, a in enumerate(acts)
    )
    kept = _joined_before(reply, keep) if kept_from is not None else clauses_kept(reply, keep)
    kept = kept if any(keep) and not all(keep) else ""
    if not kept:
        return None
    return kept, tuple(a.clause.text for a, kept_here in zip(acts, keep, strict=True) if not kept_here)


def _unsure_statement(act: ClauseAct) -> bool:
    """Whether a clause the classifier reads as a new request or as nothing, but not surely, only states something
    ("john smith wants to walk through the forecast": a verb of a statement, :func:`.said_beside.states`)."""
    return act.act in _UNSURE_ACTS and act.probability < ASIDE and states(act.clause.text)


_UNSURE_ACTS = frozenset({"new_request", "none"})


def _joined_before(reply: Reply, keep: tuple[bool, ...]) -> str:
    """The reply's kept clauses, each after the marks and words said right before it ("cancel it, <aside>. and let
    her know …" → "cancel it. and let her know …"): the email asked for stays a request of its own."""
    spans = clause_spans(reply)
    out = ""
    for index, ((start, end), keeping) in enumerate(zip(spans, keep, strict=True)):
        if keeping:
            out += (reply.text[spans[index - 1][1] : start] if out else "") + reply.text[start:end]
    return out.strip()


def may_be_text(text: str) -> bool:
    """Whether ``text`` asks for an email to be written, or names one, so that a clause beside it may be what the
    email says."""
    return any(_asks_mail(cue) for cue in evidence_in(text))


def describes_person(clause: Reply | str) -> bool:
    """Whether the clause opens saying who someone is: a word of data/cues/person_copulas.txt ("he's", "she is") and
    one of described_determiners.txt ("the", "our") — "he's the globex lead in the crm", not "he's out friday"."""
    words = Words.of(clause.text if isinstance(clause, Reply) else clause).words
    found = cues("person_copulas").at(words, 0)
    return found is not None and cues("described_determiners").at(words, found.end) is not None


def _condition(clause: Reply) -> bool:
    """Whether the clause says when to act ("if i'm busy on friday at 10, …"): a condition, never an aside."""
    words = Words.of(clause.text).words  # "or at 2 if 9 is taken": a condition said after its value too
    return any(cues("condition_leads").at(words, at) is not None for at in range(len(words)))


def _free_time(clause: Reply) -> bool:
    """Whether the clause says when to book by free time ("whatever the first open slot is", "when we're both
    free"): the understanding's cues for free time, never an aside (the booking searches for it)."""
    if any(found.has_clock_time for found in find_times(clause.text.lower(), ANY_DAY)):
        return False  # "the 9:30 slot clashes w a client thing": a reason about a time, not a search for one
    return any(cue.kind == "entity" and cue.concept == "availability" for cue in evidence_in(clause.text))


def _names_title(clause: Reply) -> bool:
    """Whether the clause says a title as such ("topic is the sso rollout", "call it budget chat"): what the request
    makes is named there, never an aside."""
    return title_span(clause.text) is not None


def may_be_details(text: str) -> bool:
    """Whether ``text`` asks for a CRM record to be made, so that a fact said beside it ("she's at brightco", "they do
    healthcare") may be one of its fields."""
    found = evidence_in(text)
    made = any(cue.kind == "intent" and cue.concept == "create" for cue in found)
    return made and any(cue.kind == "entity" and cue.concept in _RECORDS for cue in found)


def in_request(text: str) -> tuple[str, tuple[str, ...]] | None:
    """A new request without its asides (read as a message after nothing: the classifier's "done"), and the asides;
    None when nothing is left out, or the request makes a record. In a request that writes an email only the asides
    said before it asks for the email are left out (what follows may be what it says). A record named only in the
    asides, beside a request for another kind of thing, makes none ("put a call w hank at 11. he's the globex lead in
    the crm": a call, not a lead). A clause saying who a person is is an aside only beside such a request."""
    mail = _mail_asked_at(text)  # "…, month-end is eating everything. and let her know i'll …": what follows
    cut = split(text, Context(), descriptions=True, kept_from=mail, statements=True)
    if cut is not None and not other_thing_asked(cut[0]):  # "update hank, he's the globex lead now": its fields
        cut = split(text, Context(), kept_from=mail)
    if cut is None:
        return None
    return None if may_be_details(text) and not other_thing_asked(cut[0]) else cut


def _mail_asked_at(text: str) -> int | None:
    """Where the request first asks for an email or names one (:func:`may_be_text`): what is said from the clause
    there on may be what the email says, never what is said before it. None when it asks for none."""
    starts = [cue.start for cue in evidence_in(text) if _asks_mail(cue)]
    return min(starts, default=None)


def _asks_mail(cue: Evidence) -> bool:
    return cue.concept in _WRITES_MAIL if cue.kind == "intent" else cue.kind == "entity" and cue.concept == "email"


def other_thing_asked(kept: str) -> bool:
    """Whether ``kept`` (a request without its asides) makes no record but names a thing of another kind."""
    entities = {cue.concept for cue in evidence_in(kept) if cue.kind == "entity"}
    return not may_be_details(kept) and bool(entities) and not entities & _RECORDS


def idle_in_request(text: str) -> tuple[str, ...]:
    """The clauses of a new request after its first that ask nothing, however surely: the classifier's likeliest
    act for them is a comment or thanks ("mark samir as unqualified, initech froze budgets"), and they start no
    request and set no condition. Not left out of the request (what they name may be what it is about), but never
    what narrows a lookup (:func:`planning.understanding.parser`)."""
    acts = clause_acts(Reply.of(text), Context())
    return tuple(
        a.clause.text for a in acts[1:] if a.act in _IDLE and not starts_request(a.clause) and not _condition(a.clause)
    )


_IDLE = frozenset({"none", "thanks"})


def held_in(asides: tuple[str, ...], texts: list[str]) -> bool:
    """Whether one of ``asides`` is inside one of the ``texts`` a reading took from the request (a comment, a note, a
    body: "decline it, comment: clashing w/ a customer, sarah will cover"; "…, just say i'm out that day": the
    comment "I'm out that day"): then it was content, not an aside. Inside: a run of its words, at least half of them,
    is in the text."""
    said = [Reply.of(text).words for text in texts]
    return any(
        _shared_run(Reply.of(aside).words, words) * 2 >= len(Reply.of(aside).words)
        for aside in asides
        for words in said
    )


def same_words(aside: str, value: str) -> bool:
    """Whether a value read is the aside's words: a run of at least half of the aside's words that is more than half
    of the value's ("she's in a workshop till 3 that day" of "oh wait she's in a workshop till 3 that day")."""
    one, other = Reply.of(aside).words, Reply.of(value).words
    run = _shared_run(one, other)
    return run * 2 >= len(one) and run * 2 > len(other)


def _shared_run(one: tuple[str, ...], other: tuple[str, ...]) -> int:
    """The length of the longest run of words found in both."""
    best = 0
    for start in range(len(one)):
        for end in range(len(one), start + best, -1):
            if _inside(one[start:end], other):
                best = end - start
                break
    return best


def _inside(run: tuple[str, ...], words: tuple[str, ...]) -> bool:
    return any(words[i : i + len(run)] == run for i in range(len(words) - len(run) + 1))
