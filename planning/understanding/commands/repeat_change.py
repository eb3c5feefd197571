"""At the card of an event being made, how often it repeats said alone ("every other week actually", "make it
biweekly", "monthly instead"): the event's rule of repetition changes. The rule is read as a request's is
(:func:`planning.understanding.existing.recurrence`, data/cues/repeats.txt and the weekday vocabulary); the words
besides it must ask for nothing of their own (:mod:`._quiet`). A rule said without its days keeps the days of the rule
shown ("every other week" of "every Tuesday" is every other Tuesday)."""

from planning.understanding.commands._quiet import asks_nothing
from planning.understanding.commands._words import Reply
from planning.understanding.commands.context import Context
from planning.understanding.commands.correct import Correct
from planning.understanding.cues import Words, cues
from planning.understanding.existing import recurrence
from planning.understanding.timewords import PLURAL_WEEKDAYS, WEEKDAYS
from planning.understanding.verbforms import AUXILIARIES

_RULE_WORDS = ("repeats", "repeat_every", "repeat_every_nth", "nth_of_month")


def repeat_changed(reply: Reply, context: Context) -> Correct | None:
    """The rule of repetition a reply at an event's card says alone, as it is to be; None when it says none, says
    more than a rule, or says the rule shown."""
    if context.question != "approval" or context.doing != "create_calendar_event":
        return None
    rule = recurrence(reply.text)
    if rule is None or not asks_nothing(_besides_rule(Words.of(reply.text))):
        return None
    shown = next((value for field, value in context.shown if field == "recurrence"), None)
    said = _with_days_of(rule, shown)
    return None if said == shown else Correct(said, field="recurrence")


def _besides_rule(words: Words) -> tuple[str, ...]:
    """The words that are no part of a rule of repetition (its phrases, "every", "other", the days), nor a verb that
    only helps another ("fortnightly would be better"; never one said as not done)."""
    taken: set[int] = set()
    for name in _RULE_WORDS:
        for found in cues(name).find_all(words):
            taken.update(range(found.start, found.end))
    days = {i for i, word in enumerate(words.words) if word in WEEKDAYS or word in PLURAL_WEEKDAYS}
    kept = " ".join(word for i, word in enumerate(words.words) if i not in taken | days)
    return tuple(word for word in Reply.of(kept).words if word not in _HELPING)


_HELPING = frozenset(verb for verb in AUXILIARIES if "n't" not in verb and verb != "cannot")


def _with_days_of(rule: str, shown: str | None) -> str:
    """``rule``, with the days of the ``shown`` rule when it names none and repeats as often in kind (weekly)."""
    parts = dict(part.partition("=")[::2] for part in rule.split(";"))
    before = dict(part.partition("=")[::2] for part in shown.split(";")) if shown else {}
    if "BYDAY" not in parts and "BYDAY" in before and parts.get("FREQ") == before.get("FREQ"):
        parts["BYDAY"] = before["BYDAY"]
    return ";".join(f"{key}={value}" for key, value in parts.items())
