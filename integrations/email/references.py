"""File references (contract §2.7) as the email connectors read and write them.

``email:<message id>/<part>`` names an attachment: the message's id as ``fetch_emails`` shows it and the part's
number (``integrations.email.files``). A message id holding ``/``, ``%`` or white space (a Message-ID may) has those
characters percent-encoded in the reference, so that it stays one reference.

``slack:<file id>``: a file shared in Slack, read through the connector's ``FileSource`` when it has one
(``integrations.email.shared``); without one a send naming it is refused before anything is sent
(``SlackFileRefusedError``), and the user is told why.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import unquote

from integrations.base.errors import NotFoundError, PermanentError
from integrations.base.files import is_shared

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


@dataclass(frozen=True)
class SharedRef:
    """A ``slack:`` reference, read through a ``FileSource``."""

    text: str


def attachment_refs(refs: Sequence[str], *, service: str) -> list[AttachmentRef]:
    """The ``email:`` references of a send, in order and once each; ``slack:`` ones refused (below)."""
    return [ref for ref in file_refs(refs, service=service, shared=False) if isinstance(ref, AttachmentRef)]


def file_refs(refs: Sequence[str], *, service: str, shared: bool) -> list[AttachmentRef | SharedRef]:
    """The references of a send, in order and once each.

    ``SlackFileRefusedError`` for a ``slack:`` reference unless ``shared`` (the connector has a file source);
    ``NotFoundError`` naming a reference that cannot name an attachment here (it cannot exist in this mailbox)."""
    parsed: list[AttachmentRef | SharedRef] = []
    for ref in dict.fromkeys(ref.strip() for ref in refs):
        if is_shared(ref) and shared:
            parsed.append(SharedRef(ref))
            continue
        if is_shared(ref):
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
