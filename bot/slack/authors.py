"""Whose words a planned message holds: the message shortcut ("Plan from this message") plans from a message that
someone else may have written.

The words in it that name its author ("me", "myself": ``data/author_words.txt``) mean the author, not the person
who runs the shortcut: "send me the pricing sheet" written by Dana and planned by Sam emails Dana. They are Dana's
words, and Sam runs the shortcut to do what Dana asked (sending the sheet to himself would be pointless; he can
write his own request for that). Everything else stays the runner's: planbot acts with their own accounts ("my
calendar" in Dana's words is still read from Sam's, as planbot never acts on another person's accounts) and they
approve each change. The author becomes a mention, which reads as their email address like any other.
"""

import re
from functools import cache
from pathlib import Path

_DATA = Path(__file__).with_name("data") / "author_words.txt"
_MARKUP = re.compile(r"(<[^>]*>)")  # Slack's markup (mentions, links) is kept as it is
_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")


@cache
def author_words() -> frozenset[str]:
    lines = _DATA.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip().lower() for line in lines if line.strip() and not line.startswith("#"))


def as_the_author_meant(text: str, *, author: str | None, runner: str) -> str:
    """``text`` with the words that name its ``author`` as a mention of them, when someone else (``runner``) plans
    from it; as it is when the runner wrote it, or the author is not a person (a bot, unknown)."""
    if not author or author == runner or not author.startswith(("U", "W")):
        return text
    words = author_words()
    pieces = _MARKUP.split(text)
    for index in range(0, len(pieces), 2):  # the even pieces are outside markup
        pieces[index] = _WORD.sub(
            lambda m: f"<@{author}>" if m.group(0).lower() in words else m.group(0), pieces[index]
        )
    return "".join(pieces)
