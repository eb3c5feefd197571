"""File references (contract §2.7) as the email connectors read and write them.

``email:<message id>/<part>`` names an attachment: the message's id as ``fetch_emails`` shows it and the part's
number (``integrations.email.files``). A message id holding ``/``, ``%`` or white space (a Message-ID may) has those
characters percent-encoded in the reference, so that it stays one reference.

``slack:<file id>``: a file shared in Slack. These connectors cannot read Slack, so a send naming one is refused
before anything is sent (``SlackFileRefusedError``), and the user is told why.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import unquote

from integrations.base.errors import NotFoundError, PermanentError

_ENCODED = re.compile(r"[%/\s]")
_EMAIL_REF = re.compile(r"email:(?P<message>[^/\s]+)/(?P<part>\d+(?:\.\d+)*)")


class SlackFileRefusedError(PermanentError):
    """A ``slack:`` file reference given to a connector that cannot fetch Slack files."""


@dataclass(frozen=True)
class AttachmentRef:
    """A parsed ``email:`` reference: the message id (decoded) and the part number."""

    text: str
    message_id: str
    part: str


def attachment_ref(message_id: str, part: str) -> str:
    return f"email:{_ENCODED.sub(lambda found: f'%{ord(found.group()):02X}', message_id)}/{part}"


def attachment_refs(refs: Sequence[str], *, service: str) -> list[AttachmentRef]:
    """The ``email:`` references of a send, in order and once each.

    ``SlackFileRefusedError`` for a ``slack:`` reference; ``NotFoundError`` naming a reference that cannot name an
    attachment here (it cannot exist in this mailbox)."""
    parsed: list[AttachmentRef] = []
    for ref in dict.fromkeys(ref.strip() for ref in refs):
        if ref.startswith("slack:"):
            raise SlackFileRefusedError(
                "files shared in Slack can't be attached yet with this mail account; attach a file from an email"
                " instead",
                service=service,
            )
        found = _EMAIL_REF.fullmatch(ref)
        if found is None:
            raise NotFoundError(f"no attachment {ref!r} in the mailbox", service=service)
        parsed.append(AttachmentRef(ref, unquote(found.group("message")), found.group("part")))
    return parsed
