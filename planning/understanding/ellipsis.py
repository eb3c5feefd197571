"""A question that names no thing of its own, asked after another request in the same message, is about the same
kind of thing ("any emails from Dmitri since Friday? — also anything from Gabriela": mail again). Contract §2.9."""

from planning.understanding.combinations import supported
from planning.understanding.interpret import Reading
from planning.understanding.lexicon import evidence_in

SURE = 0.5  # a judged reading this sure of its own kind is kept ("…; also what's on my cal tmrw")


def of_the_kind_before(text: str, rules: Reading, before: Reading, judged: Reading) -> Reading | None:
    """The reading of the question ``text`` as a search for the kind of thing of the request ``before`` it, when the
    rules (``rules``) found no email, CRM or calendar word in it and no off-topic one, and the classifier's reading
    (``judged``) is unsure; None otherwise."""
    if rules.entity != "none" or rules.offtopic is not None or before.entity == "none":
        return None
    if judged.intent not in ("chat", "unsupported") and judged.confidence >= SURE:
        return None
    evidence = evidence_in(text)
    if any(e.kind in ("entity", "chat", "offtopic") for e in evidence):
        return None
    intent = next((e.concept for e in evidence if e.kind == "intent"), None)
    if intent != "find" or not supported(intent, before.entity):
        return None  # a change said after ("…, make it last 3 hours") says more about the request before
    why = f"names no thing of its own: the same kind as the request before ({before.entity})"
    return Reading(intent, before.entity, min(before.confidence, 0.7), None, why)  # type: ignore[arg-type]
