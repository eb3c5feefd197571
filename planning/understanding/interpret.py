"""Reading one clause: which (intent, entity) the evidence supports, how surely, and why."""

from dataclasses import dataclass

from planning.types import Entity, Intent, OutOfScope
from planning.understanding.combinations import REMAP, supported
from planning.understanding.cue_context import Around, found_in, opens, spaced
from planning.understanding.cues import Words, cues
from planning.understanding.lexicon import Evidence, evidence_in
from planning.understanding.mail_received import as_received
from planning.understanding.phrases import message_start, topic_span
from planning.understanding.task_owner import todo_start

STRONG_ENTITY = 2.0
MAIN_VERB_BONUS = 2.0
IMPLIED_ENTITY = {"send": ("email", 1.5), "summarize": ("email", 0.8)}
DEFAULT_INTENT_SCORE = 0.5
BARE_CONFIDENCE = 0.45  # "cancel", "four pm": the calendar is only a guess
WEAK_CONFIDENCE = 0.6  # only loose hints ("a concert tomorrow")
ACTION_SUPPORT = 1.5  # an action verb on a domain thing outweighs a stray off-topic word


@dataclass(frozen=True, slots=True)
class Reading:
    intent: Intent
    entity: Entity
    confidence: float
    runner_up: tuple[str, str] | None
    explanation: str
    offtopic: OutOfScope | None = None  # why it is none of ours, for the refusal to name
    # the action's object is no email, CRM or calendar thing; the thing named is only what it is for ("create a
    # zoom link for the launch review"): a confident out-of-scope verdict of the classifier stands
    loose: bool = False
    # nothing named and no action: the calendar only guessed from a time ("priya's out thursday"); beside a request
    # of its own in the same message, such a clause is what the request is about, not a request
    guessed: bool = False
    # an action verb or a question asks for it ("move our 1:1 …", "what's on thursday"); a clause read from the
    # things it names alone ("we're folding the wed sync into the standup") asks nothing of its own words
    asks: bool = False


def _without_nested(evidence: list[Evidence]) -> list[Evidence]:
    """Drop a cue lying inside a longer cue of the same kind ("email" inside "email address"), and an
    action word inside a longer name of a thing ("plan" in "my weekly plan")."""
    kept = []
    for item in evidence:
        inside = any(
            other is not item
            and (
                other.kind == item.kind or (item.kind == "intent" != item.concept != "find" and other.kind == "entity")
            )
            and other.start <= item.start
            and item.end <= other.end
            and (other.end - other.start) > (item.end - item.start)
            for other in evidence
        )
        if not inside:
            kept.append(item)
    return kept


def _scores(items: list[Evidence]) -> dict[str, float]:
    best: dict[str, float] = {}
    extra: dict[str, float] = {}
    for item in items:
        if item.weight > best.get(item.concept, 0.0):
            extra[item.concept] = extra.get(item.concept, 0.0) + 0.25 * best.get(item.concept, 0.0)
            best[item.concept] = item.weight
        else:
            extra[item.concept] = extra.get(item.concept, 0.0) + 0.25 * item.weight
    return {concept: best[concept] + min(extra.get(concept, 0.0), 1.5) for concept in best}


