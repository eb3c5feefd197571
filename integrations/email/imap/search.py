"""IMAP SEARCH criteria (RFC 3501 §6.4.4) from the ``fetch_emails`` filters, with user text always quoted.

User text becomes an IMAP quoted string: ``\\`` and ``"`` are escaped, and CR, LF and NUL (which cannot travel in a
quoted string and would end the command line) become spaces, so no filter can add a criterion or a command.
Text outside ASCII is sent as UTF-8 with ``CHARSET UTF-8``.

IMAP compares dates only (``SINCE``/``BEFORE`` ignore the time of day and the zone), so the server is asked for
a range widened by a day on each side and the exact instants are applied to each message's INTERNALDATE after.
"""

import re
from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime, timedelta

from integrations.base.arguments import FetchEmailsArgs
from integrations.email.search_words import query_words

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_UNSAFE = re.compile(r"[\r\n\x00]")


def quoted(text: str) -> str:
    """``text`` as an IMAP quoted string."""
    cleaned = _UNSAFE.sub(" ", text)
    return '"' + cleaned.replace("\\", "\\\\").replace('"', '\\"') + '"'


def imap_date(day: date) -> str:
    """``2-Mar-2026``: RFC 3501's date, with English month names whatever the locale."""
    return f"{day.day}-{_MONTHS[day.month - 1]}-{day.year}"


def search_criteria(args: FetchEmailsArgs) -> list[str]:
    """The criteria (ANDed, as IMAP does) for the filters of ``args``; ``ALL`` when there are none."""
    criteria: list[str] = []
    for word in query_words(args.query):  # every word, anywhere in the message
        criteria += ["TEXT", quoted(word)]
    if args.sender:
        criteria += ["FROM", quoted(args.sender)]
    if args.to:  # To or Cc, as Gmail's to: and the local workspace do
        criteria += ["OR", "TO", quoted(args.to), "CC", quoted(args.to)]
    if args.subject:
        criteria += ["SUBJECT", quoted(args.subject)]
    if args.since:
        criteria += ["SINCE", imap_date(_utc_day(args.since) - timedelta(days=1))]
    if args.until:
        criteria += ["BEFORE", imap_date(_utc_day(args.until) + timedelta(days=2))]
    if args.unreadOnly:
        criteria.append("UNSEEN")
    return criteria or ["ALL"]


def needs_utf8(criteria: Iterable[str]) -> bool:
    return any(not part.isascii() for part in criteria)


def uid_set(uids: Sequence[int]) -> str:
    """``[1, 2, 3, 7, 9, 10]`` → ``1:3,7,9:10``: a short sequence set however many messages match."""
    ordered = sorted(set(uids))
    if not ordered:
        raise ValueError("an empty UID set")
    runs: list[str] = []
    start = previous = ordered[0]
    for uid in [*ordered[1:], None]:
        if uid is not None and uid == previous + 1:
            previous = uid
            continue
        runs.append(str(start) if start == previous else f"{start}:{previous}")
        if uid is not None:
            start = previous = uid
    return ",".join(runs)


def _utc_day(moment: datetime) -> date:
    return moment.astimezone(UTC).date()
