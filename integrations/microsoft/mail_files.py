"""Attachments: the ``email:<message id>/<attachment id>`` references of contract §2.7, read and attached again.

Only file attachments are listed and carried (not inline pictures, attached Outlook items or links); a file is
copied by reading it (``contentBytes``) and posting it to the draft, which Graph allows up to ``MAX_BYTES`` (larger
files need an upload session, which this connector does not do: it says so). Slack files (``slack:``) are read
through the ``FileSource`` given, under the same limit, else refused.
"""

import base64
from typing import Any

from integrations.base.errors import NotFoundError, PermanentError
from integrations.base.files import DEFAULT_TYPE, FileSource, is_shared
from integrations.microsoft.graph import SERVICE, Graph, segment

FILE = "#microsoft.graph.fileAttachment"
MAX_BYTES = 3 * 1024 * 1024
LISTED = "id,name,size,isInline"


def reference(message_id: str, attachment_id: str) -> str:
    return f"email:{message_id}/{attachment_id}"


async def listed(graph: Graph, message_id: str) -> list[dict[str, Any]]:
    """``{ref, name, size}`` of a message's file attachments, in Graph's order."""
    path = f"me/messages/{segment(message_id)}/attachments"
    found: list[dict[str, Any]] = []
    async for page in graph.pages(path, {"$select": LISTED}):
        for item in page:
            if item.get("@odata.type") == FILE and not item.get("isInline") and "id" in item:
                ref = reference(message_id, str(item["id"]))
                found.append({"ref": ref, "name": str(item.get("name") or ""), "size": item.get("size")})
    return found


def check_refs(refs: list[str], source: FileSource | None) -> None:
    """Refuse ``slack:`` references without a file source, before any draft is made."""
    if source is None and any(is_shared(ref) for ref in refs):
        raise PermanentError(
            "files shared in Slack can't be attached yet with this mail account; attach a file from an email instead",
            service=SERVICE,
        )


async def attach(graph: Graph, draft_id: str, refs: list[str], source: FileSource | None = None) -> None:
    """Copy each referenced file onto the draft (in order, once each)."""
    check_refs(refs, source)
    for ref in dict.fromkeys(ref.strip() for ref in refs):
        file = await _shared(source, ref) if source is not None and is_shared(ref) else await _read(graph, ref)
        body = {
            "@odata.type": FILE,
            "name": file.get("name") or "attachment",
            "contentType": file.get("contentType") or DEFAULT_TYPE,
            "contentBytes": file["contentBytes"],
        }
        await graph.post(f"me/messages/{segment(draft_id)}/attachments", body)


async def _shared(source: FileSource, ref: str) -> dict[str, Any]:
    file = await source.fetch(ref, max_bytes=MAX_BYTES)
    return {
        "name": file.name,
        "contentType": file.content_type,
        "contentBytes": base64.b64encode(file.content).decode("ascii"),
    }


async def _read(graph: Graph, ref: str) -> dict[str, Any]:
    message_id, _, attachment_id = ref.removeprefix("email:").partition("/")
    path = f"me/messages/{segment(message_id)}/attachments/{segment(attachment_id)}"
    try:
        file = await graph.get(path)
    except NotFoundError as error:
        raise NotFoundError(f"no attachment {ref!r} in the mailbox", service=SERVICE) from error
    except PermanentError as error:  # Graph answers 400 to an id of the wrong shape
        if type(error) is not PermanentError:
            raise
        raise NotFoundError(f"no attachment {ref!r} in the mailbox", service=SERVICE) from error
    if file.get("@odata.type") != FILE or not isinstance(file.get("contentBytes"), str):
        raise PermanentError(f"{ref!r} is not a file (an attached item or link cannot be sent on)", service=SERVICE)
    if int(file.get("size") or 0) > MAX_BYTES:
        name = file.get("name")
        raise PermanentError(f"{name!r} is larger than 3 MB, which this connector cannot attach", service=SERVICE)
    return file