def read_clause(text: str, *, has_time: bool = False, names_someone: bool = False) -> Reading:
    evidence = as_received(text, _without_task_content(text, _without_nested(evidence_in(text))))
    chat = [e for e in evidence if e.kind == "chat"]
    if chat:
        return Reading("chat", "none", 0.95, None, f"'{chat[0].text.strip()}' is small talk or a request for help")
    intents = [e for e in evidence if e.kind == "intent"]
    entities = _mail_named_by_a_thing(text, _without_topics(text, [e for e in evidence if e.kind == "entity"]))
    if len(text.split()) == 1 and any(e.weight >= STRONG_ENTITY + 1 for e in entities):
        intents = []  # a lone "schedule" or "calendar" names a thing, it does not ask for an action
    offtopic = _outside_message(text, intents, [e for e in evidence if e.kind == "offtopic"])
    question = any(e.kind == "question" for e in evidence)
    main = _main_verb(intents, question, text)
    offtopic = _outside_topic(text, main, offtopic)
    if has_time and names_someone:
        entities = _without_purpose(text, entities, main)
    entity_scores = _scores(entities)
    domain = max((e.weight for e in entities), default=0.0)
    worst_offtopic = max(offtopic, key=lambda e: e.weight, default=None)
    support = domain + (ACTION_SUPPORT if domain and main is not None and main.concept != "find" else 0.0)
    if worst_offtopic is not None and worst_offtopic.weight >= support:
        return Reading(
            "unsupported",
            "none",
            round(min(0.95, 0.6 + worst_offtopic.weight / 15), 2),
            None,
            f"'{worst_offtopic.text}' is about {worst_offtopic.concept}, which is outside email, CRM and calendar",
            offtopic=OutOfScope(said=worst_offtopic.text.strip(), topic=worst_offtopic.concept),
        )
    intent_scores = _scores(intents)
    if main is not None:
        intent_scores[main.concept] = intent_scores.get(main.concept, 0.0) + MAIN_VERB_BONUS
    if question:
        intent_scores["find"] = intent_scores.get("find", 0.0) + 1.5
    for intent, (entity, bonus) in IMPLIED_ENTITY.items():
        if intent in intent_scores:
            entity_scores[entity] = entity_scores.get(entity, 0.0) + bonus
    acting = main is not None and main.concept in ("create", "update", "delete")
    if not entity_scores and acting and (has_time or names_someone):  # "book 30 minutes with John"
        entity_scores["event"] = 1.0
    refused = _action_on_nothing_it_fits(main, entity_scores)
    if refused is not None:
        return refused
    bare = not entity_scores and _calendar_by_default(text, intents, has_time)
    if bare:
        entity_scores["event"] = 1.0  # "cancel", "four pm": with nothing else named, the calendar
    if not entity_scores:
        return Reading("unsupported", "none", 0.7, None, "no email, CRM or calendar concept in the request")
    finding = question or "find" in intent_scores
    if domain < STRONG_ENTITY and not bare and not _weak_domain_is_enough(text, main, has_time, names_someone, finding):
        return Reading("unsupported", "none", 0.6, None, "only loose hints of a calendar or email request")
    proposing = has_time or found_in(cues("with_someone", "atoms"), text, _WITH_SOMEONE)  # "an event with these people"
    ranked = _rank(intent_scores, entity_scores, question=question, has_time=proposing)
    (best_score, intent, entity), runner = ranked[0], (ranked[1] if len(ranked) > 1 else None)
    confidence = _confidence(best_score, runner[0] if runner else 0.0, domain)
    if bare:
        confidence = min(confidence, BARE_CONFIDENCE)
    elif domain < STRONG_ENTITY:
        confidence = min(confidence, WEAK_CONFIDENCE)
    elif main is None and not question:
        confidence = round(confidence - 0.1, 2)
    why = (
        f"'{text}' names no email, CRM or calendar thing -> guessed {intent}/{entity}"
        if bare
        else _explain(main, entities, question, intent, entity)
    )
    loose = main is not None and main.concept == "create" and _object_is_no_thing(text, main, entities)
    runner_up = (runner[1], runner[2]) if runner else None
    guessed = bare and main is None and len(text.split()) > 1
    asks = main is not None or question
    return Reading(intent, entity, confidence, runner_up, why, loose=loose, guessed=guessed, asks=asks)


def _without_task_content(text: str, evidence: list[Evidence]) -> list[Evidence]:
    """ "a task for me to email the checklist to Acme", "a task for sarah to send them the kickoff deck": what the
    task says to do (its verb, the things it names) is its subject; the task is what is made."""
    start = todo_start(text)
    if start is None:
        return evidence
    return [e for e in evidence if e.kind not in ("intent", "entity") or e.start < start]


def _without_topics(text: str, entities: list[Evidence]) -> list[Evidence]:
    """ "a call with Tom about the Initech deal": a thing named after "about" is the topic of the thing named before
    it, never the thing acted on; so is what "a task for me to email …" says to do (the task is made)."""
    topic = spaced(cues("topic_marks", "atoms"), text)
    if topic is None or not any(e.end <= topic[0] for e in entities):
        return entities
    return [e for e in entities if e.start < topic[0]]


