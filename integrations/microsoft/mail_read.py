"""Reading mail through Graph: the list request for a ``fetch_emails`` call, the checks Graph cannot make, and a
message → the tool's result.

- Inbox and Sent Items are read (``/me/mailFolders/{inbox,sentitems}/messages``), newest first by
  ``receivedDateTime``.
- ``query`` goes to ``$search`` (Graph matches its words in from, subject and body); ``$search`` takes no
  ``$filter`` or ``$orderby``, so with a query the dates and flags are checked here, on what comes back.
- Without a query, dates, ``unreadOnly`` and ``hasAttachment`` are a ``$filter`` with ``$orderby=receivedDateTime
  desc``; Graph wants an ordered property first in the filter, hence ``receivedDateTime ge 1900-...`` when no
  date is given.
- ``sender``, ``to`` and ``subject`` match by containment (names or addresses, any case), checked here: OData has
  no containment on recipients. Every check is applied here again, so the result is exact whatever Graph matched.
"""

import math
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any

from integrations.base.arguments import FetchEmailsArgs
from integrations.email.summary import snippet, within

FOLDERS = ("inbox", "archive", "sentitems")  # (v3) archived mail is still found
SELECTED = (
    "id",
    "conversationId",
    "from",
    "toRecipients",
    "ccRecipients",
    "subject",
    "receivedDateTime",
    "bodyPreview",
    "isRead",
    "hasAttachments",
)
_SURROUNDING = "\"'“”‘’,;:()\\"


def words(query: str | None) -> list[str]:
    """The words of a query (contract §2.6), without quotes or punctuation around them."""
    return [word for word in (part.strip(_SURROUNDING) for part in (query or "").split()) if word]


def list_params(args: FetchEmailsArgs, page_size: int) -> dict[str, Any]:
    select = [*SELECTED, "body"] if args.includeBody else list(SELECTED)
    params: dict[str, Any] = {"$top": page_size, "$select": ",".join(select)}
    terms = [word.replace('"', "") for word in words(args.query)]
    if terms:
        params["$search"] = '"' + " ".join(terms) + '"'
        return params
    clauses: list[str] = []
    if args.since:
        clauses.append(f"receivedDateTime ge {_literal(args.since, up=False)}")
    if args.until:
        clauses.append(f"receivedDateTime lt {_literal(args.until, up=True)}")
    if args.unreadOnly:
        clauses.append("isRead eq false")
    if args.hasAttachment is not None:
        clauses.append(f"hasAttachments eq {'true' if args.hasAttachment else 'false'}")
    if clauses and not (args.since or args.until):
        clauses.insert(0, "receivedDateTime ge 1900-01-01T00:00:00Z")
    if clauses:
        params["$filter"] = " and ".join(clauses)
    params["$orderby"] = "receivedDateTime desc"
    return params


def received(message: dict[str, Any]) -> datetime | None:
    try:
        moment = datetime.fromisoformat(str(message["receivedDateTime"]).replace("Z", "+00:00"))
    except (KeyError, ValueError):
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def matches(message: dict[str, Any], args: FetchEmailsArgs) -> bool:
    moment = received(message)
    if moment is None or not within(moment, args.since, args.until):
        return False
    if args.unreadOnly and message.get("isRead", True):
        return False
    if args.hasAttachment is not None and bool(message.get("hasAttachments")) != args.hasAttachment:
        return False
    if args.sender and not _contains([_person(message.get("from"))], args.sender):
        return False
    people = [_person(r) for r in [*(message.get("toRecipients") or []), *(message.get("ccRecipients") or [])]]
    if args.to and not _contains(people, args.to):
        return False
    return not (args.subject and args.subject.strip().casefold() not in str(message.get("subject") or "").casefold())


def summary(message: dict[str, Any], zone: tzinfo, files: list[dict[str, Any]], *, body: bool) -> dict[str, Any]:
    """One ``fetch_emails`` result (contract §3, v2 fields included)."""
    moment = received(message) or datetime.now(UTC)
    name, address = _person(message.get("from"))
    shown: dict[str, Any] = {
        "id": str(message["id"]),
        "threadId": str(message.get("conversationId") or message["id"]),
        "from": f"{name} <{address}>" if name and address and name != address else address or name,
        "to": [address for _name, address in map(_person, message.get("toRecipients") or []) if address],
        "cc": addresses(message.get("ccRecipients")),
        "subject": str(message.get("subject") or ""),
        "date": moment.astimezone(zone).isoformat(timespec="seconds"),
        "snippet": snippet(str(message.get("bodyPreview") or "")),
        "unread": not message.get("isRead", True),
        "attachments": files,
    }
    if body:
        shown["body"] = text_of(message)
    return shown


def forwarded(original: dict[str, Any], note: str | None, zone: tzinfo) -> str:
    """A forward's text: the note, then the original's header and text (the local workspace's layout)."""
    name, address = _person(original.get("from"))
    moment = received(original) or datetime.now(UTC)
    header = [
        "---------- Forwarded message ---------",
        f"From: {f'{name} <{address}>' if name and name != address else address}",
        f"Date: {moment.astimezone(zone):%a, %d %b %Y at %H:%M}",
        f"Subject: {original.get('subject') or ''}",
        f"To: {', '.join(addresses(original.get('toRecipients')))}",
    ]
    cc = addresses(original.get("ccRecipients"))
    if cc:
        header.append(f"Cc: {', '.join(cc)}")
    lead = [note.strip(), ""] if note and note.strip() else []
    return "\n".join([*lead, *header, "", text_of(original)])


def text_of(message: dict[str, Any]) -> str:
    body = message.get("body")
    text = str(body.get("content") or "") if isinstance(body, dict) else ""
    return text.replace("\r\n", "\n")  # Exchange keeps text with CRLF line ends


def addresses(recipients: Any) -> list[str]:
    """The addresses of a Graph recipient list, in order."""
    return [address for _name, address in map(_person, recipients or []) if address]


def _person(recipient: Any) -> tuple[str, str]:
    email = recipient.get("emailAddress") if isinstance(recipient, dict) else None
    if not isinstance(email, dict):
        return "", ""
    return str(email.get("name") or ""), str(email.get("address") or "")


def _contains(people: list[tuple[str, str]], needle: str) -> bool:
    wanted = needle.strip().casefold()
    return any(wanted in name.casefold() or wanted in address.casefold() for name, address in people)


def _literal(moment: datetime, *, up: bool) -> str:
    """An OData DateTimeOffset in whole seconds: widened (down for ``ge``, up for ``lt``), checked exactly here."""
    utc = moment.astimezone(UTC)
    seconds = math.ceil(utc.timestamp()) if up else math.floor(utc.timestamp())
    whole = datetime.fromtimestamp(seconds, tz=UTC) + timedelta(0)
    return whole.strftime("%Y-%m-%dT%H:%M:%SZ")
