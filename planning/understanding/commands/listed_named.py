"""Which of the things the last plan listed a request names by words of their own ("cancel the priya one", "the q3
deck one - reply that …", "push the acme one out to apr 15"): "the" (data/determiners.txt), a few words, and a word of
a thing (data/list_things.txt: "one", "email", "meeting", "deal"), where the words single out one of those listed —
words that thing's fields hold (data/listed_fields.txt), one of them held by no other thing listed. Grounded in what
was listed, never a list of names: "the budget one" names nothing when no listed thing has "budget"."""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from planning.understanding import names
from planning.understanding.commands._picks import words_of
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.ordinal_named import ordinal_alone, ordinal_span

_OWN_NAMES = ("title", "subject", "name")  # the fields that name a thing itself, not who or where it is
_MOST_WORDS = 4  # words between "the" and "one" ("the q3 deck review one")


@dataclass(frozen=True, slots=True)
class Named:
    """The thing named, from 1 in the list, and where its phrase is in the text (``start``, ``end``: characters)."""

    index: int
    start: int
    end: int
    owned: bool = False  # said with "'s" ("the quote one's done"): "it's"

    def as_it(self, text: str) -> str:
        """``text`` with the phrase that names the thing said as "it" ("push it out to apr 15"; "it's done")."""
        it = "it's" if self.owned else "it"
        return f"{text[: self.start]}{it}{text[self.end :]}"


def said_as(text: str, named: Named, name: str) -> str:
    """``text`` with the thing ``named`` said as ``name``: where its phrase is a clause of its own first ("the first
    one, can you push it to 11? just this week"), the rest with the word that points back at it
    (data/topic_pronouns.txt) said as ``name`` ("can you push the Team sync to 11? just this week"); else its phrase
    said as ``name`` in its place."""
    before, after = Reply.of(text[: named.start]), Reply.of(text[named.end :])
    led = before.after("leads", "polite") == len(before.words)
    if led and after.words and after.words[0] in _TOPIC_ENDS:
        rest = Reply(after.text, after.toks[1:])
        at = next((i for i, word in enumerate(rest.words) if phrases("topic_pronouns").value((word,))), None)
        if at is not None:
            token = rest.toks[at]
            return f"{after.text[rest.toks[0].start : token.start]}{name}{after.text[token.end :]}".strip()
    return f"{text[: named.start]}{name}{text[named.end :]}"


_TOPIC_ENDS = (",", "-", "–", "—", ":", ";", ".")


def thing_said_in(title: str, name: str) -> str:
    """``title`` with each word that points back at one thing (data/topic_pronouns.txt: "it") said as ``name``
    ("Rebook it" → "Rebook lunch with Maria"); as it is when it has none."""
    reply = Reply.of(title)
    out, at = "", 0
    for token in reply.toks:
        if phrases("topic_pronouns").value((token.word,)) is not None:
            out, at = out + title[at : token.start] + name, token.end
    return out + title[at:]


def listed_named(text: str, items: Sequence[Mapping[str, Any]], *, least: int = 2) -> Named | None:
    """The one thing of ``items`` that a phrase of ``text`` names by its words; None when no phrase names one, or the
    phrases name several, or fewer than ``least`` things were listed (one thing is "it" already; ``least=1``: the one
    thing found, named by its own words, "mark the questionnaire one done" after one task was listed)."""
    if len(items) < max(least, 1):
        return None
    found = every_named(text, items)
    return found[0] if len({named.index for named in found}) == 1 else None


def every_named(text: str, items: Sequence[Mapping[str, Any]]) -> list[Named]:
    """Each phrase of ``text`` that names one thing of ``items`` by its words, in the order said ("mark the globex
    quote one done … and the acme proposal one - push it": both). A phrase after a word that keeps a thing out of the
    change (data/keep_words.txt: "…, keep the priya one") names no thing acted on."""
    known, named_by = _words_of_each(items)
    found: list[Named] = []
    for said, named in _thing_phrases(text):
        picked = _singled(said, known)
        picked = picked if picked is not None else _singled(said, named_by, every=known)
        picked = picked if picked is not None else _named_exactly(said, named_by)
        if picked is not None:
            found.append(replace(named, index=picked + 1))
    return found


def named_among(text: str, items: Sequence[Mapping[str, Any]]) -> tuple[tuple[int, ...], Named] | None:
    """The things of ``items`` (from 1) that the one phrase of ``text`` naming things by their words names when its
    words fit several but not all of them ("mark the acme one done" of two Acme tasks and a Globex one): the one
    meant is among those, to be asked; and the phrase (``index``: the first of them). None when no phrase names
    things, a phrase names one, or the words fit every thing listed (they single out none)."""
    known, named_by = _words_of_each(items)
    phrases_said = list(_thing_phrases(text))
    if len(phrases_said) != 1:
        return None
    said, named = phrases_said[0]
    if _singled(said, named_by, every=known) is not None:  # "the signed acme one": the one its name fits
        return None
    holding = _holding(said, known)
    if holding is None or not 1 < len(holding) < len(items):
        return None
    return tuple(i + 1 for i in holding), replace(named, index=holding[0] + 1)


def _words_of_each(items: Sequence[Mapping[str, Any]]) -> tuple[list[set[str]], list[set[str]]]:
    """The words each thing's fields hold (data/listed_fields.txt), and those of its own name."""
    fields = [field for _, field in phrases("listed_fields").entries]
    known = [words_of([item.get(field) for field in fields]) for item in items]
    return known, [words_of([item.get(field) for field in _OWN_NAMES]) for item in items]


