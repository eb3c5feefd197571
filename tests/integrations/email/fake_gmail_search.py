"""The fake Gmail's search: the operators planbot uses (from:, to:, subject:, after:, before:, is:unread,
has:attachment, in:, label:, free text), each negated by a leading ``-``.

Text matches case-insensitively as a substring (Gmail matches whole words: looser here, never stricter for the
tests' tagged tokens). Dates are epoch seconds, compared with ``internalDate`` as Gmail does (after: >, before: <).
``in:`` and ``label:`` test a system label (``in:inbox`` → ``INBOX``; ``in:anywhere`` is every message). As in
Gmail, a search without ``in:`` covers every label, drafts included; only spam and trash are left out, by
``messages.list`` itself (``includeSpamTrash``). An operator the fake does not know is a 400, so the connector
cannot send syntax nobody checked.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass

_TERM = re.compile(r'(?P<not>-)?(?:(?P<key>[a-z]+):)?(?:"(?P<phrase>[^"]*)"|(?P<word>\S+))')
_LABELS = {"inbox", "sent", "draft", "drafts", "spam", "trash", "starred", "important", "unread", "chats"}


class BadQueryError(ValueError):
    pass


@dataclass(frozen=True)
class Searchable:
    sender: str
    recipients: str  # To and Cc
    subject: str
    body: str
    internal_date_ms: int
    labels: frozenset[str]
    has_attachment: bool = False


Predicate = Callable[[Searchable], bool]


def parse_query(q: str) -> list[Predicate]:
    predicates: list[Predicate] = []
    position = 0
    while position < len(q):
        if q[position].isspace():
            position += 1
            continue
        found = _TERM.match(q, position)
        if found is None:
            raise BadQueryError(f"cannot read the query at {q[position:]!r}")
        position = found.end()
        predicate = _predicate(found.group("key"), found.group("phrase") or found.group("word") or "")
        predicates.append(_negated(predicate) if found.group("not") else predicate)
    return predicates


def _negated(predicate: Predicate) -> Predicate:
    return lambda m: not predicate(m)


def _predicate(key: str | None, value: str) -> Predicate:
    text = value.lower()
    if key is None:
        return lambda m: any(text in field.lower() for field in (m.subject, m.body, m.sender, m.recipients))
    if key == "from":
        return lambda m: text in m.sender.lower()
    if key == "to":
        return lambda m: text in m.recipients.lower()
    if key == "subject":
        return lambda m: text in m.subject.lower()
    if key in ("after", "before") and value.isdigit():
        seconds = int(value)
        if key == "after":
            return lambda m: m.internal_date_ms > seconds * 1000
        return lambda m: m.internal_date_ms < seconds * 1000
    if key == "is" and text == "unread":
        return lambda m: "UNREAD" in m.labels
    if key == "has" and text == "attachment":
        return lambda m: m.has_attachment
    if key in ("in", "label") and text == "anywhere":
        return lambda m: True
    if key in ("in", "label") and text in _LABELS:
        label = "DRAFT" if text.startswith("draft") else "CHAT" if text == "chats" else text.upper()
        return lambda m: label in m.labels
    raise BadQueryError(f"the fake Gmail does not know {key}:{value}")


def matches(predicates: list[Predicate], message: Searchable) -> bool:
    return all(predicate(message) for predicate in predicates)