def _without_purpose(text: str, entities: list[Evidence], main: Evidence | None) -> list[Evidence]:
    """ "book 30 w tom thurs morning, need to nail down the customer quote": a verb that only books a meeting
    (data/cues/meeting_verbs.txt), said with a person and a time (the caller knows), books one; a record named after
    a comma past it is what the meeting is for. A thing wanted with someone ("need an hour with tom …",
    data/cues/intent_create_wanted.txt, ending in a word of data/cues/with_someone.txt) is a meeting: a record named
    after it ("… to chase the customer quote") is what the meeting is for."""
    if main is not None and main.concept == "create" and Words.of(main.text).words[-1:] in _WITH_WORDS:
        return [e for e in entities if e.start < main.end or e.concept not in _PURPOSE_RECORDS]  # "need an hour with"
    if main is None or main.concept != "create" or Words.of(main.text).words[:1] not in _MEETING_VERBS:
        return entities
    comma = text.find(",", main.end)
    if comma < 0:
        return entities
    return [e for e in entities if e.start < comma or e.concept not in _PURPOSE_RECORDS]


_MEETING_VERBS = frozenset(phrase[:1] for phrase, _ in cues("meeting_verbs").entries)
_WITH_WORDS = frozenset(phrase[-1:] for phrase, _ in cues("with_someone").entries)
_PURPOSE_RECORDS = frozenset({"account", "contact", "lead", "deal"})


def _mail_named_by_a_thing(text: str, entities: list[Evidence]) -> list[Evidence]:
    """ "summarise the partner summit thread": a thing named just before a word of mail (``mail_heads``) says which
    mail; the last word of the name is what it is, so the thing reads as mail, with its weight."""
    words = Words.of(text)
    out: list[Evidence] = []
    for item in entities:
        after = next((i for i in range(len(words)) if words.char_start(i) >= item.end), None)
        head = None if after is None or item.concept == "email" else cues("mail_heads").at(words, after)
        if head is None:
            out.append(item)
            continue
        end = words.char_end(head.end - 1)
        out.append(Evidence("entity", "email", item.weight, item.start, end, text[item.start : end]))
    return out


def _action_on_nothing_it_fits(main: Evidence | None, entity_scores: dict[str, float]) -> Reading | None:
    """A change asked of things it cannot be done to ("delete all emails from John") is refused, not read as a
    question about them: planbot cannot do it, and must not say it did."""
    if main is None or main.concept not in ("create", "update", "delete") or not entity_scores:
        return None
    if any(supported(*REMAP.get((main.concept, entity), (main.concept, entity))) for entity in entity_scores):
        return None
    things = " or ".join(f"{entity}s" for entity in sorted(entity_scores))
    why = f"'{main.text}' ({main.concept}) on {things} is outside email, CRM and calendar work planbot can do"
    outside = OutOfScope(said=main.text.strip().lower(), action=main.concept, things=things)
    return Reading("unsupported", "none", 0.8, None, why, offtopic=outside)


def _object_is_no_thing(text: str, main: Evidence, entities: list[Evidence]) -> bool:
    """ "create a zoom link for the launch review": what is made (up to "for", "to" …) names nothing planbot keeps,
    and the things named come only after it."""
    end = spaced(cues("object_ends", "atoms"), text, main.end)
    made = "" if end is None else text[main.end : end[0]]
    said = made.split()
    if end is None or not made[:1].isspace() or len(said) < 2 or said[0].casefold() not in cues("object_articles"):
        return False
    if any(char.isdecimal() for char in made) or found_in(cues("object_lengths", "atoms"), made):
        return False
    return bool(entities) and all(e.start >= end[0] for e in entities)


def _outside_message(text: str, intents: list[Evidence], offtopic: list[Evidence]) -> list[Evidence]:
    """Words inside the message to be sent ("tell Priya that the weather is bad") are what it says, not what is
    asked: an off-topic word there does not make the request off-topic."""
    start = message_start(text) if offtopic else None
    sending = next((e for e in intents if e.concept == "send" and e.weight >= STRONG_ENTITY), None)
    if start is None or sending is None or sending.start >= start:
        return offtopic
    return [e for e in offtopic if e.start < start]


