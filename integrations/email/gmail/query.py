"""Gmail search (``q`` of ``users.messages.list``) from the ``fetch_emails`` filters.

Gmail's search has no escape character, so user text is put in a quoted phrase with its double quotes removed:
``from:"Priya Shah"``, ``subject:"Q3 deck"``. Dates are epoch seconds (exact instants, whatever the zone, as the
Gmail API guide recommends), widened by a second on each side; the exact bounds are applied after, on
``internalDate``. Gmail matches whole words, where the local workspace and IMAP match any part of a word.

Every search starts with ``SCOPE``: mail received and sent (archived mail included, as Gmail's own search), never
drafts, spam or trash. ``messages.list`` leaves spam and trash out by default (``includeSpamTrash=false``) but not
drafts; the scope says all three, so the search means the same whatever the defaults.
"""

from datetime import datetime

from integrations.base.arguments import FetchEmailsArgs
from integrations.email.search_words import query_words


def phrase(text: str) -> str:
    words = " ".join(text.replace('"', " ").split())
    return f'"{words}"'


SCOPE = "-in:drafts -in:spam -in:trash"


def gmail_query(args: FetchEmailsArgs) -> str:
    terms: list[str] = [SCOPE]
    terms += [phrase(word) for word in query_words(args.query) if word.strip('"')]  # every word, in any order
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
    if args.hasAttachment is not None:
        terms.append("has:attachment" if args.hasAttachment else "-has:attachment")
    return " ".join(terms)


def _epoch(moment: datetime) -> int:
    return int(moment.timestamp())
