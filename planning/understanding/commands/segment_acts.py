"""The act of each clause of a reply, read by the learned reply-act classifier
(:mod:`planning.understanding.learned.replies`) with what the conversation waits for: the kind of the open
question (an approval card, a value, a pick, a clarification, or nothing open: a follow-up on what was done) and the
field asked.

A reply's clauses are cut by punctuation and joining words (:mod:`._clauses`), and cut again where the learned
segment tagger (:mod:`planning.understanding.learned.segments`) is sure one thing said ends and the next begins
without a mark ("make it 45 | she has a hard stop at 12").

Its uses in the reader (:mod:`.learned_reading`, only for a reply the phrase readers could not place): clauses read
as ``none`` (a reason, a hedge, a comment: "ugh, friday is a mess") are left out and the phrase readers read the
rest; clauses read confidently as corrections are read as corrections without a lead; a reply read confidently as
one decision (approve, cancel, skip, thanks, undo) is that decision.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from planning.understanding.commands import _clauses
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.context import Context
from planning.understanding.learned.replies.lazy import act_probabilities
from planning.understanding.learned.segments.lazy import segment_starts

COMMENT = 0.6  # a clause is left out as a comment when "none" is at least this likely
COMMAND = 0.6  # a clause is kept alone as the command when its act is at least this likely
DECISION = 0.7  # a reply is taken as a decision when every clause's act is that one at least this likely
# the same for one act, read on replies of writers the model never saw (`python -m devtools.reply_act_thresholds`):
# a cancel at 0.75 is 31 right of 32 decided (0.70: 31 of 33), an undo at 0.6 41 of 41 (0.70: 37 of 37)
DECISIONS = {"cancel": 0.75, "undo": 0.6}
# a clause is cut again where the segment tagger reads a start at least this likely (`python -m devtools.segments_cv`:
# of the starts it reads inside a clause of the punctuation cut, at 0.9 77% are starts people made, on replies of
# writers it never saw (84% on random folds), finding 16% of the starts people made there; at 0.8 74% finding 23%)
SEGMENT = 0.9

# the open question's kind → the kind of bot message the classifier learned from
_KINDS = {
    "approval": "approval",
    "value": "value",
    "pick": "pick",
    "clarify": "clarify",
    "recover": "value",
    "past_start": "value",
    "unknown_outcome": "approval",
    "connect": "approval",
}
# the name of the value asked → the field the classifier learned it as
_ASKED = {
    "startTime": "start",
    "start": "start",
    "windowStart": "start",
    "date": "day",
    "durationMinutes": "duration",
    "to": "email",
    "cc": "email",
    "email": "email",
    "attendees": "email",
    "subject": "subject",
    "body": "body",
    "company": "company",
    "amount": "amount",
    "dueDate": "due_date",
    "closeDate": "due_date",
    "location": "place",
    "phone": "phone",
    "title": "title",
}


@dataclass(frozen=True, slots=True)
class ClauseAct:
    clause: Reply
    act: str  # the likeliest act ("" without a model)
    probability: float
    prior: float = 0.0  # the act's probability for no words at all at this question: what the words add is above it
    idle: float = 0.0  # the probability that the clause asks nothing: a comment or thanks
    approving: float = 0.0  # the probability that it approves ("that's right": a comment, or a yes)


def kind_of(context: Context) -> str:
    if not context.open_plan:
        return "done"
    return _KINDS.get(context.question, "approval")


def asked_of(context: Context) -> str:
    return _ASKED.get(context.name or "", "none") if context.question == "value" else "none"


def clause_spans(reply: Reply, *, words: bool = False) -> tuple[tuple[int, int], ...]:
    """Where the reply's clauses are (first character, after the last): :func:`._clauses.part_spans` (cut at joining
    words too with ``words``), each cut again where the learned segment tagger is sure one thing said ends and the
    next begins with no mark between ("make it 45 | she has a hard stop at 12"); never at a word that joins clauses
    or right after one ("make it 11 and ask the whole floor"): there only ``words`` cuts."""
    spans = _clauses.part_spans(reply, words=words)
    toks = reply.toks
    plain = {tok.start for i, tok in enumerate(toks) if i and not {tok.word, toks[i - 1].word} & _clauses.WORDS}
    starts = [s.start for s in segment_starts(reply.text) if s.probability >= SEGMENT and s.start in plain]
    if not starts:
        return spans
    out: list[tuple[int, int]] = []
    for start, end in spans:
        inside = [tok for tok in reply.toks if start <= tok.start and tok.end <= end]
        for cut in (at for at in starts if start < at < end):
            left = [tok for tok in inside if tok.start < cut]
            right = [tok for tok in inside if tok.start >= cut]
            while right and right[0].word in _clauses.LEADING:
                right = right[1:]
            if not left or not right:
                continue
            out.append((start, left[-1].end))
            start, inside = right[0].start, right
        out.append((start, end))
    return tuple(out)


def clauses(reply: Reply, *, words: bool = False) -> tuple[Reply, ...]:
    """The reply's clauses (:func:`clause_spans`)."""
    return tuple(Reply.of(reply.text[start:end]) for start, end in clause_spans(reply, words=words))


