"""The closeDate filter of both CRMs: "2026", "2026-03" or "2026-03-10" as a [start, end) range of days."""

import re
from datetime import date

from integrations.base.errors import PermanentError

_DATE_PREFIX = re.compile(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?")


def date_range(text: str, *, service: str) -> tuple[date, date]:
    match = _DATE_PREFIX.fullmatch(text.strip())
    if match is None:
        raise PermanentError("filter closeDate by YYYY, YYYY-MM or YYYY-MM-DD", service=service)
    year, month, day = (int(part) if part else None for part in match.groups())
    assert year is not None
    try:
        if month is None:
            return date(year, 1, 1), date(year + 1, 1, 1)
        if day is None:
            return date(year, month, 1), date(year + month // 12, month % 12 + 1, 1)
        start = date(year, month, day)
    except ValueError as error:
        raise PermanentError(f"{text!r} is not a date", service=service) from error
    return start, date.fromordinal(start.toordinal() + 1)
