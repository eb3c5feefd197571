"""Picks among the things shown: by number ("2", "#1", "the second one"), by the words of their label, or by what
they are ("the one from Initech", "the VP of sales", "maria at acme"): the reply's words matched against each
candidate's fields (name, company, email, title)."""

from collections.abc import Mapping
from typing import Any

from planning.understanding.commands._words import Reply, phrases, tokens
from planning.understanding.commands.pick import Pick


def by_number(reply: Reply, count: int) -> Pick | None:
    """ "2", "#2", "number 2", "option 1", "the second (one)", "the last one"."""
    words = [w for w in reply.words if w != "#" and (phrases("pick_fillers").value((w,)) is None or w.isdigit())]
    if len(words) != 1:
        return None
    word = words[0].rstrip(".)")
    ordinal = phrases("ordinals").value((word,))
    index = int(ordinal) if ordinal is not None else int(word) if word.isdigit() else None
    if index is None:
        return None
    if index < 0:
        index = count + 1 + index
    return Pick(index=index) if 1 <= index <= count else None


def by_label(reply: Reply, labels: tuple[str, ...]) -> Pick | None:
    """The reply is part of exactly one label as shown."""
    wanted = " ".join(reply.words)
    hits = [i for i, label in enumerate(labels) if wanted and wanted in " ".join(Reply.of(label).words)]
    return Pick(index=hits[0] + 1) if len(hits) == 1 else None


def by_description(reply: Reply, candidates: tuple[Mapping[str, Any], ...], labels: tuple[str, ...]) -> Pick | None:
    """The one candidate whose fields hold every word the reply describes it by (a company, a title, a name, the
    domain of its address); None when no word describes, or not exactly one candidate fits."""
    said = [w for w in reply.words if w.isalnum() and phrases("stop_words").value((w,)) is None]
    if not said:
        return None
    fields = [field for _, field in phrases("pick_fields").entries]
    fits = []
    for index, candidate in enumerate(candidates):
        label = labels[index] if index < len(labels) else ""
        known = _words_of([*(candidate.get(f) for f in fields), label])
        if all(any(k == w or (len(w) > 2 and k.startswith(w)) for k in known) for w in said):
            fits.append(index)
    return Pick(index=fits[0] + 1) if len(fits) == 1 else None


def _words_of(values: list[Any]) -> set[str]:
    words: set[str] = set()
    for value in values:
        if isinstance(value, dict):
            words |= _words_of(list(value.values()))
        elif isinstance(value, list):
            words |= _words_of(value)
        elif value is not None:
            for token in tokens(str(value)):
                words.add(token.word)
                words.update(token.word.replace("@", ".").replace("-", ".").replace("_", ".").split("."))
    return words
