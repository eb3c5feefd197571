"""Gmail search (``q`` of ``users.messages.list``) from the ``fetch_emails`` filters.

Gmail's search has no escape character, so user text is put in a quoted phrase with its double quotes removed:
``from:"Priya Shah"``, ``subject:"Q3 deck"``. Dates are epoch seconds (exact instants, whatever the zone, as the
Gmail API guide recommends), widened by a second on each side; the exact bounds are applied after, on
``internalDate``. Gmail matches whole words, where the local workspace and IMAP match any part of a word.
"""

from datetime import datetime

from integrations.base.arguments import FetchEmailsArgs


def phrase(text: str) -> str:
    words = " ".join(text.replace('"', " ").split())
    return f'"{words}"'


def gmail_query(args: FetchEmailsArgs) -> str:
    terms: list[str] = []
    if args.query and args.query.strip('" '):
        terms.append(phrase(args.query))
    if args.sender and args.sender.strip('" '):
        terms.append(f"from:{phrase(args.sender)}")
    if args.to and args.to.strip('" '):  # Gmail's to: also matches Cc
        terms.append(f"to:{phrase(args.to)}")
    if args.subject and args.subject.strip('" '):
        terms.append(f"subject:{phrase(args.subject)}")
    if args.since:
        terms.append(f"after:{_epoch(args.since) - 1}")
    if args.until:
        terms.append(f"before:{_epoch(args.until) + 1}")
    if args.unreadOnly:
        terms.append("is:unread")
    return " ".join(terms)


def _epoch(moment: datetime) -> int:
    return int(moment.timestamp())
