"""The query options of Graph's message lists as the stand-in reads them, with Graph's documented restrictions:

- ``$filter``: ``property op literal`` clauses joined by ``and``; the property must be one of ``microsoft.graph.
  message`` (an unknown one is Graph's 400), literals typed (DateTimeOffset unquoted, booleans, 'strings').
- ``$filter`` with ``$orderby``: the ordered properties must come first in the filter, in the same order, else
  Graph's ``InefficientFilter`` ("The restriction or sort order is too complex for this operation").
- ``$search``: a double-quoted KQL string; it takes no ``$filter``, ``$orderby`` or ``$skip``. Terms match a word's
  beginning in from, subject or body; ``from:``, ``to:``, ``subject:`` restrict a term to one property.
- ``$select`` names properties of the type; ``$top`` is 1 to 1000.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

_CLAUSE = re.compile(r"^([A-Za-z]+(?:/[A-Za-z]+)*) (eq|ne|gt|ge|lt|le) (.+)$")
_INSTANT = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$")
_WORD = re.compile(r"[\w]+", re.UNICODE)
KINDS = {
    "receivedDateTime": "instant",
    "sentDateTime": "instant",
    "createdDateTime": "instant",
    "lastModifiedDateTime": "instant",
    "isRead": "bool",
    "hasAttachments": "bool",
    "isDraft": "bool",
    "subject": "text",
    "conversationId": "text",
    "from/emailAddress/address": "text",
}
_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b,
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
}


class QueryError(ValueError):
    """Graph's 400 for a query option: ``code`` and ``message`` as Graph words them."""

    def __init__(self, code: str, message: str, *, ours: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.ours = ours  # True: valid for Graph, but beyond what the stand-in can evaluate


@dataclass(frozen=True)
class Clause:
    path: str
    op: str
    value: Any

    def holds(self, values: dict[str, Any]) -> bool:
        return _OPS[self.op](values[self.path], self.value)


def parse_filter(text: str, properties: set[str]) -> list[Clause]:
    clauses: list[Clause] = []
    for part in text.split(" and "):
        match = _CLAUSE.match(part.strip())
        if not match:
            raise QueryError("BadRequest", f"Invalid filter clause: syntax error at '{part.strip()[:40]}'.")
        path, op, literal = match.groups()
        if path.split("/")[0] not in properties:
            raise _no_property(path.split("/")[0])
        kind = KINDS.get(path)
        if kind is None:
            raise QueryError("BadRequest", f"the stand-in does not filter on {path}", ours=True)
        clauses.append(Clause(path, op, _literal(kind, literal.strip(), path)))
    return clauses


def check_order(filter_clauses: list[Clause], orderby: list[str]) -> None:
    """Graph's rule for ``$filter`` with ``$orderby`` on messages."""
    ordered = [item.split(" ")[0] for item in orderby]
    seen = list(dict.fromkeys(clause.path for clause in filter_clauses))
    if seen[: len(ordered)] != ordered:
        raise QueryError("InefficientFilter", "The restriction or sort order is too complex for this operation.")


def parse_orderby(text: str, properties: set[str]) -> list[str]:
    items = [item.strip() for item in text.split(",") if item.strip()]
    for item in items:
        name, _, direction = item.partition(" ")
        if name.split("/")[0] not in properties or direction not in ("", "asc", "desc"):
            raise _no_property(name)
    return items


def parse_select(text: str, properties: set[str], type_name: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in properties:
            raise QueryError("BadRequest", f"Could not find a property named '{name}' on type '{type_name}'.")
    return names


def parse_top(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 1000:
        raise QueryError("BadRequest", f"Invalid value '{text}' for $top query option found.")
    return int(text)


@dataclass(frozen=True)
class Search:
    terms: tuple[tuple[str | None, str], ...]  # (property or None, term)

    def matches(self, fields: dict[str, str]) -> bool:
        """Each term starts a word of its property (or of from, subject or body)."""
        for where, term in self.terms:
            texts = [fields.get(where, "")] if where else [fields["from"], fields["subject"], fields["body"]]
            words = {word for text in texts for word in _WORD.findall(text.casefold())}
            pieces = _WORD.findall(term.casefold())
            if not pieces or not all(any(word.startswith(piece) for word in words) for piece in pieces):
                return False
        return True


def parse_search(text: str) -> Search:
    if len(text) < 2 or not (text.startswith('"') and text.endswith('"')):
        raise QueryError("BadRequest", "Syntax error: the $search value must be a double-quoted string.")
    terms: list[tuple[str | None, str]] = []
    for token in text[1:-1].split():
        name, colon, value = token.partition(":")
        if colon and name.lower() in ("from", "to", "subject", "body"):
            terms.append((name.lower(), value))
        else:
            terms.append((None, token))
    if not terms:
        raise QueryError("BadRequest", "Syntax error: empty $search.")
    return Search(tuple(terms))


def _no_property(name: str) -> QueryError:
    return QueryError("BadRequest", f"Could not find a property named '{name}' on type 'microsoft.graph.message'.")


def _literal(kind: str, text: str, path: str) -> Any:
    if kind == "instant":
        if not _INSTANT.match(text):
            raise QueryError("BadRequest", f"Invalid filter clause: '{text}' is not a DateTimeOffset for {path}.")
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    if kind == "bool":
        if text not in ("true", "false"):
            raise QueryError("BadRequest", f"Invalid filter clause: '{text}' is not a Boolean for {path}.")
        return text == "true"
    if len(text) < 2 or text[0] != "'" or text[-1] != "'":
        raise QueryError("BadRequest", f"Invalid filter clause: {path} takes a quoted string.")
    return text[1:-1].replace("''", "'")
