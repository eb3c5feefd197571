"""What mail says, in words, for a question about its content ("what did laura say about the redlines", "what's the
latest from john park"): each mail found, newest first, by its sender, date and subject, then its text whole (the
body when the read asked for it, else its snippet) and the files it carries (contract §2.8)."""

from typing import Any
from zoneinfo import ZoneInfo

from planning.engine.targets import when_text

MAX_MAILS = 3  # a question about what was said is about one mail or a few; more are listed by count
MAX_CHARS = 700  # a body longer than this is cut at a word, with an ellipsis


def mail_words(data: list[Any], tz: ZoneInfo) -> str:
    """ "Laura Chen wrote on Sun 1 Mar, 16:40 EST (“Contract redlines from Acme legal”): Our legal team … Attached:
    Acme_MSA_redlines.pdf." — one paragraph a mail."""
    mails = [item for item in data if isinstance(item, dict)]
    said = [_one(mail, tz) for mail in mails[:MAX_MAILS]]
    more = len(mails) - MAX_MAILS
    if more > 0:
        said.append(f"({more} more {'email matches' if more == 1 else 'emails match'}.)")
    return "\n\n".join(said)


def _one(mail: dict[str, Any], tz: ZoneInfo) -> str:
    sender = _sender(str(mail.get("from") or "Someone"))
    when = f" on {when_text(mail['date'], tz)}" if isinstance(mail.get("date"), str) else ""
    subject = f" (“{mail['subject']}”)" if mail.get("subject") else ""
    text = _cut(" ".join(str(mail.get("body") or mail.get("snippet") or "").split()))
    files = [str(f.get("name")) for f in mail.get("attachments") or [] if isinstance(f, dict) and f.get("name")]
    attached = f" Attached: {', '.join(files)}." if files else ""
    return f"{sender} wrote{when}{subject}: {text or '(no text)'}{attached}"


def _sender(shown: str) -> str:
    """ "Laura Chen" for "Laura Chen <laura.chen@acme.com>"; the address when no name is given."""
    name = shown.split("<", 1)[0].strip().strip('"')
    return name or shown.strip("<> ")


def _cut(text: str) -> str:
    if len(text) <= MAX_CHARS:
        return text
    return text[:MAX_CHARS].rsplit(" ", 1)[0] + "…"
