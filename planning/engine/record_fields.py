"""The answer to a question about a record's fields ("how much is the Globex deal worth and when does it close?"):
each field asked, for each record found, in words; a field the record lacks is said to be missing, not left out."""

from typing import Any

from planning.engine.wording import day_text, label, money

MAX_RECORDS = 3


def fields_answer(data: list[Any], fields: list[str]) -> str:
    """ "Globex expansion: amount $120,000; close date Thu 30 Apr 2026." — one sentence per record."""
    records = [item for item in data if isinstance(item, dict)]
    lines = [_one(record, fields) for record in records[:MAX_RECORDS]]
    more = f" ({len(records) - MAX_RECORDS} more match.)" if len(records) > MAX_RECORDS else ""
    return " ".join(lines) + more


def _one(record: dict[str, Any], fields: list[str]) -> str:
    name = str(record.get("name") or record.get("title") or record.get("subject") or "The record")
    said = []
    for field in fields:
        value = record.get(field)
        words = label(field).lower()
        said.append(f"{words} {_value(field, value)}" if value not in (None, "") else f"no {words} on record")
    return f"{name}: {'; '.join(said)}."


def _value(field: str, value: Any) -> str:
    if field == "amount":
        return money(value)
    if field.endswith("Date"):
        return day_text(value)
    return str(value)
