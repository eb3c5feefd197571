"""How the classifier's probabilities and the rules' reading of one clause make one reading.

Pure and fast. The classifier abstains on every goal it has too few examples of (its "the rules decide" class:
a rules reading of a label outside its classes, or of a v2 capability the data lacks), so it never vetoes
those. On the others it may reject an in-scope rules reading, replace the rules' label by another of its
labels, or read an out-of-scope rules reading as one of its labels, each only above a probability threshold; the
thresholds are chosen by cross-validation over the training files (``devtools.tuning``), never on an evaluation set.
When the reading it gives is unsure (its probability low, or the next reading close), the verdict says so and
the parse offers the likeliest readings as choices.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from planning.understanding.learned.labels import NO_PLAN, OUT, RULES, as_pair, is_write

# Scope the rules give to requests of kinds the training data has too few examples of: the classifier abstains.
# (Forwarding, replying, attendee changes, answers to invitations and free time are learned labels now.)
V2_SCOPE = (
    "each",
    "recurrence",
    "forward_from",
    "attachment_from",
    "values_from_mail",
    "recipients_from_event",
    "summary_of",
    "free_slot",
    "about_type",
    "condition",
    "fallback",
)

# Not tuned: the classifier's "out of scope" this likely stands against a rules reading whose action's object is no
# email, CRM or calendar thing (RulesView.loose): the rules matched only what it is for.
LOOSE_VETO_AT = 0.7
# Not tuned either: a loose rules reading the classifier gives less than this (a goal it has learned) is refused
# too; with every calendar goal learned, "out of scope" is rarely that likely for a sentence full of event words.
LOOSE_SUPPORT = 0.3

MAX_CHOICES = 3
CHOICE_FLOOR = 0.1  # a reading less likely than this is not offered as a choice


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Chosen by ``python -m devtools.train_cv`` (5-fold cross-validation over the training files, seed 14)."""

    promote_at: float = 0.2  # a learned label this likely turns the rules' "out of scope" into that label
    promote_offtopic_at: float = 0.7  # ... when the rules saw an explicit off-topic cue ("alarm", "weather")
    veto_at: float = 0.95  # "out of scope" this likely rejects an in-scope rules reading of a learned label
    switch_at: float = 0.7  # another learned label this likely replaces the rules' label
    # rules at least this confident are neither vetoed nor switched: with every goal label learned, none (1.01)
    rules_sure: float = 1.01
    # a learned write (send, create, update, delete) this likely is needed to turn the rules' "out of scope" into it
    # (a write made from a guess has to guess its values); below it, a read offered beside it (at least promote_at)
    # is planned and the readings are asked
    promote_write_at: float = 0.4
    # the classifier's reading is unsure (the parse offers choices) below this probability, or when the next
    # in-scope reading is within this margin; chosen from the reliability table of the cross-validated model
    unsure_below: float = 0.5
    unsure_margin: float = 0.15


@dataclass(frozen=True, slots=True)
class RulesView:
    """What the policy needs of the rules' reading."""

    intent: str
    entity: str
    confidence: float
    offtopic: bool = False
    capability: str | None = None  # a v2 capability the rules read (forward, each, recurrence...)
    loose: bool = False  # the rules matched only what the action's object is for (interpret.Reading.loose)
    # the rules read an action planbot does not take on the things named ("unsend the email", "delete all emails"):
    # a reading of its own, (action, thing), that no class of the classifier stands for
    refused: bool = False


@dataclass(frozen=True, slots=True)
class Candidate:
    intent: str
    entity: str
    confidence: float


@dataclass(frozen=True, slots=True)
class Verdict:
    """The reading to use, who decided it, and (best first) the likeliest in-scope readings."""

    intent: str
    entity: str
    confidence: float
    by: str  # "classifier" or "rules"
    why: str
    choices: tuple[Candidate, ...] = ()
    unsure: bool = False  # the classifier decided or agreed, and its reading is unsure: offer the choices
    outside: bool = False  # unsupported because it is about something outside email, CRM and calendar


class Judge(Protocol):
    def judge(self, text: str, rules: RulesView) -> Verdict | None:
        """The reading of ``text`` given the rules' one; ``None`` when no classifier is available."""
        ...


_CHANGES = ("update", "create", "send")


def _harsher(label: str, rules_intent: str) -> bool:
    """Whether the classifier's ``label`` removes something where the rules read a change, a new thing or a send
    ("remove tom from the acme call": an attendee taken off, never the call deleted on a guess)."""
    return label.split("/")[0] == "delete" and rules_intent in _CHANGES