def _thing_phrases(text: str) -> Iterator[tuple[tuple[str, ...], Named]]:
    """Each phrase "the … one" of ``text`` (a determiner, a few words, a word of a thing), not after a word that keeps
    a thing out of the change: its describing words and where it is (``index`` 0: not yet known)."""
    reply = Reply.of(text)
    words = reply.words
    for index, word in enumerate(words):
        if phrases("determiners").value((word,)) is None:
            continue
        if phrases("keep_words").ending(words[:index]) is not None:  # "keep the priya one": kept, not acted on
            continue
        after = _described_after(words, index)
        if after is not None:  # "the one at globex": its words after it
            yield words[index + 3 : after], Named(0, reply.toks[index].start, reply.toks[after - 1].end)
            continue
        for end in range(index + 2, min(index + 2 + _MOST_WORDS, len(words))):
            thing = words[end].removesuffix("'s")  # "the quote one's done": the one, and "is"
            if phrases("list_things").value((thing,)) is None:
                continue
            yield words[index + 1 : end], Named(0, reply.toks[index].start, reply.toks[end].end, thing != words[end])
            break


def _described_after(words: tuple[str, ...], index: int) -> int | None:
    """Where the words end that describe a thing after "the one" and a link at token ``index`` ("the one at globex",
    data/list_thing_links.txt): a mark, the end, or at most a few words on; None when no such phrase is there."""
    if index + 3 >= len(words) or phrases("list_things").value((words[index + 1],)) is None:
        return None
    if phrases("list_thing_links").value((words[index + 2],)) is None:
        return None
    end = index + 3
    while end < len(words) and end < index + 3 + _MOST_WORDS and words[end].isalnum():
        end += 1
    return end if end > index + 3 else None


def _holding(said: tuple[str, ...], known: list[set[str]]) -> list[int] | None:
    """The things whose words hold every describing word said; None when no word said describes."""
    describing = [word.removesuffix("'s") for word in said if phrases("stop_words").value((word,)) is None]
    if not describing or not all(word.isalnum() for word in describing):
        return None
    return [i for i, held in enumerate(known) if all(word in held for word in describing)]


def _singled(said: tuple[str, ...], known: list[set[str]], every: list[set[str]] | None = None) -> int | None:
    """The one thing whose words hold every describing word said, one of them held by no other thing. With
    ``every`` (all the words of each thing), ``known`` are the words of its own name (its title or subject): the
    one thing whose name holds them all ("the signed acme one": "Acme MSA (signed)", not a "Signed NDA" from someone
    at acme.com), when all of them single out none of ``every``."""
    describing = [word.removesuffix("'s") for word in said if phrases("stop_words").value((word,)) is None]
    if not describing or not all(word.isalnum() for word in describing):
        return None
    holding = [i for i, held in enumerate(known) if all(word in held for word in describing)]
    if len(holding) != 1:
        return None
    if every is not None:  # only where all the words single out none: else the reading above holds
        return holding[0] if sum(1 for held in every if all(word in held for word in describing)) > 1 else None
    alone = any(sum(1 for held in known if word in held) == 1 for word in describing)
    return holding[0] if alone else None


def _named_exactly(said: tuple[str, ...], named_by: list[set[str]]) -> int | None:
    """Of the things whose own name holds every describing word said, the one whose name is those words and a word
    of its kind alone ("the acme one" of "Acme deal" and "Acme renewal": the Acme deal); None when not one."""
    describing = {word.removesuffix("'s") for word in said if phrases("stop_words").value((word,)) is None}
    if not describing or not all(word.isalnum() for word in describing):
        return None
    exact = [
        i
        for i, held in enumerate(named_by)
        if describing <= held and all(phrases("list_things").value((word,)) is not None for word in held - describing)
    ]
    return exact[0] if len(exact) == 1 else None


def pointed_at(text: str) -> Named | None:
    """ "that one", "this meeting": a phrase that points at a thing just shown by a word of a thing alone
    (data/pointing_determiners.txt, data/list_things.txt), as the first thing (``index`` 1: the only one shown)."""
    reply = Reply.of(text)
    words = reply.words
    for index, word in enumerate(words[:-1]):
        if phrases("pointing_determiners").value((word,)) is not None and phrases("list_things").value(
            (words[index + 1],)
        ):
            return Named(1, reply.toks[index].start, reply.toks[index + 1].end)
    return None


def passed_to(text: str, named: Named) -> tuple[str, ...]:
    """The people ``text``, with the thing ``named`` said as "it", passes that thing on to ("the invoice one - send it
    on to john smith and ask him to chase globex on it": john smith), after a verb of passing on
    (data/forward_verbs.txt); () when it passes nothing on."""
    reply = Reply.of(named.as_it(text))
    words = reply.words
    for index in range(len(words)):
        verb = phrases("forward_verbs").at(words, index)
        if verb is not None and index + verb[0] < len(words):
            return tuple(names.listed(reply.rest(index + verb[0])))
    return ()


def placed_alone(text: str, count: int) -> Named | None:
    """ "open the 2nd": the thing of that place among ``count`` listed, said by its place alone at the end."""
    found = ordinal_alone(text, count)
    return Named(*found) if found is not None else None


def placed_at(text: str, count: int) -> Named | None:
    """ "the second one", "the last meeting": the thing of that place among ``count`` listed, and where it is said."""
    found = ordinal_span(text, count)
    return Named(*found) if found is not None else None