def kept(reply: Reply, keep: tuple[bool, ...]) -> str:
    """The reply's text with the :func:`clauses` not kept left out (:func:`._clauses.kept`)."""
    return _clauses.kept(reply, keep, clause_spans(reply))


def clause_acts(reply: Reply, context: Context, *, words: bool = False) -> tuple[ClauseAct, ...]:
    """Each of the reply's clauses (:func:`clauses`, cut at joining words too with ``words``) with its likeliest
    act."""
    kind, asked = kind_of(context), asked_of(context)
    prior = act_probabilities("", kind, asked)
    out = []
    for clause in clauses(reply, words=words):
        found = act_probabilities(clause.text, kind, asked)
        act = max(found, key=lambda name: found[name]) if found else ""
        idle = found.get("none", 0.0) + found.get("thanks", 0.0)
        out.append(ClauseAct(clause, act, found.get(act, 0.0), prior.get(act, 0.0), idle, found.get("approve", 0.0)))
    return tuple(out)


def comments_left_out(acts: tuple[ClauseAct, ...]) -> tuple[tuple[bool, ...], ...]:
    """Which clauses to keep, surest first: all but those read as comments confidently; all but those whose likeliest
    act is a comment; the clauses read confidently as a command, without the others that say the same act less surely
    or nothing ("hold on, tuesday clashes with the offsite. wednesday at 11 instead?": a reason read as a weak
    correction beside the sure one). A clause that starts as a request of its own ("book lunch with sam friday") is
    never left out. Only masks that leave something out and keep something."""
    sure = {a.act for a in acts if a.act != "none" and a.probability >= COMMAND}
    requests = tuple(_request_start(a.clause) for a in acts)
    out: list[tuple[bool, ...]] = []
    for keep in (
        tuple(not (a.act == "none" and a.probability >= COMMENT) for a in acts),
        tuple(a.act != "none" for a in acts),
        tuple((a.probability >= COMMAND and a.act != "none") or a.act not in {"none", *sure} for a in acts),
    ):
        keep = tuple(kept or request for kept, request in zip(keep, requests, strict=True))
        if any(keep) and not all(keep) and keep not in out:
            out.append(keep)
    return tuple(out)


def _request_start(clause: Reply) -> bool:
    start = clause.after("also_leads")
    return start < len(clause.words) and phrases("request_starts").at(clause.words, start) is not None


def starts_request(clause: Reply) -> bool:
    """Whether a clause starts as a request of its own ("book lunch with sam friday") or an instruction ("set the
    acme deal to proposal"), after words that join it or hesitate: a reason ("marta can't make it") starts with
    neither."""
    start = max(clause.after("also_leads"), clause.after("leads", "polite"))
    for verbs in (phrases("request_starts"), phrases("field_verbs")):
        verb = verbs.at(clause.words, start) if start < len(clause.words) else None
        if verb is not None and start + verb[0] < len(clause.words):  # "pls update" alone asks nothing new
            return True
    return False


def decision(
    acts: tuple[ClauseAct, ...], sure: Mapping[str, float] = DECISIONS, comment: float = COMMENT
) -> str | None:
    """The one act the clauses say, comments and thanks aside ("ugh fine. send it": approve; "oops, undo please":
    undo), when a clause says it confidently and every other clause is that act, thanks, or read as a comment and
    confidently as asking nothing (a comment or thanks: "much appreciated, cheers"); None when they say none, or more
    than one, or a clause is not surely anything ("reply and tell her …").
    A clause says an act that changes something only when its words make it likelier than the question alone does:
    at a card, where most replies approve, words the model does not know ("wat", "asdf") are read as approving by the
    question alone, and never approve. Thanks changes nothing: after a plan ended, where nearly every reply thanks,
    it is taken as the model reads it. ``sure``: the threshold of an act (DECISION for the others)."""
    confident = {a.act for a in acts if a.act != "none" and a.probability >= sure.get(a.act, DECISION) and _said(a)}
    if len(confident) != 1:
        return None
    act = confident.pop()
    rest = [a for a in acts if a.act not in (act, "thanks")]
    agreeing = act == "approve"  # "that's right, save it": a comment or a yes beside the yes, as surely
    return (
        act
        if all(a.act == "none" and max(a.probability, a.idle + a.approving * agreeing) >= comment for a in rest)
        else None
    )


def _said(act: ClauseAct) -> bool:
    """Whether the clause's words, not the question alone, make its act likely (thanks aside: it changes nothing)."""
    return act.act == "thanks" or act.probability > act.prior
