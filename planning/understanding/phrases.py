"""Free-text slots: an email's topic, subject and body, an event's title (contract §2.3)."""

import re

from planning.understanding.verbforms import past_base

_ARTICLE = re.compile(r"^(?:the|a|an|my|our|your|some|this|that)\s+", re.I)
_BODY = re.compile(
    r"\b(?:saying|that says|which says|stating(?: that)?|telling (?:him|her|them)(?: that)?|tell (?:him|her|them)"
    r"(?: that)?|to say(?: that)?|(?<=, )say(?: that)?|(?<=\band )say(?: that)?|"
    r"with the (?:message|text|body)|body|"
    # a note introduced by its kind and a colon: "with a note: …", "adding: …", "plus a quick message: …"
    r"(?:with|plus|and) (?:a|the|this) (?:short |quick |brief )?(?:note|message|comment|line)\s*:|"
    r"adding(?:\s*:|(?= that\b) that)|asking (?:if|whether|"
    r"(?:him|her|them) (?:if|whether|to))|ask (?:him|her|them)? ?(?:if|whether|to)|know that|that)\s+(.+)$",
    re.I,
)
_SUBJECT = re.compile(
    r"\b(?:with (?:the )?subject(?: line)?|subject(?: line)?|titled|entitled|re:)\s+(.+?)"
    r"(?=\s+(?:saying|that says|body|with the body|and say)\b|$)",
    re.I,
)
_ABOUT = re.compile(
    r"\b(?:about|regarding|re|concerning|on the subject of|having to do with|in regard to|with regards? to)\s+(.+?)"
    r"(?=\s+(?:saying|and ask|and tell|that says|tomorrow|today|on (?:monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday))\b|[,.;!?]|$)",
    re.I,
)
_TITLE = re.compile(
    r"\b(?:called|titled|named|entitled)\s+[\"']?(.+?)[\"']?(?=\s+(?:on|at|with|for)\b|[,.;!?]|$)", re.I
)
_SPACE = re.compile(r"\s+")
_TRAILING = re.compile(r"[\s,.;:!?]+$")


def capitalise(text: str) -> str:
    """Drop a leading article and capitalise the first letter only ("the sales report" → "Sales report")."""
    text = _ARTICLE.sub("", text.strip()).strip()
    text = _TRAILING.sub("", text)
    if not text:
        return ""
    first = text.split(" ", 1)
    if (first[0].isupper() and len(first[0]) > 1) or any(ch.isupper() for ch in first[0][1:]):
        return text  # an acronym or a name keeps its case
    return text[0].upper() + text[1:]


def body_text(text: str) -> str | None:
    match = _BODY.search(text)
    if not match:
        return None
    body = _TRAILING.sub("", match.group(1)).strip()
    return body[0].upper() + body[1:] if body else None


_TELL = re.compile(r"\b(?:let|tell|inform|remind)\s+(?!me\b|us\b)", re.I)
_KNOW = re.compile(r"^\s*know\b(?:\s+that\b)?", re.I)
_JOINER = re.compile(r"^\s*(?:,|and\b|&|\s)+", re.I)
_SUBJECT_WORD = re.compile(r"^(?:i|we|you|he|she|they|it|the|our|my|his|her|their|this|that|these|everyone)\b", re.I)
_STATEMENT = re.compile(
    r"^(?:i|i'm|we|we're|you|he|she|they|it|it's|the|our|my|his|her|their|this|that|these|there|everything|"
    r"everyone|nothing)\b.*(?:\b(?:is|are|was|were|will|would|can|can't|cannot|won't|has|have|had|did|does|"
    r"do|am|need|needs|got|moved|slipped)\b|'(?:s|re|m|ll|ve|d)\b)",
    re.I,
)


