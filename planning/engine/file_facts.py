"""What is known of a file a plan names (contract §2.7): ``AttachedFile`` is a reference (``slack:F0123``,
``email:msg-3/att-1``) with its name, type and size where known, shown in its place wherever a step names it
("Q3 deck.pdf (PDF, 1.2 MB)"). Files shared in Slack are described by the front end (``files.info``) when they are
shared; an attachment of a mail by the earlier step that found it (``thread_files.described``).
"""

import mimetypes
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict

from integrations.base.files import FileFacts

ATTACHMENTS = "attachments"
_KINDS = {
    "application/pdf": "PDF",
    "text/csv": "CSV",
    "text/plain": "text",
    "application/zip": "ZIP archive",
    "application/msword": "Word document",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word document",
    "application/vnd.ms-excel": "Excel workbook",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel workbook",
    "application/vnd.ms-powerpoint": "PowerPoint deck",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": "PowerPoint deck",
}
_GENERIC = frozenset({"", "application/octet-stream", "binary/octet-stream"})


class AttachedFile(BaseModel):
    """A file reference and what is known of it (None: unknown)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    ref: str
    name: str | None = None
    content_type: str | None = None
    size: int | None = None

    @property
    def kind(self) -> str | None:
        """The file's type in words ("PDF", "PNG image"), from its MIME type or else its name; None: unknown."""
        content_type = (self.content_type or "").split(";")[0].strip().lower()
        if content_type in _GENERIC and self.name:
            content_type = (mimetypes.guess_type(self.name)[0] or "").lower()
        if content_type in _GENERIC:
            return None
        if content_type in _KINDS:
            return _KINDS[content_type]
        major, _, minor = content_type.partition("/")
        if major in ("image", "video", "audio") and minor:
            return f"{minor.split('+')[0].upper()} {major}"
        return content_type

    @property
    def label(self) -> str:
        """ "Q3 deck.pdf (PDF, 1.2 MB)"; the reference itself when nothing is known of the file."""
        details = [part for part in (self.kind, size_text(self.size)) if part]
        name = self.name or self.ref
        return f"{name} ({', '.join(details)})" if details else name


def size_text(size: int | None) -> str | None:
    """ "812 bytes", "14 KB", "1.2 MB" (units of 1024, as the attachment limit is given); None: unknown."""
    if size is None:
        return None
    if size < 1024:
        return f"{size} byte" + ("" if size == 1 else "s")
    if size < 1024 * 1024:
        return f"{size / 1024:.0f} KB"
    return f"{size / (1024 * 1024):.1f} MB"


def known_files(files: Iterable[str | FileFacts | AttachedFile]) -> list[AttachedFile]:
    """Files as a front end gives them (references, or references with their facts), once each."""
    found: dict[str, AttachedFile] = {}
    for file in files:
        if isinstance(file, AttachedFile):
            shown = file
        elif isinstance(file, FileFacts):
            shown = AttachedFile(ref=file.ref, name=file.name, content_type=file.content_type, size=file.size)
        else:
            shown = AttachedFile(ref=str(file).strip())
        if shown.ref and (shown.ref not in found or found[shown.ref].name is None):
            found[shown.ref] = shown
    return list(found.values())
