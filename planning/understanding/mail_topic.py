"""The words to send are never the topic of the mail searched for: "reply to sarah saying I will send my receipts"
answers her last mail, not one about receipts; "reply to maria's email about the payment terms: thanks, we accept"
searches for "the payment terms". A topic ends where the words to send begin, or where the person is told them
("…, let her know …", data/cues/told_verbs.txt), and none is found inside them."""

from planning.understanding.cues import Words, cues
from planning.understanding.word_lists import words


def body_start(text: str, body: str | None, said_from: int | None) -> int | None:
    """Where the words to send begin in ``text``: at the cue that leads them ("saying", "tell him"), else where the
    body itself is found as typed; None when neither is known."""
    found = text.lower().find(body.strip().lower()) if body and body.strip() else -1
    starts = [at for at in (said_from, found if found >= 0 else None) if at is not None]
    return min(starts, default=None)


def topic_before(text: str, topic: str | None, start: int | None) -> str | None:
    """``topic`` cut where the words to send begin at ``start``; None when it lies inside them."""
    if topic is None or start is None:
        return topic
    at = text.lower().find(topic.lower())
    if at < 0:
        return topic
    if at >= start:
        return None
    return _before_telling(text[at : min(start, at + len(topic))]).rstrip(" -–—,.;:!?") or None


def with_content(topic: str | None) -> str | None:
    """``topic`` when it holds a word that says what the message is about; None for a lone conjunction or pronoun
    ("that", "her") or the mail itself ("a quick note"): then the subject is made from the words to send."""
    if topic is None:
        return None
    said = [w.lower() for w in Words.of(topic).words]
    itself = (cues("participle_mail_nouns"), cues("mail_size_words"))
    if all(w in words("function_words") or any(w in nouns for nouns in itself) for w in said):
        return None  # "a note": the mail itself, no topic
    return topic


def _before_telling(topic: str) -> str:
    """ "the contract, let her" → "the contract": a topic cut at the words to send ends before the verb of telling."""
    words = Words.of(topic)
    verb = cues("told_verbs").find(words)
    return topic[: words.char_start(verb.start)] if verb is not None else topic
