"""A parser and evaluator for the SOQL subset the connector emits, so the fake Salesforce runs real queries.

    SELECT field, … FROM Object [WHERE condition AND …] [ORDER BY field [ASC|DESC], …] [LIMIT n]
    condition := field (= | != | < | > | <= | >=) literal | field LIKE 'pattern' | field IN (literal, …)
    literal   := 'string' | number | YYYY-MM-DD | YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm) | TRUE | FALSE | NULL

String literals take Salesforce's escapes (\\\\ \\' \\" \\n \\r \\t \\b \\f, and \\% \\_ inside LIKE patterns).
Anything else (OR, NOT, sub-queries, functions) is a MALFORMED_QUERY, as an injected fragment would be.
"""

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any


class MalformedQueryError(Exception):
    pass


@dataclass(frozen=True)
class Pattern:
    """A string literal: ``parts`` are (text, is_wildcard) pieces, so escaped % and _ stay literal."""

    parts: tuple[tuple[str, bool], ...]

    @property
    def text(self) -> str:
        return "".join(text for text, _ in self.parts)

    def contained(self) -> str | None:
        """For ``'%X%'`` with no other wildcard: X, the text a containment pattern looks for."""
        inner = self.parts[1:-1]
        ends = self.parts[:1] + self.parts[-1:]
        if len(self.parts) < 2 or ends != (("%", True), ("%", True)) or any(w for _, w in inner):
            return None
        return "".join(text for text, _ in inner)

    def regex(self) -> re.Pattern[str]:
        body = "".join((".*" if t == "%" else ".") if w else re.escape(t) for t, w in self.parts)
        return re.compile(body, re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True)
class Condition:
    field: str
    operator: str
    value: Any  # Pattern, float, str (a date), bool, None, or a tuple of those for IN


@dataclass(frozen=True)
class Query:
    fields: tuple[str, ...]
    sobject: str
    where: tuple[Condition, ...]
    order: tuple[tuple[str, bool], ...]  # (field, descending)
    limit: int | None


