"""Reading a ``format=full`` Gmail message: its MIME parts (the ``payload`` tree), attachments and text.

Parts are numbered by position as ``integrations.email.files`` numbers them (not by Gmail's ``partId``), so an
``email:`` reference means the same part when the connector later reads the message ``raw``. Text parts come with
their data (the part's bytes, transfer encoding undone, in its own charset); a large one may come as an
``attachmentId`` only: then ``None`` is returned and the caller reads the raw message instead.
"""

import codecs
from collections.abc import Iterator, Mapping
from email import policy
from email.parser import Parser
from typing import Any

from integrations.email.files import FileInfo, file_name, is_attachment
from integrations.email.gmail.api import decoded_data, part_headers
from integrations.email.summary import text_of

Part = Mapping[str, Any]


def leaf_parts(payload: Part) -> Iterator[tuple[str, Part]]:
    if not _is_container(payload):
        yield "1", payload
        return
    yield from _children(payload, "")


def _children(part: Part, prefix: str) -> Iterator[tuple[str, Part]]:
    children = part.get("parts")
    for position, child in enumerate(children if isinstance(children, list) else [], 1):
        if not isinstance(child, Mapping):
            continue
        number = f"{prefix}{position}"
        if _is_container(child):
            yield from _children(child, f"{number}.")
        else:
            yield number, child


def files(payload: Part) -> list[FileInfo]:
    found = []
    for number, part in leaf_parts(payload):
        if _attachment(part):
            body = part.get("body")
            size = body.get("size") if isinstance(body, Mapping) else None
            found.append(FileInfo(number, file_name(str(part.get("filename") or ""), number), _int(size)))
    return found


def text(payload: Part) -> str | None:
    """The message's text (its first text/plain part that is no attachment, else such a text/html part, as text);
    ``""`` when it has none, ``None`` when Gmail did not include the part's data."""
    texts = [part for _n, part in leaf_parts(payload) if _mime(part).startswith("text/") and not _attachment(part)]
    for wanted in ("text/plain", "text/html"):
        part = next((p for p in texts if _mime(p) == wanted), None)
        if part is None:
            continue
        body = part.get("body")
        data = decoded_data(body.get("data")) if isinstance(body, Mapping) else None
        if data is None:
            return None if isinstance(body, Mapping) and body.get("attachmentId") else ""
        return text_of(data.decode(_charset(part), "replace"), html=wanted == "text/html")
    return ""


def _attachment(part: Part) -> bool:
    disposition = part_headers(part).get("content-disposition", "").split(";", 1)[0]
    return is_attachment(disposition=disposition, filename=str(part.get("filename") or ""))


def _is_container(part: Part) -> bool:
    return _mime(part).startswith("multipart/")


def _mime(part: Part) -> str:
    return str(part.get("mimeType") or "").lower()


def _charset(part: Part) -> str:
    content_type = part_headers(part).get("content-type", "")
    headers = Parser(policy=policy.default).parsestr(f"Content-Type: {content_type}\r\n\r\n", headersonly=True)
    charset = headers.get_content_charset() or "utf-8"
    try:
        codecs.lookup(charset)
    except LookupError:
        return "utf-8"
    return charset


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
