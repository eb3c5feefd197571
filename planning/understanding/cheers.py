"""An emoji in a request is a cheer, not a value: "globex deal closed!! 🎉 mark it won" reads as "… closed!! ! mark it
won" (it ends a sentence as an exclamation mark does), and one after the request's last word is left out ("mark the
deal won 🎉": no slot takes "won 🎉" as a company)."""

import unicodedata

from planning.understanding.cues import Words

_PICTURED = frozenset({"So", "Sk"})  # a pictured symbol, and the skin tone typed with it


def as_exclamations(text: str) -> str:
    """``text`` with each emoji or other pictured symbol written as "!", those after its last word left out."""
    toks = Words.of(text).toks
    pictured = [bool(t.word) and unicodedata.category(t.word[0]) in _PICTURED for t in toks]
    last = max((i for i, tok in enumerate(toks) if tok.word[:1].isalnum() and not pictured[i]), default=-1)
    if last < 0:
        return text  # "🎉": nothing but cheers
    out, done = "", 0
    for index, tok in enumerate(toks):
        if pictured[index]:
            cheer = "!" * len(tok.word) if index < last else ""
            out, done = out + text[done : tok.start] + cheer, tok.end
    return (out + text[done:]).rstrip() if done else text
