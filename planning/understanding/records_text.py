"""Free-text slots of CRM notes and tasks (contract §3 v2): a note's body, a task's subject."""

import re

from planning.understanding import phrases
from planning.understanding.cues import Words, cues

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
    body = match.group(1).strip() if match else _after_dash(text) or phrases.body_text(text)
    body = (body or "").strip(" .")
    return body[0].upper() + body[1:] if body else None


_DASHES = (" - ", " – ", " — ", " -- ")


def _after_dash(text: str) -> str | None:
    """The words after the first spaced dash that follows a word of data/cues/note_nouns.txt ("a note to the Acme
    deal - they want net 60" → "they want net 60")."""
    words = Words.of(text)
    noun = cues("note_nouns").find(words)
    if noun is None:
        return None
    start = words.char_end(noun.end - 1)
    found = [at for at in (text.find(dash, start) for dash in _DASHES) if at >= 0]
    if not found:
        return None
    body = text[min(found) :].lstrip(" -–—").strip()
    return body or None


def task_subject(text: str) -> str | None:
    """ "add a task to follow up with Globex by Friday" → "Follow up with Globex"; what it is on stays ("follow up
    with Ana on the renewal"): an "on" ends the subject only where its day was (the caller blanks times). The record
    it is on and whom it is for, said first, are not its subject ("on the Acme account for me to send the quote" →
    "Send the quote")."""
    match = _TASK_SUBJECT.search(text)
    if match is None:
        return None
    subject = phrases.capitalise(_what_to_do(match.group(1).strip()))
    return subject or None


_DETERMINERS = frozenset({"the", "our", "my", "this", "that"})
_POINTING = frozenset({"it", "that", "this", "them"})


def _what_to_do(said: str) -> str:
    """A task's words without the record it is on and whom it is for, said first ("on the Initech account for me to
    send the quote" → "send the quote"; data/cues/task_record_leads, task_record_nouns, task_for_whom)."""
    words = Words.of(said)
    start = _after_record(words)
    whom = cues("task_for_whom").at(words, start)
    if whom is not None and whom.end - whom.start > 1:  # "for me to …", "me to …" (a lone "to" stays)
        start = whom.end
    return said[words.char_start(start) :] if start else said


def _after_record(words: Words) -> int:
    """The token after "on the Initech account to" / "the Acme deal:" said first; 0 when the words start otherwise."""
    index = 1 if cues("task_record_leads").at(words, 0) is not None else 0
    if index == 1 and len(words) > 2 and words.words[1] in _POINTING and words.words[2] == "to":
        return 3  # "on it to send the contract": the record the request pointed back at
    index += 1 if index < len(words) and words.words[index] in _DETERMINERS else 0
    if index == 0:
        return 0
    for at in range(index, min(index + 5, len(words))):
        noun = cues("task_record_nouns").at(words, at)
        if noun is None:
            continue
        if noun.end < len(words) and words.words[noun.end] == ":":
            return noun.end + 1
        whom = cues("task_for_whom").at(words, noun.end)
        if whom is None:
            return 0
        return whom.end if whom.end - whom.start == 1 else noun.end  # "… account to" / "… deal for me to" (next)
    return 0
