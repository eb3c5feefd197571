"""The lexicon's word lists are cue files (issue 23): every phrase of a list is evidence of its concept, as typed
in a request, so a newcomer adds a word to a file, not to a pattern."""

import pytest

from planning.understanding.cue_context import ANYWHERE
from planning.understanding.cues import cues
from planning.understanding.lexicon import PHRASE_CUES, WORD_CUES, PhraseCue, WordCue, evidence_in


@pytest.mark.parametrize("cue", WORD_CUES, ids=lambda cue: cue.phrases.name)
def test_every_phrase_of_a_word_list_is_evidence_of_its_concept(cue: WordCue) -> None:
    for phrase in cue.phrases.lines:
        text = "well, " + " ".join(phrase) + " please"
        found = [(e.kind, e.concept, e.weight) for e in evidence_in(text)]
        assert (cue.kind, cue.concept, cue.weight) in found, f"{text!r} gives {found}"


def test_a_listed_word_is_found_with_its_possessive_and_whole_words_only() -> None:
    found = {(e.concept, e.text) for e in evidence_in("when is the restaurant's delivery? tom@weather.com")}
    assert ("food", "restaurant") in found
    assert not any(concept == "weather" for concept, _ in found)


def test_a_hyphen_reads_as_a_space_in_a_listed_phrase() -> None:
    assert any(e.concept == "lists" for e in evidence_in("add milk to my to-do list"))


def test_a_phrase_with_an_apostrophe_is_read_as_typed_before_it_is_read_without_it() -> None:
    found = {(e.concept, e.text) for e in evidence_in("what's today's date? and the doctor's appointment")}
    assert ("datetime", "today's date") in found
    assert ("event", "appointment") in found


def _example(phrase: tuple[str, ...]) -> str:
    """A text a phrase reads: any word is "Lena", a gap no word, a number "30", a list its first phrase."""
    out: list[str] = []
    index = 0
    while index < len(phrase):
        word = phrase[index]
        if word == "<" and index + 2 < len(phrase) and phrase[index + 2] == ">":
            listed = phrase[index + 1]
            out.append("30" if listed == "number" else _example(cues(listed, "atoms").lines[0]))
            index += 3
            continue
        if not (word == "~" or (word[:1] == "_" and word[1:].isdigit()) or (word == "$" and index == len(phrase) - 1)):
            out.append("Lena" if word == "*" else word)
        index += 1
    return " ".join(out)


@pytest.mark.parametrize("cue", PHRASE_CUES, ids=lambda cue: f"{cue.kind}-{cue.concept}-{cue.weight}")
def test_every_phrase_a_cue_reads_anywhere_is_evidence_of_its_concept(cue: PhraseCue) -> None:
    for part in (p for p in cue.parts if p.around == ANYWHERE and not p.block):
        for phrase, _ in part.phrases.entries:
            text = _example(phrase)
            found = [(e.kind, e.concept, e.weight) for e in evidence_in(text)]
            assert (cue.kind, cue.concept, cue.weight) in found, f"{text!r} in {part.phrases.name}.txt"


@pytest.mark.parametrize("cue", [c for c in PHRASE_CUES if any(p.block for p in c.parts)], ids=lambda cue: cue.concept)
def test_a_blocking_phrase_is_no_evidence_of_its_cue(cue: PhraseCue) -> None:
    for part in (p for p in cue.parts if p.block):
        for phrase, _ in part.phrases.entries:
            text = _example(phrase)
            found = [(e.kind, e.concept, e.weight, e.start) for e in evidence_in(text)]
            assert (cue.kind, cue.concept, cue.weight, 0) not in found, f"{text!r} in {part.phrases.name}.txt"
