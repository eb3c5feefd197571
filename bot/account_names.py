"""The names one person's own accounts hold, listed through the connectors they act with: the people, companies and
deals of their CRM, the titles of their upcoming events, the senders of their recent mail. Names only: no record,
event or mail content is kept.

A kind the person has not connected lists nothing; a listing the service refuses raises (``RefreshedNames`` keeps
that source's previous names).
"""

from collections.abc import Awaitable, Callable, Iterable
from datetime import datetime, timedelta
from email.utils import parseaddr
from typing import Any

from integrations.base import Connector
from integrations.base.arguments import FetchCalendarEventsArgs, FetchEmailsArgs, FetchEntityArgs
from integrations.base.errors import NotFoundError, PermanentError

LIMIT = 200  # of each kind of record, of events, of mails: a bound on the listing and on the index
UPCOMING = timedelta(days=30)  # the events whose titles are known
RECENT = timedelta(days=30)  # the mail whose senders are known
_RECORDS = (("Contact", "contact"), ("Lead", "lead"), ("Account", "account"), ("Deal", "deal"))

Opened = Callable[[], Awaitable[Connector | None]]
"""The person's connector of one kind, or None when they have not connected one."""


Listing = Callable[[], Awaitable[list[tuple[str, str]]]]


def crm_names(opened: Opened, clock: Callable[[], datetime]) -> Listing:
    async def listed() -> list[tuple[str, str]]:
        connector = await opened()
        if connector is None:
            return []
        found: list[tuple[str, str]] = []
        for entity, kind in _RECORDS:
            try:
                records = await connector.call("fetch_entity", FetchEntityArgs(entityType=entity, limit=LIMIT))
            except (PermanentError, NotFoundError):
                continue  # a kind of record this CRM does not keep (leads in some); other errors: try again later
            found += [(name, kind) for name in _field(records, "name")]
        return found

    return listed


def calendar_names(opened: Opened, clock: Callable[[], datetime]) -> Listing:
    async def listed() -> list[tuple[str, str]]:
        connector = await opened()
        if connector is None:
            return []
        now = clock()
        window = FetchCalendarEventsArgs(start=now, end=now + UPCOMING, limit=LIMIT)
        return [(title, "event") for title in _field(await connector.call("fetch_calendar_events", window), "title")]

    return listed


def mail_names(opened: Opened, clock: Callable[[], datetime]) -> Listing:
    async def listed() -> list[tuple[str, str]]:
        connector = await opened()
        if connector is None:
            return []
        mails = await connector.call("fetch_emails", FetchEmailsArgs(since=clock() - RECENT, limit=LIMIT))
        senders = (parseaddr(shown)[0] for shown in _field(mails, "from"))
        return [(sender, "sender") for sender in senders if sender.strip() and "@" not in sender]

    return listed


def _field(items: Any, name: str) -> Iterable[str]:
    """The non-empty text values of ``name`` in a listing's items (anything else is skipped)."""
    for item in items if isinstance(items, list) else ():
        value = item.get(name) if isinstance(item, dict) else None
        if isinstance(value, str) and value.strip():
            yield value.strip()


LISTINGS: dict[str, Callable[[Opened, Callable[[], datetime]], Listing]] = {
    "crm": crm_names,
    "calendar": calendar_names,
    "email": mail_names,
}
"""Each kind of account → how its names are listed."""