def told_text(text: str, people: list[str]) -> str | None:
    """What a person is to be told without "that" or "saying": "let Sarah know I'm running late", "tell John and
    Tom the demo is pushed" (a statement of its own, with a verb), after the people named."""
    verb = _TELL.search(text)
    if verb is None:
        return None
    rest = text[verb.end() :]
    while True:
        rest = _JOINER.sub("", rest)
        named = next((p for p in people if rest.lower().startswith(p.lower())), None)
        pronoun = re.match(r"(?:him|her|them)\b", rest, re.I)
        if named is None and pronoun is None:
            break
        rest = rest[len(named) if named is not None else pronoun.end() if pronoun else 0 :]
    know = _KNOW.match(rest)
    if know is not None:
        rest = rest[know.end() :]
    rest = _TRAILING.sub("", rest).strip()
    if rest == text.strip() or not _is_statement(rest):
        return None
    return rest[0].upper() + rest[1:]


def _is_statement(text: str) -> bool:
    """A sentence of its own: a subject, then a verb (an auxiliary, or a past form: "the invoice went out")."""
    if _STATEMENT.match(text):
        return True
    words = re.findall(r"[\w']+", text)
    return bool(_SUBJECT_WORD.match(text)) and any(past_base(word) for word in words[1:])


_LET_KNOW = re.compile(r"\blet\s+(?!me\b|us\b)[^.;!?]{1,60}?\s+know\s+(?:that\s+)?", re.I)


def message_start(text: str) -> int | None:
    """Where the words to be sent begin ("saying …", "that …", "let Priya know …"), if the request has them."""
    starts = [m.start(1) for m in (_BODY.search(text),) if m is not None]
    starts += [m.end() for m in (_LET_KNOW.search(text),) if m is not None]
    return min(starts, default=None)


def body_span(text: str) -> tuple[int, int] | None:
    match = _BODY.search(text)
    return (match.start(), match.end()) if match else None


def subject_span(text: str) -> tuple[int, int] | None:
    match = _SUBJECT.search(text)
    return (match.start(), match.end()) if match else None


def title_span(text: str) -> tuple[int, int] | None:
    match = _TITLE.search(text)
    return (match.start(), match.end()) if match else None


def subject_text(text: str) -> str | None:
    match = _SUBJECT.search(text)
    return capitalise(match.group(1)) if match else None


def about_text(text: str) -> str | None:
    match = _ABOUT.search(text)
    if not match:
        return None
    topic = _TRAILING.sub("", match.group(1)).strip()
    return topic or None


# people named after the topic are not in it: "about the launch with Priya", "re the budget, cc Tom"
_TOPIC_ENDS = re.compile(r"\s+(?:with|to|cc|and cc|and invite|and ask|and tell)\s", re.I)


def about_span(text: str) -> tuple[int, int] | None:
    """Where the topic after "about", "re", "regarding" … is: names in it are what the request is about."""
    match = _ABOUT.search(text)
    if not match:
        return None
    end = _TOPIC_ENDS.search(text, match.start(1), match.end(1))
    return match.start(1), end.start() if end else match.end(1)


# what a meeting is for, said as its purpose: "to go over the launch plan", "to discuss the renewal terms"
_PURPOSE = re.compile(
    r"\b(?:to|and)\s+(?:go\s+(?:over|through)|walk\s+(?:through|over)|run\s+through|talk\s+(?:about|through)|"
    r"discuss|review|cover|plan|prep(?:are)?(?:\s+for)?)\s+(.+?)"
    r"(?=\s+(?:with|on|at|by|tomorrow|today|tonight|next|this|every|and (?:invite|send|email|tell))\b|[,.;!?]|$)",
    re.I,
)


def topic_span(text: str) -> tuple[int, int] | None:
    """Where what a request is about is: after "about …" (``about_span``), else a meeting's purpose ("to go over
    the launch plan", "to discuss the renewal terms")."""
    about = about_span(text)
    if about is not None:
        return about
    match = _PURPOSE.search(text)
    return (match.start(1), match.end(1)) if match else None


def called_title(text: str) -> str | None:
    match = _TITLE.search(text)
    return capitalise(match.group(1)) if match else None


def squash(text: str) -> str:
    return _SPACE.sub(" ", text).strip()