_TOKEN = re.compile(
    r"\s*(?:(?P<string>'(?:[^'\\]|\\.)*')"
    r"|(?P<datetime>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2}))"
    r"|(?P<date>\d{4}-\d{2}-\d{2}(?![\d:T]))|(?P<number>-?\d+(?:\.\d+)?)"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)|(?P<op><=|>=|!=|<>|=|<|>)|(?P<punct>[(),]))",
    re.DOTALL,
)
_ESCAPES = {"\\": "\\", "'": "'", '"': '"', "n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f"}
KEYWORDS = {"SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "LIKE", "IN", "ORDER", "BY", "ASC", "DESC", "LIMIT"}


def _tokens(text: str) -> list[tuple[str, str]]:
    found, position = [], 0
    while position < len(text.rstrip()):
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            raise MalformedQueryError(f"unexpected text at {position}")
        kind = match.lastgroup or ""
        found.append((kind, match.group(kind)))
        position = match.end()
    return found


def _string(raw: str) -> Pattern:
    parts, index, body = [], 0, raw[1:-1]
    while index < len(body):
        char = body[index]
        if char == "\\":
            following = body[index + 1]
            if following in "%_":
                parts.append((following, False))
            elif following in _ESCAPES:
                parts.append((_ESCAPES[following], False))
            else:
                raise MalformedQueryError(f"invalid escape \\{following}")
            index += 2
            continue
        parts.append((char, char in "%_"))
        index += 1
    return Pattern(tuple(parts))


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens, self.index = _tokens(text), 0

    def peek(self) -> tuple[str, str]:
        return self.tokens[self.index] if self.index < len(self.tokens) else ("end", "")

    def take(self, kind: str, value: str | None = None) -> str:
        found_kind, found = self.peek()
        if found_kind != kind or (value is not None and found.upper() != value):
            raise MalformedQueryError(f"expected {value or kind}, found {found or 'the end'}")
        self.index += 1
        return found

    def keyword(self, word: str) -> bool:
        kind, value = self.peek()
        if kind == "name" and value.upper() == word:
            self.index += 1
            return True
        return False

    def field(self) -> str:
        name = self.take("name")
        if name.upper() in KEYWORDS | {"TRUE", "FALSE", "NULL"}:
            raise MalformedQueryError(f"{name} is not a field")
        return name

    def literal(self) -> Any:
        kind, value = self.peek()
        self.index += 1
        if kind == "string":
            return _string(value)
        if kind == "number":
            return float(value)
        if kind == "date":
            return value
        if kind == "datetime":
            return datetime.fromisoformat(value.replace("Z", "+00:00"))
        if kind == "name" and value.upper() in ("TRUE", "FALSE", "NULL"):
            return {"TRUE": True, "FALSE": False, "NULL": None}[value.upper()]
        raise MalformedQueryError(f"expected a value, found {value or 'the end'}")

    def condition(self) -> Condition:
        field = self.field()
        if self.keyword("LIKE"):
            pattern = self.literal()
            if not isinstance(pattern, Pattern):
                raise MalformedQueryError("LIKE needs a string")
            return Condition(field, "LIKE", pattern)
        if self.keyword("IN"):
            self.take("punct", "(")
            values = [self.literal()]
            while self.peek() == ("punct", ","):
                self.index += 1
                values.append(self.literal())
            self.take("punct", ")")
            return Condition(field, "IN", tuple(values))
        return Condition(field, self.take("op"), self.literal())

    def query(self) -> Query:
        self.take("name", "SELECT")
        fields = [self.field()]
        while self.peek() == ("punct", ","):
            self.index += 1
            fields.append(self.field())
        self.take("name", "FROM")
        sobject, where, order, limit = self.field(), [], [], None
        if self.keyword("WHERE"):
            where.append(self.condition())
            while self.keyword("AND"):
                where.append(self.condition())
        if self.keyword("ORDER"):
            self.take("name", "BY")
            order.append((self.field(), self.keyword("DESC") or (self.keyword("ASC") and False)))
            while self.peek() == ("punct", ","):
                self.index += 1
                order.append((self.field(), self.keyword("DESC") or (self.keyword("ASC") and False)))
        if self.keyword("LIMIT"):
            limit = int(self.take("number"))
        if self.peek()[0] != "end":
            raise MalformedQueryError(f"unexpected {self.peek()[1]}")
        return Query(tuple(fields), sobject, tuple(where), tuple(order), limit)


def parse(text: str) -> Query:
    return _Parser(text).query()


def holds(condition: Condition, have: Any) -> bool:
    """``have`` (a field value: str, float, bool or None) against one condition, case-insensitively for text."""
    if condition.operator == "LIKE":
        return have is not None and bool(condition.value.regex().fullmatch(str(have)))
    if condition.operator == "IN":
        return any(_equal(have, value) for value in condition.value)
    if condition.operator in ("=", "!="):
        return _equal(have, condition.value) == (condition.operator == "=")
    if condition.operator == "<>":
        return not _equal(have, condition.value)
    if have is None or condition.value is None:
        return False
    if isinstance(condition.value, datetime):  # a date-time field holds Salesforce's ISO text
        have = datetime.fromisoformat(str(have))
    left, right = _plain(have), _plain(condition.value)
    return bool({"<": left < right, ">": left > right, "<=": left <= right, ">=": left >= right}[condition.operator])


def _plain(value: Any) -> Any:
    return (
        value.text.casefold() if isinstance(value, Pattern) else value.casefold() if isinstance(value, str) else value
    )


def _equal(have: Any, value: Any) -> bool:
    if value is None or have is None:
        return have is None and value is None
    if isinstance(value, float) and not isinstance(have, bool):
        return isinstance(have, int | float) and float(have) == value
    return bool(_plain(have) == _plain(value))
