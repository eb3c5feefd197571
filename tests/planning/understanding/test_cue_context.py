"""Phrases with what may stand around them, read from cue files: the words are data, the code only says where."""

from planning.understanding.cue_context import ANYWHERE, Around, at_around, find_around
from planning.understanding.cues import cues
from planning.understanding.lexicon import evidence_in
from planning.understanding.scanner import scan


def _atoms(text: str) -> tuple[str, ...]:
    return tuple(t.word for t in scan(text, "atoms"))


def test_a_line_with_choices_stands_for_every_phrase_they_make() -> None:
    phrases = {" ".join(p) for p, _ in cues("entity_contact_as", "atoms").entries}
    assert {"as contact", "as a contact", "as our new contact", "as new contact"} <= phrases
    assert "as a an contact" not in phrases


def test_a_phrase_counts_only_where_its_context_lists_allow() -> None:
    purchase = Around(
        after=cues("offtopic_shopping_after", "atoms"), not_before=cues("offtopic_shopping_not_before", "atoms")
    )
    table = cues("offtopic_shopping", "atoms")
    assert at_around(table, purchase, _atoms("buy two tickets"), 0) is not None  # ^: the start of the text
    assert at_around(table, purchase, _atoms("could you purchase a lamp"), 2) is not None
    assert at_around(table, purchase, _atoms("we buy in bulk"), 1) is None  # neither first nor after a polite opener
    assert at_around(table, purchase, _atoms("order by date"), 0) is None  # 'by' never follows a purchase


def test_a_word_with_a_tilde_is_any_word_starting_so_and_a_star_any_word() -> None:
    write = Around(not_before=cues("intent_send_write_not_before", "atoms"))
    assert at_around(cues("intent_send_write", "atoms"), write, _atoms("write memos weekly"), 0) is None  # me~
    assert at_around(cues("intent_send_write", "atoms"), write, _atoms("write to Rosa"), 0) is not None
    found = list(find_around(cues("entity_event_alerts", "atoms"), ANYWHERE, _atoms("mute my slack alerts")))
    assert [(f.start, f.end) for f in found] == [(1, 4)]


def test_phrase_cues_read_words_where_a_word_boundary_puts_them() -> None:
    found = {(e.concept, e.text) for e in evidence_in("what're the to-do items from the e-mail of priya's lead?")}
    assert {("find", "what"), ("task", "to-do items"), ("email", "e-mail"), ("lead", "lead")} <= found
    assert not any(e.concept == "lead" for e in evidence_in("she sang lead vocals at the gala"))


def test_a_gap_reads_a_few_whole_words_and_stops_at_a_comma_or_colon() -> None:
    people_in = cues("intent_update_people_in", "atoms")
    # "ana.ruiz@kestrel.org" and "wednesday's" are one word each for the gap
    found = at_around(people_in, ANYWHERE, _atoms("loop ana.ruiz@kestrel.org in on wednesday's vendor huddle"), 0)
    assert found is not None and found.end == len(_atoms("loop ana.ruiz@kestrel.org in on wednesday's vendor huddle"))
    assert at_around(people_in, ANYWHERE, _atoms("include Bo, then go to the huddle"), 0) is None  # a comma
    moved = cues("intent_update_moved", "atoms")
    assert at_around(moved, ANYWHERE, _atoms("shift the hand-off earlier"), 0) is not None
    assert at_around(moved, ANYWHERE, _atoms("move my warm-up with Ines to 5"), 0) is None  # "up" ends a word


def test_a_number_reads_digits_glued_to_the_unit_after_it() -> None:
    keep = Around(before=cues("intent_create_keep_time_before", "atoms"))
    table = cues("intent_create_keep_time", "atoms")
    assert at_around(table, keep, _atoms("reserve 45min for the audit"), 0) is not None
    assert at_around(table, keep, _atoms("reserve 2.5 hours for the audit"), 0) is not None
    assert at_around(table, keep, _atoms("reserve the boardroom"), 0) is None


def test_a_blocking_phrase_is_read_whole_and_gives_no_evidence() -> None:
    told = {e.text for e in evidence_in("let us know, then let Ines and Bo know") if e.concept == "send"}
    assert told == {"let Ines and Bo know"}
    assert not any(e.concept == "update" for e in evidence_in("update me on the audit"))
