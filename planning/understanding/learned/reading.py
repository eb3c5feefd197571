"""The parser's side of the learned layer: the rules' reading of a clause judged, and the choices offered
when the result is unsure. Pure; the judge behind it may be the trained model or nothing."""

from collections.abc import Mapping

from planning.types import Choice, OutOfScope, ParseResult
from planning.understanding.clarify import describe, no_such_date
from planning.understanding.cues import Words, cues
from planning.understanding.interpret import Reading
from planning.understanding.learned.policy import V2_SCOPE, Judge, RulesView, Verdict
from planning.understanding.names import people
from planning.understanding.phrases import message_start
from planning.understanding.task_owner import todo_start


def consult(
    judge: Judge, text: str, reading: Reading, scope: Mapping[str, object], *, said: str | None = None
) -> tuple[Reading, Verdict | None]:
    """The reading to use for ``text`` (the rules' ``reading`` when no model is available) and the verdict;
    ``scope`` is what the rules read besides the label (a v2 capability makes the classifier abstain); ``said``: the
    words the rules read as the message to send (its body), which the classifier judges as "the message"."""
    view = RulesView(
        reading.intent,
        reading.entity,
        reading.confidence,
        offtopic=reading.offtopic is not None or reading.intent == "chat",
        capability=next((key for key in V2_SCOPE if scope.get(key)), None),
        loose=reading.loose,
        refused=reading.offtopic is not None
        and (bool(reading.offtopic.action) or reading.offtopic.topic in cues("offtopic_refused_topics").values),
    )
    verdict = judge.judge(_as_judged(text, reading, said), view)
    if verdict is None:
        return reading, None
    same = (verdict.intent, verdict.entity) == (reading.intent, reading.entity)
    why = f"{verdict.why} ({reading.explanation})" if same else f"{verdict.why} (rules: {reading.explanation})"
    runner_up = reading.runner_up
    if not same and reading.intent not in ("chat", "unsupported"):
        runner_up = (reading.intent, reading.entity)
    elif not same:
        runner_up = next(
            ((c.intent, c.entity) for c in verdict.choices if c.intent != verdict.intent or c.entity != verdict.entity),
            None,
        )
    outside = reading.offtopic or (OutOfScope(said=text.strip()) if verdict.outside else None)
    return (
        Reading(verdict.intent, verdict.entity, verdict.confidence, runner_up, why, outside),  # type: ignore[arg-type]
        verdict,
    )


def _as_judged(text: str, reading: Reading, said: str | None = None) -> str:
    """What the classifier judges: the request's frame. The words to be sent to someone named are what the message
    says, not the request ("let Priya know we're on track": "the message"), and so are the words the rules read as
    the message after a speech verb, in any case ("tell kim the review moved to 3": "tell kim the message"); a day or
    week of the user's own, for a calendar reading, is their calendar ("what does my Thursday look like": "my
    calendar"); what a new task says to do is "the task" ("a task for john to send the contract": "a task for john to
    the task")."""
    body_at = _said_at(text, said) if reading.intent == "send" else None
    if body_at is not None:
        return text[:body_at] + "the message"
    start = message_start(text) if reading.intent == "send" else None
    # to a person named as typed names are (capitalised), or to an address: lower-case words may be anything
    to_someone = start is not None and (any(n.text[:1].isupper() for n in people(text[:start])) or "@" in text[:start])
    if start and to_someone:
        return text[:start] + "the message"
    todo = todo_start(text) if (reading.intent, reading.entity) == ("create", "task") else None
    if todo is not None:  # what a task says to do ("… to send the contract to legal") is its subject, not the request
        return text[:todo] + "the task"
    if reading.entity == "event":
        return _owned_periods_as_calendar(text)
    return text


def _said_at(text: str, said: str | None) -> int | None:
    """Where the words to send, as the rules read them, stand in ``text`` as its end (after a speech verb and the
    people told); None when they are not its last words or are all of it."""
    words = (said or "").strip().rstrip(".!?").casefold()
    at = text.casefold().rfind(words) if words else -1
    if at <= 0 or text[at + len(words) :].strip(" .!?"):
        return None
    return at


def _owned_periods_as_calendar(text: str) -> str:
    """``text`` with each period of the user's own ("my Thursday", "my next week", "my today's": a word of
    data/cues/owned_period_owners.txt, then at most one word, then one of owned_periods.txt) said as "my calendar"."""
    words, out, done, index = Words.of(text), list[str](), 0, 0
    while index < len(words):
        end = _owned_period_end(words, index)
        if end is None:
            index += 1
            continue
        last = words.toks[end - 1]
        out.append(text[done : words.char_start(index)] + "my calendar")
        done, index = last.end - (len(last.word) - len(_without_possessive(last.word))), end
    return "".join(out) + text[done:]


def _owned_period_end(words: Words, index: int) -> int | None:
    """The token after the owned period starting at token ``index`` (the one word between, if any, taken first),
    None when none starts there; the words are one space apart."""
    if words.words[index] not in cues("owned_period_owners"):
        return None
    for end in (index + 3, index + 2):
        apart = (words.text[words.char_end(at) : words.char_start(at + 1)] for at in range(index, end - 1))
        if (
            end <= len(words)
            and all(gap == " " for gap in apart)
            and _without_possessive(words.words[end - 1]) in cues("owned_periods")
            and (end == index + 2 or words.is_word(index + 1))
        ):
            return end
    return None


def _without_possessive(word: str) -> str:
    return word.removesuffix("'s").removesuffix("'")


def with_choices(parse: ParseResult, verdict: Verdict | None) -> ParseResult:
    """When the parse is unsure of its one goal (it asks ``clarify``, or the classifier's reading is unsure), the
    two or three likeliest readings, best first, and one question naming them."""
    if verdict is None or len(parse.goals) != 1 or no_such_date(parse.goals):
        return parse
    if parse.clarify is None and not verdict.unsure:
        return parse
    goal = parse.goals[0]
    current = Choice(intent=goal.intent, entity=goal.entity, confidence=parse.confidence)
    others = [
        Choice.model_validate({"intent": c.intent, "entity": c.entity, "confidence": c.confidence})
        for c in verdict.choices
        if (c.intent, c.entity) != (goal.intent, goal.entity)
    ]
    choices = tuple(sorted((current, *others), key=lambda c: -c.confidence)[:3])
    if len(choices) < 2:
        return parse
    named = [describe(c.intent, c.entity) for c in choices]
    question = f"Do you want me to {', '.join(named[:-1])} or {named[-1]}?"
    return parse.model_copy(update={"choices": choices, "clarify": question})
