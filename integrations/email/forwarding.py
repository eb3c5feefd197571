"""Forwarding, as both connectors do it (and as the local workspace does): ``Fwd:`` once, the note first, then
the forwarded mail's header and text; its attachments go along (the connectors attach them)."""

import re
from collections.abc import Sequence
from datetime import datetime, tzinfo

from integrations.email.summary import decoded, shown_sender

_FORWARDED = re.compile(r"(?i)^\s*(fwd?|fw)\s*:")
SEPARATOR = "---------- Forwarded message ---------"


def forward_subject(subject: str) -> str:
    """``Fwd: `` once: a subject that already starts with ``Fwd:``/``Fw:`` (any case) is kept as it is."""
    return subject if _FORWARDED.match(subject) else f"Fwd: {subject}"


def forward_text(
    *,
    note: str | None,
    sender: str | None,
    date: datetime,
    zone: tzinfo,
    subject: str | None,
    to: Sequence[str],
    cc: Sequence[str],
    text: str,
) -> str:
    """The forward's body: the note (when there is one), a blank line, the original's header lines, its text."""
    header = [
        SEPARATOR,
        f"From: {shown_sender(sender)}",
        f"Date: {date.astimezone(zone):%a, %d %b %Y at %H:%M}",
        f"Subject: {decoded(subject)}",
        f"To: {', '.join(to)}",
    ]
    if cc:
        header.append(f"Cc: {', '.join(cc)}")
    kept_note = (note or "").strip()
    return "\n".join([*([kept_note, ""] if kept_note else []), *header, "", text.strip("\n")]) + "\n"
