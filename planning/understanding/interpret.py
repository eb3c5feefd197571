"""Reading one clause: which (intent, entity) the evidence supports, how surely, and why."""

from dataclasses import dataclass

from planning.types import Entity, Intent
from planning.understanding.combinations import REMAP, supported
from planning.understanding.lexicon import Evidence, evidence_in

STRONG_ENTITY = 2.0
MAIN_VERB_BONUS = 2.0
IMPLIED_ENTITY = {"send": ("email", 1.5), "summarize": ("email", 0.8)}
DEFAULT_INTENT_SCORE = 0.5
ACTION_SUPPORT = 1.5  # an action verb on a domain thing outweighs a stray off-topic word


@dataclass(frozen=True, slots=True)
class Reading:
    intent: Intent
    entity: Entity
    confidence: float
    runner_up: tuple[str, str] | None
    explanation: str
    offtopic: str | None = None


def _without_nested(evidence: list[Evidence]) -> list[Evidence]:
    """Drop a cue lying inside a longer cue of the same kind ("email" inside "email address")."""
    kept = []
    for item in evidence:
        inside = any(
            other is not item
            and other.kind == item.kind
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
    evidence = _without_nested(evidence_in(text))
    chat = [e for e in evidence if e.kind == "chat"]
    if chat:
        return Reading(
            "chat", "none", 0.95, None, f"'{chat[0].text.strip()}' is small talk or a request for help"
        )
    intents = [e for e in evidence if e.kind == "intent"]
    entities = [e for e in evidence if e.kind == "entity"]
    offtopic = [e for e in evidence if e.kind == "offtopic"]
    question = any(e.kind == "question" for e in evidence)
    entity_scores = _scores(entities)
    domain = max((e.weight for e in entities), default=0.0)
    main = next((e for e in intents if e.weight >= 2.0), None)
    worst_offtopic = max(offtopic, key=lambda e: e.weight, default=None)
    support = domain + (ACTION_SUPPORT if domain and main is not None and main.concept != "find" else 0.0)
    if worst_offtopic is not None and worst_offtopic.weight >= support:
        return Reading(
            "unsupported", "none", min(0.95, 0.6 + worst_offtopic.weight / 15), None,
            f"'{worst_offtopic.text}' is about {worst_offtopic.concept}, which is outside email, CRM and calendar",
            offtopic=worst_offtopic.concept,
        )  # fmt: skip
    intent_scores = _scores(intents)
    if main is not None:
        intent_scores[main.concept] = intent_scores.get(main.concept, 0.0) + MAIN_VERB_BONUS
    if question:
        intent_scores["find"] = intent_scores.get("find", 0.0) + 1.5
    for intent, (entity, bonus) in IMPLIED_ENTITY.items():
        if intent in intent_scores:
            entity_scores[entity] = entity_scores.get(entity, 0.0) + bonus
    if not entity_scores and main is not None and main.concept in ("create", "update", "delete"):
        if has_time or names_someone:  # "book 30 minutes with John", "clear my 2pm"
            entity_scores["event"] = 1.0
    if not entity_scores:
        return Reading("unsupported", "none", 0.7, None, "no email, CRM or calendar concept in the request")
    if domain < STRONG_ENTITY and not _weak_domain_is_enough(main, has_time, names_someone, question):
        return Reading("unsupported", "none", 0.6, None, "only loose hints of a calendar or email request")
    ranked = _rank(intent_scores, entity_scores, question=question, has_time=has_time)
    (best_score, intent, entity), runner = ranked[0], (ranked[1] if len(ranked) > 1 else None)
    confidence = _confidence(best_score, runner[0] if runner else 0.0, domain)
    cue_words = [e.text for e in (main, *entities[:2]) if e is not None]
    explanation = f"{' + '.join(repr(w) for w in cue_words)} -> {intent}/{entity}"
    return Reading(intent, entity, confidence, (runner[1], runner[2]) if runner else None, explanation)


def _weak_domain_is_enough(
    main: Evidence | None, has_time: bool, names_someone: bool, question: bool
) -> bool:
    """A loose hint ("lunch", "a call") counts when an action verb and a time or a person come with it."""
    if main is None:
        return False
    if main.concept in ("send", "summarize"):
        return True
    if main.concept == "find":  # "is there any program for tomorrow evening"
        return has_time and question
    return main.concept in ("create", "update", "delete") and (has_time or names_someone)


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
