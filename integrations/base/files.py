"""Files shared with a request (contract §2.7: ``slack:<file id>``), as a connector that attaches files reads them.

A mail connector takes an optional ``FileSource`` (the composition root gives it Slack's); without one it refuses
``slack:`` references. ``fetch`` raises from the connector error tree:

- ``NotFoundError``: no such file, or one the source cannot see (not shared where the bot is);
- ``FileTooLargeError`` (a ``PermanentError``): larger than the source's limit, refused before any download;
- ``PermissionDeniedError``: the source may not read files (a scope not granted);
- ``TransientError``: the source did not answer in time; ``AuthError``: its token is revoked.
"""

from dataclasses import dataclass
from typing import Protocol

from integrations.base.errors import PermanentError

SHARED_PREFIX = "slack:"
DEFAULT_TYPE = "application/octet-stream"


@dataclass(frozen=True)
class FileFacts:
    """What a shared file is, without its bytes: its reference, name, MIME type and size in bytes (None: unknown).
    Front ends show it where the file is named (an approval card) before anything reads the file."""

    ref: str
    name: str
    content_type: str = DEFAULT_TYPE
    size: int | None = None


@dataclass(frozen=True)
class SharedFile:
    """A fetched file: its name, MIME type (``type/subtype``) and bytes."""

    name: str
    content_type: str
    content: bytes


class FileSource(Protocol):
    """Reads the files that ``slack:`` references name."""

    async def fetch(self, ref: str, *, max_bytes: int | None = None) -> SharedFile:
        """The file ``ref`` names, whole; raises as the module says. ``max_bytes``: the caller's own limit (a
        service that takes smaller files), refused before download like the source's own."""
        ...


class FileTooLargeError(PermanentError):
    """A file larger than the limit; ``size`` and ``limit`` in bytes."""

    def __init__(self, name: str, *, size: int, limit: int, service: str = "") -> None:
        megabytes = limit / (1024 * 1024)
        super().__init__(f"{name!r} is larger than {megabytes:g} MB, the limit for attaching a file", service=service)
        self.size = size
        self.limit = limit


def is_shared(ref: str) -> bool:
    """Whether ``ref`` names a shared file (one a ``FileSource`` reads), not a file in the mailbox."""
    return ref.strip().startswith(SHARED_PREFIX)
