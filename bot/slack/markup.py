"""Slack's markup in what people type, read as what it means.

Slack sends a message's text with its own markup: ``<@U123>`` or ``<@U123|priya>`` (a person),
``<mailto:a@b.com|a@b.com>`` (an address), ``<https://x.io/deck|the deck>`` or ``<http://acme.com|acme.com>``
(a link), ``<#C123|general>`` (a channel), ``<!here>`` / ``<!subteam^S1|@sales>`` (special mentions),
``<!date^…|fallback>``, and ``&amp;`` / ``&lt;`` / ``&gt;`` for the characters it escapes.
:func:`parse` splits a text into plain pieces and :class:`Person` references; :func:`render` puts it back
together with each person shown as the caller wants (an address for the engine, a name for people to read).
"""

import html
import re
from collections.abc import Callable
from dataclasses import dataclass

_ENTITY = re.compile(r"<([^<>|]*)(?:\|([^<>]*))?>")
_USER = re.compile(r"@([UW][A-Z0-9]+)")


@dataclass(frozen=True, slots=True)
class Person:
    user_id: str
    label: str | None  # the name Slack put in (``<@U123|priya>``), if any


def parse(text: str) -> list[str | Person]:
    """Plain pieces (entities decoded, links and addresses as text) and the people mentioned, in order."""
    out: list[str | Person] = []
    last = 0
    for match in _ENTITY.finditer(text):
        out.append(_decode(text[last : match.start()]))
        target, label = match.group(1), match.group(2)
        user = _USER.fullmatch(target)
        out.append(Person(user.group(1), label) if user else _meaning(target, label))
        last = match.end()
    out.append(_decode(text[last:]))
    return out


def render(pieces: list[str | Person], person: Callable[[Person], str]) -> str:
    """The pieces as one line of text, each person as ``person(p)`` says (spaces tidied)."""
    joined = "".join(piece if isinstance(piece, str) else person(piece) for piece in pieces)
    return re.sub(r"\s+", " ", joined).strip()


def mentioned(pieces: list[str | Person]) -> list[str]:
    return [piece.user_id for piece in pieces if isinstance(piece, Person)]


def _meaning(target: str, label: str | None) -> str:
    label = _decode(label) if label else None
    target = _decode(target)
    if target.startswith("mailto:"):
        return target.removeprefix("mailto:")
    if target.startswith("#"):  # a channel
        return f"#{label}" if label else target
    if target.startswith("!"):  # @here, @channel, a user group, a date: what Slack shows for it
        special = target[1:].split("^", 1)[0]
        if label:
            return label if special not in ("subteam",) or label.startswith("@") else f"@{label}"
        return f"@{special}"
    if not label or _same_link(target, label):
        return label or target
    return f"{label} ({target})"


def _same_link(url: str, label: str) -> bool:
    """Whether the label is the address itself (Slack links what looks like one: ``<http://acme.com|acme.com>``)."""
    bare = re.sub(r"^[a-z][a-z0-9+.-]*://", "", url, flags=re.IGNORECASE).rstrip("/")
    return label.rstrip("/") in (url.rstrip("/"), bare)


def _decode(text: str) -> str:
    return html.unescape(text) if "&" in text else text
