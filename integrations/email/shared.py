"""The files of a send, whichever place they come from: the mailbox (``email:``) or a ``FileSource`` (``slack:``).

Shared files are fetched first (a file too large is refused before the mailbox is opened); the result keeps the
order of the references.
"""

from collections.abc import Awaitable, Callable, Sequence

from integrations.base.files import DEFAULT_TYPE, FileSource
from integrations.email.files import OutgoingFile, file_name
from integrations.email.references import AttachmentRef, SharedRef, file_refs

FromMailbox = Callable[[Sequence[AttachmentRef]], Awaitable[list[OutgoingFile]]]


def parsed_refs(refs: Sequence[str], *, service: str, source: FileSource | None) -> list[AttachmentRef | SharedRef]:
    """The references of a send (``slack:`` ones refused without a source), checked before anything is sent."""
    return file_refs(refs, service=service, shared=source is not None)


async def outgoing_files(
    parsed: Sequence[AttachmentRef | SharedRef], *, source: FileSource | None, from_mailbox: FromMailbox
) -> list[OutgoingFile]:
    """The files ``parsed`` names, in its order: shared ones from ``source``, the others ``from_mailbox``."""
    shared: dict[str, OutgoingFile] = {}
    for ref in parsed:
        if isinstance(ref, SharedRef) and source is not None:
            file = await source.fetch(ref.text)
            shared[ref.text] = OutgoingFile(
                file_name(file.name, ref.text.removeprefix("slack:")), file.content_type or DEFAULT_TYPE, file.content
            )
    in_mailbox = [ref for ref in parsed if isinstance(ref, AttachmentRef)]
    mailed = iter(await from_mailbox(in_mailbox) if in_mailbox else [])
    return [shared[ref.text] if isinstance(ref, SharedRef) else next(mailed) for ref in parsed]
