"""Whole-message chat cues, a question's first word, and the words around a request's times, from cue lists."""

from planning.understanding.lexicon import evidence_in
from planning.understanding.time_links import days_joined, ends_with_target_mark


def _chat(text: str) -> list[tuple[str, str]]:
    return [(e.concept, e.text) for e in evidence_in(text) if e.kind in ("chat", "question")]


def test_a_greeting_is_chat_only_as_the_whole_message() -> None:
    assert ("greeting", "hiya") in _chat("hiya")
    assert ("greeting", "good evening bot") in _chat("good evening bot")
    assert not any(concept == "greeting" for concept, _ in _chat("hiya, move my 3pm"))


def test_a_question_word_counts_only_first() -> None:
    assert ("question", "Which") in _chat("Which deals close in june")
    assert not any(concept == "question" for concept, _ in _chat("tell me which deals close in june"))


def test_a_word_before_a_change_s_one_time_makes_it_the_new_time() -> None:
    assert ends_with_target_mark("shift the vendor sync until ")
    assert not ends_with_target_mark("shift the vendor sync")
    assert not ends_with_target_mark("shift the sync I set up for auto")


def test_days_said_one_after_another_are_joined_by_a_link_and_commas() -> None:
    assert days_joined(" and ")
    assert days_joined(", , and ")
    assert days_joined(" plus ")
    assert not days_joined(" then ")
    assert not days_joined(" and, or ")
