"""Free-text slots: an email's topic, subject and body, an event's title (contract §2.3)."""

import re

_ARTICLE = re.compile(r"^(?:the|a|an|my|our|your|some|this|that)\s+", re.I)
_BODY = re.compile(
    r"\b(?:saying|that says|which says|stating(?: that)?|telling (?:him|her|them)(?: that)?|tell (?:him|her|them)"
    r"(?: that)?|to say(?: that)?|with the (?:message|text|body)|body|asking (?:if|whether|"
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


def called_title(text: str) -> str | None:
    match = _TITLE.search(text)
    return capitalise(match.group(1)) if match else None


def squash(text: str) -> str:
    return _SPACE.sub(" ", text).strip()
