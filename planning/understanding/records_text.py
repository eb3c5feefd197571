"""Free-text slots of CRM notes and tasks (contract §3 v2): a note's body, a task's subject."""

import re

from planning.understanding import phrases

_NOTE_BODY = re.compile(r"(?:\bnote\b[^:]*?(?::|\bthat\b|\bsaying\b|\bwhich says\b|\breading\b)|:)\s*(.+)$", re.I)
_TASK_SUBJECT = re.compile(
    r"(?:\b(?:task|to-?do|reminder|action item)s?\b\s*(?:(?:(?:for\s+(?:me|us|myself)\s+)?to|for|:)\s+|(?=\w))|"
    r"\bremind me (?:(?:on|by|before|for|this|next)\s+)*to\s+)(.+?)"
    r"(?=\s+(?:by|before|due|for (?:next|this|tomorrow|today)|until|till)\b|\s+(?:on|for)\s*(?:[,.;!?]|$)|[,.;!?]|$)",
    re.I,
)


def note_body(text: str) -> str | None:
    """ "add a note on the Initech account that they asked for SSO support" → "They asked for SSO support"."""
    match = _NOTE_BODY.search(text)
    body = match.group(1).strip() if match else phrases.body_text(text)
    body = (body or "").strip(" .")
    return body[0].upper() + body[1:] if body else None


# what a task's words may start with that is not what it says to do: the record it is on ("on the Initech account
# to …"), and whom it is for ("for me to …")
_ABOUT_FIRST = re.compile(
    r"^(?:(?:on|for|about|against)\s+(?:the\s+|our\s+|my\s+)?|(?:the|our|my)\s+)(?:[\w&'.-]+\s+){0,3}?"
    r"(?:account|deal|opportunity|contact|lead|record|company|customer|client)\s*"
    r"(?:to\b|:|(?=for\s+(?:me|myself|us)\s+to\b))\s*",
    re.I,
)
_FOR_WHOM = re.compile(r"^(?:for\s+)?(?:me|myself|us)\s+to\s+", re.I)


def task_subject(text: str) -> str | None:
    """ "add a task to follow up with Globex by Friday" → "Follow up with Globex"; what it is on stays ("follow up
    with Ana on the renewal"): an "on" ends the subject only where its day was (the caller blanks times). The record
    it is on and whom it is for, said first, are not its subject ("on the Acme account for me to send the quote" →
    "Send the quote")."""
    match = _TASK_SUBJECT.search(text)
    if match is None:
        return None
    said = _FOR_WHOM.sub("", _ABOUT_FIRST.sub("", match.group(1).strip()))
    subject = phrases.capitalise(said)
    return subject or None
