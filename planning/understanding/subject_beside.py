"""A mail sent beside a change of an event, whose words say little on their own ("book lunch w maria fri at noon and
send her a note saying my treat"): its subject names the event ("Lunch on Friday"), not the few words ("Treat").
"""

from planning.types import Goal, ParseResult
from planning.understanding import subjects
from planning.understanding.cues import Words, cues
from planning.understanding.phrases import capitalise

THIN = 3  # a body of this many words or fewer says little without the event beside it


def with_subject_beside(parse: ParseResult) -> ParseResult:
    """``parse`` with the subject of each mail made from a thin body taken from an event goal beside it that shares a
    person with the mail."""
    goals = list(parse.goals)
    changed = False
    for index, goal in enumerate(goals):
        if not _thin(goal):
            continue
        event = next((g for g in goals if g.entity == "event" and g.slots.title and _shares_person(g, goal)), None)
        if event is None:
            continue
        subject = _event_subject(event, goal)
        goals[index] = goal.model_copy(update={"slots": goal.slots.model_copy(update={"subject": subject})})
        changed = True
    if not changed:
        return parse
    return parse.model_copy(update={"meta": parse.meta.model_copy(update={"goals": tuple(goals)})})


def _thin(goal: Goal) -> bool:
    """A mail whose subject was made from a body of a few words (no subject or topic said)."""
    s = goal.slots
    if (goal.intent, goal.entity) != ("send", "email") or s.topic or not s.body or len(s.body.split()) > THIN:
        return False
    return s.subject == subjects.from_body(s.body)


def _shares_person(event: Goal, mail: Goal) -> bool:
    people = {p.casefold() for p in event.slots.people}
    return any(p.casefold() in people for p in mail.slots.people)


def _event_subject(event: Goal, mail: Goal) -> str:
    """The event's title without "with <the mail's recipient>", and its day when it is one ("Lunch on Friday")."""
    title = event.slots.title or ""
    for person in mail.slots.people:
        tail = f" with {person}"
        if title.casefold().endswith(tail.casefold()) and len(title) > len(tail):
            title = title[: -len(tail)]
    when = event.slots.when
    one_day = when is not None and (when.end is None or (when.end - when.start).days <= 1)
    return capitalise(f"{title} on {when.start:%A}" if when is not None and one_day else title)


def named_for_pronoun(subject: str, title: str) -> str | None:
    """``subject`` with the words of data/cues/subject_pronoun_openers.txt it opens with ("It's moved to the 11th")
    replaced by ``title``, as a headline ("Globex pricing review moved to the 11th"); None when it opens with none,
    or nothing follows them."""
    words = Words.of(subject.lower())
    opener = cues("subject_pronoun_openers").at(words, 0)
    if opener is None or opener.end >= len(words):
        return None
    return f"{title} {Words.of(subject).text_of(opener.end)}"
