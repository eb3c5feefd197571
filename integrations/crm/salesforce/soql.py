"""SOQL text built from trusted field names and quoted user values: user text only ever appears as a literal.

String literals escape backslash, quote and control characters (Salesforce's escape sequences); a ``LIKE``
pattern for containment also escapes ``%`` and ``_`` so that they match themselves.
"""

import math
import re
from collections.abc import Iterable, Sequence
from datetime import date

_ESCAPES = {"\\": "\\\\", "'": "\\'", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_LIKE_ESCAPES = {**_ESCAPES, "%": "\\%", "_": "\\_"}
_FIELD = re.compile(r"[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)?")


def quoted(text: str) -> str:
    """A SOQL string literal holding exactly ``text``."""
    return "'" + "".join(_ESCAPES.get(c, c) for c in text) + "'"


def containing(text: str) -> str:
    """A ``LIKE`` pattern literal matching values that contain ``text`` (LIKE ignores case)."""
    return "'%" + "".join(_LIKE_ESCAPES.get(c, c) for c in text) + "%'"


def number(value: float) -> str:
    if not math.isfinite(value):
        raise ValueError(f"{value!r} is not a finite number")
    return str(int(value)) if float(value).is_integer() and abs(value) < 1e15 else repr(float(value))


def day(value: date) -> str:
    return value.isoformat()  # SOQL date literals are unquoted


def day_start(value: date) -> str:
    """A SOQL date-time literal: the start of ``value`` at UTC."""
    return f"{value.isoformat()}T00:00:00Z"


def listed(literals: Iterable[str]) -> str:
    return "(" + ", ".join(literals) + ")"


def select(sobject: str, fields: Sequence[str], conditions: Sequence[str], *, limit: int, order_by: str = "Id") -> str:
    """``SELECT … FROM … WHERE a AND b ORDER BY Id LIMIT n``; field and object names must be trusted."""
    for name in (sobject, *fields, order_by):
        if not _FIELD.fullmatch(name):
            raise ValueError(f"{name!r} is not a field name")
    where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
    return f"SELECT {', '.join(fields)} FROM {sobject}{where} ORDER BY {order_by} LIMIT {int(limit)}"
