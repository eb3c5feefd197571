"""A message's MIME structure from IMAP's BODYSTRUCTURE (RFC 3501 §7.4.2), without downloading the message.

From it come the attachments ``fetch_emails`` lists (name, estimated size, part number), whether a message has one
(``hasAttachment``: IMAP has no search key for it), and which part holds the text, so that only that part is
fetched for the snippet and the body. Parts are numbered as ``integrations.email.files`` numbers them.

The size IMAP gives is the part's size as sent; for base64 (nearly every attachment) the file is about three
quarters of that, less the line breaks, which is what is shown.
"""

import functools
import itertools
import re
from dataclasses import dataclass, field
from email import policy
from email.parser import Parser
from typing import TypeAlias

from integrations.email.files import FileInfo, file_name, is_attachment
from integrations.email.headers import header_text

Value: TypeAlias = str | list["Value"] | None
_START = re.compile(rb"[( ]BODYSTRUCTURE \(")
_TOKEN = re.compile(
    rb'\s*(?:(?P<open>\()|(?P<close>\))|"(?P<quoted>(?:[^"\\]|\\.)*)"|\{(?P<literal>\d+)\}|(?P<atom>[^\s()"{]+))'
)
_BASE64_LINE = 78  # 76 characters and CRLF


class StructureError(ValueError):
    pass


@dataclass(frozen=True)
class Leaf:
    """One leaf part: its number, type, parameters, transfer encoding, size as sent and disposition."""

    number: str
    maintype: str
    subtype: str
    params: dict[str, str] = field(default_factory=dict)
    encoding: str = "7bit"
    size: int = 0
    disposition: str | None = None
    disposition_params: dict[str, str] = field(default_factory=dict)

    @functools.cached_property
    def filename(self) -> str | None:
        """The file name, decoded (RFC 2231 and RFC 2047 alike, as the email package reads them)."""
        lines = [f"Content-Type: {self.maintype}/{self.subtype}{_params(self.params)}"]
        if self.disposition:
            lines.append(f"Content-Disposition: {self.disposition}{_params(self.disposition_params)}")
        headers = Parser(policy=policy.default).parsestr("\r\n".join(lines) + "\r\n\r\n", headersonly=True)
        try:
            return headers.get_filename()
        except (ValueError, LookupError):
            return self.disposition_params.get("filename") or self.params.get("name")

    @property
    def is_attachment(self) -> bool:
        return is_attachment(disposition=self.disposition, filename=self.filename)

    @property
    def file_size(self) -> int:
        if self.encoding.lower() != "base64":
            return self.size
        lines = -(-self.size // _BASE64_LINE)
        return max(0, (self.size - 2 * lines) * 3 // 4)


def leaves(text: bytes) -> list[Leaf]:
    """The leaf parts of the BODYSTRUCTURE in a FETCH response's text; ``StructureError`` when there is none."""
    found = _START.search(text)
    if found is None:
        raise StructureError("no BODYSTRUCTURE in the response")
    value, _end = _parse(text, found.end() - 1)
    if not isinstance(value, list):
        raise StructureError("BODYSTRUCTURE is not a list")
    if value and isinstance(value[0], list):
        return list(_children(value, ""))
    return [_leaf(value, "1")]


def files(parts: list[Leaf]) -> list[FileInfo]:
    return [FileInfo(p.number, file_name(p.filename, p.number), p.file_size) for p in parts if p.is_attachment]


def text_leaf(parts: list[Leaf]) -> Leaf | None:
    """The part holding the text: the first text/plain that is no attachment, else the first such text/html."""
    texts = [p for p in parts if p.maintype == "text" and not p.is_attachment]
    for subtype in ("plain", "html"):
        found = next((p for p in texts if p.subtype == subtype), None)
        if found is not None:
            return found
    return None


def _children(value: list[Value], prefix: str) -> list[Leaf]:
    found: list[Leaf] = []
    for position, child in enumerate(itertools.takewhile(lambda item: isinstance(item, list), value), 1):
        assert isinstance(child, list)
        number = f"{prefix}{position}"
        if child and isinstance(child[0], list):
            found += _children(child, f"{number}.")
        else:
            found.append(_leaf(child, number))
    return found


def _leaf(value: list[Value], number: str) -> Leaf:
    texts = [item if isinstance(item, str) else None for item in value[:7]]
    if len(texts) < 7 or texts[0] is None or texts[1] is None:
        raise StructureError("a body part without its type")
    maintype, subtype = texts[0].lower(), texts[1].lower()
    # extension data follows the basic fields: after the line count (text), envelope, body and lines (message)
    skip = 8 if maintype == "text" else 10 if (maintype, subtype) == ("message", "rfc822") else 7
    disposition = value[skip + 1] if len(value) > skip + 1 else None
    kind, disposition_params = None, {}
    if isinstance(disposition, list) and disposition and isinstance(disposition[0], str):
        kind = disposition[0].lower()
        disposition_params = _pairs(disposition[1] if len(disposition) > 1 else None)
    size = texts[6] or "0"
    return Leaf(
        number=number,
        maintype=maintype,
        subtype=subtype,
        params=_pairs(value[2]),
        encoding=(texts[5] or "7bit").lower(),
        size=int(size) if size.isdigit() else 0,
        disposition=kind,
        disposition_params=disposition_params,
    )


def _pairs(value: Value) -> dict[str, str]:
    if not isinstance(value, list):
        return {}
    items = [item if isinstance(item, str) else "" for item in value]
    return {items[i].lower(): items[i + 1] for i in range(0, len(items) - 1, 2)}


def _params(params: dict[str, str]) -> str:
    parts = []
    for name, value in params.items():
        if re.fullmatch(r"[A-Za-z0-9*_.-]+", name):
            escaped = header_text(value).replace("\\", "\\\\").replace('"', '\\"')
            parts.append(f'; {name}="{escaped}"')
    return "".join(parts)


def _parse(text: bytes, position: int) -> tuple[Value, int]:
    """One value at ``position``: a parenthesised list, a string (quoted or literal), NIL or an atom."""
    found = _TOKEN.match(text, position)
    if found is None:
        raise StructureError("unreadable BODYSTRUCTURE")
    end = found.end()
    if found.group("open"):
        items: list[Value] = []
        while True:
            closing = re.compile(rb"\s*\)").match(text, end)
            if closing:
                return items, closing.end()
            item, end = _parse(text, end)
            items.append(item)
    if found.group("close"):
        raise StructureError("unbalanced BODYSTRUCTURE")
    if found.group("quoted") is not None:
        return re.sub(rb"\\(.)", rb"\1", found.group("quoted")).decode("utf-8", "replace"), end
    if found.group("literal") is not None:
        start = end + 1  # the response lines were joined with one space after the literal's announcement
        length = int(found.group("literal"))
        if start + length > len(text):
            raise StructureError("a BODYSTRUCTURE literal runs past the response")
        return text[start : start + length].decode("utf-8", "replace"), start + length
    atom = found.group("atom").decode("ascii", "replace")
    return (None if atom.upper() == "NIL" else atom), end