def judge(rules: RulesView, probabilities: Mapping[str, float], t: Thresholds) -> Verdict:
    """The combined reading; the rules' own when the classifier abstains (a goal it has no examples of)."""
    rules_label = f"{rules.intent}/{rules.entity}"
    in_scope = rules.intent not in NO_PLAN
    p_rules = probabilities.get(rules_label)
    unsupported = p_rules is not None and p_rules < LOOSE_SUPPORT
    if in_scope and rules.loose and (probabilities.get(OUT, 0.0) >= LOOSE_VETO_AT or unsupported):
        why = (
            f"classifier {probabilities.get(OUT, 0.0):.2f} out of scope, {p_rules or 0.0:.2f} {rules_label}: "
            "outside email, CRM and calendar; the rules matched only what it is for"
        )
        return Verdict("unsupported", "none", round(1.0 - (p_rules or 0.0), 2), "classifier", why, outside=True)
    if rules.refused:  # the classifier knows only what planbot does: "unsend" is no "send" to it
        return Verdict(
            rules.intent, rules.entity, rules.confidence, "rules", "rules decided: an action planbot does not take"
        )
    if in_scope and (rules_label not in probabilities or rules.capability in V2_SCOPE):
        unknown = f"'{rules.capability}'" if rules.capability else rules_label
        why = f"rules decided: the classifier has no examples of {unknown}"
        return Verdict(rules.intent, rules.entity, rules.confidence, "rules", why)
    label, p = _best_learned(probabilities)
    p_out = probabilities.get(OUT, 0.0)
    choices = _choices(probabilities)
    said = f"classifier {p:.2f}: {label}"
    if not in_scope:
        needed = asked_at = t.promote_offtopic_at if rules.offtopic else t.promote_at
        if label and is_write(label):
            needed = max(needed, t.promote_write_at)
        if label and p >= needed and probabilities.get(RULES, 0.0) < p:
            intent, entity = label.split("/")
            why = f"{said}; the rules read no request"
            return Verdict(intent, entity, round(p, 2), "classifier", why, choices, _unsure(probabilities, t))
        read = _best_read(choices, asked_at)
        if label and is_write(label) and read and p > p_out and probabilities.get(RULES, 0.0) < p:
            # a write too unsure to plan on a guess, likelier than out of scope: the likeliest reading that is no
            # write is planned, and asked about with the write among the choices
            why = f"classifier {read.confidence:.2f}: {read.intent}/{read.entity}, {said} too unsure to write: asked"
            return Verdict(read.intent, read.entity, read.confidence, "classifier", why, choices, unsure=True)
        if p_out >= p:
            why = f"classifier {p_out:.2f}: out of scope; rules agreed"
            return Verdict(rules.intent, rules.entity, rules.confidence, "classifier", why)
        return Verdict(rules.intent, rules.entity, rules.confidence, "rules", f"rules decided: no request ({said})")
    protected = rules.confidence >= t.rules_sure
    if not protected and p_out >= t.veto_at:
        why = f"classifier {p_out:.2f}: out of scope, not {rules_label}"
        return Verdict("unsupported", "none", round(p_out, 2), "classifier", why)
    if not protected and label and label != rules_label and p >= t.switch_at and not _harsher(label, rules.intent):
        intent, entity = label.split("/")
        why = f"{said}, not the rules' {rules_label}"
        return Verdict(intent, entity, round(p, 2), "classifier", why, choices, _unsure(probabilities, t))
    if label == rules_label and p >= p_out:
        confidence = round(max(rules.confidence, p), 2)
        return Verdict(rules.intent, rules.entity, confidence, "classifier", f"{said}; rules agreed", choices)
    other = said if p >= p_out else f"classifier {p_out:.2f}: out of scope"
    return Verdict(rules.intent, rules.entity, rules.confidence, "rules", f"rules decided ({other})", choices)


def _unsure(probabilities: Mapping[str, float], t: Thresholds) -> bool:
    """The classifier's own best reading is unlikely, or the next one is close to it."""
    ranked = sorted((p for name, p in probabilities.items() if as_pair(name)), reverse=True)
    best, second = [*ranked, 0.0, 0.0][:2]
    return best < t.unsure_below or best - second < t.unsure_margin


def _best_read(choices: tuple[Candidate, ...], at_least: float) -> Candidate | None:
    """The likeliest reading offered that changes nothing (find, summarize), when it is at least this likely."""
    return next((c for c in choices if not is_write(f"{c.intent}/{c.entity}") and c.confidence >= at_least), None)


def _best_learned(probabilities: Mapping[str, float]) -> tuple[str | None, float]:
    ranked = sorted(((p, name) for name, p in probabilities.items() if as_pair(name)), reverse=True)
    return (ranked[0][1], ranked[0][0]) if ranked else (None, 0.0)


def _choices(probabilities: Mapping[str, float]) -> tuple[Candidate, ...]:
    ranked = sorted(
        ((p, name) for name, p in probabilities.items() if as_pair(name) and p >= CHOICE_FLOOR), reverse=True
    )
    pairs = ((as_pair(name), p) for p, name in ranked[:MAX_CHOICES])
    return tuple(Candidate(pair[0], pair[1], round(p, 2)) for pair, p in pairs if pair)