def _outside_topic(text: str, main: Evidence | None, offtopic: list[Evidence]) -> list[Evidence]:
    """What a booking or change is about ("book 30 min w him at 4 to go through the forecast", "move the call about
    the weather app") is its topic, not what is asked: an off-topic word there, after the action, does not make the
    request off-topic."""
    if not offtopic or main is None or main.concept not in ("create", "update", "delete"):
        return offtopic
    topic = topic_span(text)
    if topic is None or topic[0] < main.end:
        return offtopic
    return [e for e in offtopic if e.start < topic[0]]


def _explain(main: Evidence | None, entities: list[Evidence], question: bool, intent: str, entity: str) -> str:
    cues = []
    if main is not None:
        cues.append(f"'{main.text}' (an action)")
    elif question:
        cues.append("a question")
    thing = next((e for e in entities if e.concept == entity), None)
    if thing is not None and (main is None or thing.text.lower() != main.text.lower()):
        cues.append(f"'{thing.text}' ({entity})")
    return f"{' + '.join(cues) or 'default reading'} -> {intent}/{entity}"


_ABOUT_A_PERIOD = Around(not_before=cues("period_questions_not_before", "atoms"))
_BARE_ACTION = frozenset({"cancel", "delete", "remove", "reschedule", "clear", "move", "schedule", "add"})


def _calendar_by_default(text: str, intents: list[Evidence], has_time: bool) -> bool:
    """With no thing named, a bare action, a bare time or a question about a time is about the calendar."""
    words = text.lower().strip(" ?!.").split()
    if len(words) == 1 and words[0] in _BARE_ACTION:
        return True
    if has_time and opens(cues("period_questions", "atoms"), text, _ABOUT_A_PERIOD):  # "is this week a payday week"
        return True
    return has_time and len(words) <= 3 and not intents


def _main_verb(intents: list[Evidence], question: bool, text: str) -> Evidence | None:
    """The first strong action cue: the request's verb. In a question ("did you add...", "what reminders do
    I have set") a verb that does not open the clause is not a command, and a lone word is a noun ("schedule"); a cue
    of several words that is the whole clause ("let laura know") is still a command."""
    main = next((e for e in intents if e.weight >= 2.0), None)
    if main is None or (question and main.start > 0):
        return None
    if main.start == 0 and main.end >= len(text.rstrip(" ?!.")) and len(main.text.split()) == 1:
        return None
    return main


_WITH_SOMEONE = Around(before=cues("with_someone_before", "atoms"), not_before=cues("with_someone_not_before", "atoms"))


def _weak_domain_is_enough(
    text: str, main: Evidence | None, has_time: bool, names_someone: bool, finding: bool
) -> bool:
    """A loose hint ("lunch", "a concert") counts with an action and a time or a person, or as a question
    about a time ("is there any program tomorrow evening")."""
    if main is None or main.concept == "find":
        return (has_time and finding) or opens(cues("when_questions", "atoms"), text)
    if main.concept in ("send", "summarize"):
        return True
    return has_time or names_someone


def _rank(
    intent_scores: dict[str, float], entity_scores: dict[str, float], *, question: bool, has_time: bool
) -> list[tuple[float, Intent, Entity]]:
    ranked: dict[tuple[str, str], float] = {}
    intents = dict(intent_scores)
    if not intents:
        intents["find" if question or not has_time else "create"] = DEFAULT_INTENT_SCORE
    for intent, i_score in intents.items():
        for entity, e_score in entity_scores.items():
            pair = REMAP.get((intent, entity), (intent, entity))
            if not supported(*pair):
                continue
            ranked[pair] = max(ranked.get(pair, 0.0), i_score + e_score)
    if not ranked:  # the verb fits none of the things named: read it as a question about the thing
        for entity, e_score in entity_scores.items():
            if supported("find", entity):
                ranked[("find", entity)] = e_score
    ordered = sorted(ranked.items(), key=lambda kv: (-kv[1], kv[0]))
    return [(score, pair[0], pair[1]) for pair, score in ordered]  # type: ignore[misc]


def _confidence(best: float, second: float, domain: float) -> float:
    strength = min(1.0, best / 8.0)
    margin = (best - second) / best if best > 0 else 0.0
    value = 0.3 + 0.35 * strength + 0.25 * margin + 0.1 * min(1.0, domain / 3.0)
    return round(min(0.99, value), 2)
