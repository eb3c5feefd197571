"""An emoji as one token of a reply, whatever is typed with it: a skin tone ("👍🏽"), a variation selector ("✔️"),
a keycap ("1️⃣"), or the other emoji a zero-width joiner makes it one with ("👨‍💻"). The token's word is the emoji
without its skin tone, variation selector and keycap, so "👍🏽" reads as the "👍" of the phrase files and "2️⃣" as
"2"; Slack's skin tone written after a shortcode (":+1::skin-tone-3:") is dropped the same way."""

import unicodedata

from planning.understanding.scanner import Token

_ZWJ = "\u200d"
_KEYCAP = "\u20e3"
_SELECTORS = frozenset({"\ufe0e", "\ufe0f"})
_TONES = frozenset(chr(code) for code in range(0x1F3FB, 0x1F400))  # Fitzpatrick modifiers
_DROPPED = _SELECTORS | _TONES | {_KEYCAP}


def joined(text: str, toks: tuple[Token, ...]) -> tuple[Token, ...]:
    """``toks`` with each emoji and the marks typed with it as one token."""
    out: list[Token] = []
    index = 0
    while index < len(toks):
        if out and _slack_tone(toks, index, out[-1].end):  # ":+1:" then ":skin-tone-3:"
            out[-1] = Token(out[-1].word, out[-1].start, toks[index + 2].end)
            index += 3
            continue
        tok = toks[index]
        end, index = tok.end, index + 1
        if _symbol(text[tok.start : tok.end]) or _keycap(text, toks, index):
            while index < len(toks) and toks[index].start == end and _part(text, toks, index):
                end = toks[index].end
                index += 1
            if end != tok.end:
                word = "".join(char for char in text[tok.start : end] if char not in _DROPPED)
                tok = Token(word.casefold(), tok.start, end)
        out.append(tok)
    return tuple(out)


def _slack_tone(toks: tuple[Token, ...], index: int, end: int) -> bool:
    """Whether tokens ``index`` .. ``index + 2`` are ":skin-tone-N:" right after a shortcode ending at ``end``."""
    said = toks[index : index + 3]
    return (
        len(said) == 3
        and said[0].start == end
        and [t.word for t in said[::2]] == [":", ":"]
        and said[1].word.startswith(_SLACK_TONE)
        and said[0].end == said[1].start
        and said[1].end == said[2].start
    )


_SLACK_TONE = "skin-tone-"


def _symbol(said: str) -> bool:
    return len(said) == 1 and unicodedata.category(said) == "So"


def _keycap(text: str, toks: tuple[Token, ...], index: int) -> bool:
    """Whether the token before ``index`` is a digit, "#" or "*" made a key by the marks right after it ("1️⃣")."""
    before = toks[index - 1]
    if text[before.start : before.end] not in _KEYS:
        return False
    end, said = before.end, ""
    for tok in toks[index : index + 2]:
        if tok.start != end:
            break
        said, end = said + text[tok.start : tok.end], tok.end
    return said.replace("\ufe0f", "") == _KEYCAP


_KEYS = frozenset("0123456789#*")


def _part(text: str, toks: tuple[Token, ...], index: int) -> bool:
    """Whether token ``index`` belongs to the emoji before it: a modifier, or a joiner with an emoji right after it
    (which is then taken too: the caller moves on to it as a part)."""
    said = text[toks[index].start : toks[index].end]
    if said in _DROPPED:
        return True
    if said == _ZWJ:
        return index + 1 < len(toks) and toks[index + 1].start == toks[index].end
    return _symbol(said) and text[toks[index].start - 1] == _ZWJ
