"""Writing header values safely: never a line break or another control character, whatever the Python.

A CR or LF in a header value ends the header there, and what follows is read as headers of its own
(``Bcc: attacker@...``). The email package refuses a ``str`` holding a line break, but not a line break it decodes
itself: it decodes RFC 2047 encoded words in what it is given (``a=?utf-8?q?=0D=0A?=b`` is ``a\\r\\nb``, also in
the middle of a word), and a Python without the fix for CVE-2024-6923 (3.11.7 here) writes that out as it is. So
every value is set through this module, which checks it *as the email package reads it*:

- text (a subject, a display name): each run of control characters becomes one space (``header_text``);
- an address holding one is refused with ``UnsafeHeaderError``: dropping the character would make another address;
- a message id holding one (or a space, or ``<>``) is left out of ``In-Reply-To``/``References``: it only threads;
- an attachment's file name is cleaned as text (``safe_file_name``): the email package decodes encoded words in it too.

Control characters here: C0 (U+0000-U+001F, tab included), DEL, C1 (U+0080-U+009F) and U+2028/U+2029. Python's
``str.splitlines``, which the email package uses, breaks lines at U+2028/U+2029 (and at U+001C-U+001E, U+0085), so
they are line breaks to it (it refuses a value holding one) and to some mail clients; other format characters
(e.g. bidi controls) break no header and are kept.
"""

import re
from collections.abc import Sequence
from email.headerregistry import Address
from email.message import EmailMessage

from integrations.base.errors import PermanentError

__all__ = [
    "UnsafeHeaderError",
    "breaks_lines",
    "header_text",
    "safe_file_name",
    "safe_id",
    "set_addresses",
    "set_ids",
    "set_mailbox",
    "set_text",
]

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]+")
_CONTROL_BUT_TAB = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]")
_ID = re.compile(r"[^<>\s\x00-\x1f\x7f-\x9f\u2028\u2029]+")
_DECODINGS = 8  # a text encoded inside encoded words more often than this is refused


class UnsafeHeaderError(PermanentError):
    """A header that cannot be written (or read) as it is meant: an address holding a control character."""


def breaks_lines(value: str) -> bool:
    """Whether a header value read from outside holds a control character other than a tab (unfolding keeps
    the tab of a folded line)."""
    return bool(_CONTROL_BUT_TAB.search(value))


def header_text(value: str) -> str:
    """``value`` on one line: each run of control characters becomes one space; no space at either end."""
    return _CONTROL.sub(" ", value).strip()


def set_text(message: EmailMessage, name: str, value: str) -> None:
    """``message[name] = value`` for a text header (Subject), cleaned by ``header_text`` as the package reads it."""
    text = header_text(value)
    for _ in range(_DECODINGS):
        _replace(message, name, text)
        read = str(message[name])
        if not _CONTROL.search(read):
            return
        text = header_text(read)  # an encoded word decoded to a control character: clean what it means
    del message[name]
    raise UnsafeHeaderError(f"the {name} cannot be written on one line: the email was not sent")


def safe_file_name(value: str, fallback: str = "attachment") -> str:
    """A file name that the email package writes (``Content-Disposition: attachment; filename=...``) on one line:
    cleaned as text, as the package reads it; ``fallback`` when nothing is left."""
    text = header_text(value)
    for _ in range(_DECODINGS):
        if not text:
            return fallback
        probe = EmailMessage()
        try:
            probe.set_content(b"", maintype="application", subtype="octet-stream", filename=text)
            written, read = str(probe["Content-Disposition"]), probe.get_filename() or ""
        except ValueError:  # a part the email package refuses: clean what it means
            written = read = "\n"
        if not _CONTROL.search(written) and not _CONTROL.search(read):
            return text
        text = header_text(read if read != "\n" else text.replace("=?", "= ?"))
    return fallback


def set_addresses(message: EmailMessage, name: str, addresses: Sequence[str]) -> None:
    """``message[name]`` = these addresses (``user@host``), exactly: one holding a control character, or that the
    email package reads as anything but that one address, is refused with ``UnsafeHeaderError``."""
    if any(_CONTROL.search(address) for address in addresses):
        raise UnsafeHeaderError(f"an address for {name} holds a control character: the email was not sent")
    if _written_addresses(message, name, ", ".join(addresses)) != list(addresses):
        del message[name]
        raise UnsafeHeaderError(f"an address for {name} is not one plain address: the email was not sent")


def set_mailbox(message: EmailMessage, name: str, address: str, display_name: str | None) -> None:
    """``message[name]`` = ``display_name <address>``; the name cleaned as text (left out if it still cannot be
    written on one line), the address checked as by ``set_addresses``."""
    username, _, domain = address.rpartition("@")
    text = header_text(display_name or "")
    if text and not _CONTROL.search(address):
        try:
            value = str(Address(display_name=text, username=username, domain=domain))
        except ValueError:  # a part the email package refuses: checked again below, without the name
            value = ""
        if value and _written_addresses(message, name, value) == [address] and not _CONTROL.search(str(message[name])):
            return
    set_addresses(message, name, [address])


def safe_id(value: str) -> bool:
    """Whether ``<value>`` can be written as a message id: no control character, space or ``<>`` in it, and read
    back by the email package as it is (no encoded word inside)."""
    if not _ID.fullmatch(value):
        return False
    probe = EmailMessage()
    probe["In-Reply-To"] = f"<{value}>"
    return str(probe["In-Reply-To"]) == f"<{value}>"


def set_ids(message: EmailMessage, name: str, ids: Sequence[str]) -> None:
    """``message[name]`` = ``<id> <id>...`` of the ids that are ``safe_id`` (the others are left out); no header
    when none is."""
    kept = [value for value in ids if safe_id(value)]
    if kept:
        _replace(message, name, " ".join(f"<{value}>" for value in kept))


def _replace(message: EmailMessage, name: str, value: str) -> None:
    del message[name]
    message[name] = value


def _written_addresses(message: EmailMessage, name: str, value: str) -> list[str]:
    """Sets ``message[name] = value``; the addresses the email package reads in it (none if it refuses them)."""
    try:
        _replace(message, name, value)
        return [address.addr_spec for address in getattr(message[name], "addresses", ())]
    except ValueError:  # a part that decodes to CR/LF: the email package refuses to make an address of it
        del message[name]
        return []
