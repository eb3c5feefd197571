"""One scanner, two readings: the cue lists' fine tokens and the replies' joined tokens come from the same atoms."""

from planning.understanding.commands._words import tokens
from planning.understanding.cues import Words
from planning.understanding.scanner import scan


def _words(text: str, reading: str) -> list[str]:
    return [token.word for token in scan(text, "fine" if reading == "fine" else "joined")]


def test_the_fine_reading_splits_at_hyphens_and_keeps_joined_words() -> None:
    text = "Re-send Sam’s r&d notes to sam@corp.io at 4:30pm - 1,250.5 dollars"
    assert _words(text, "fine") == [
        "re", "send", "sam's", "r&d", "notes", "to", "sam@corp.io", "at", "4:30pm", "1,250.5", "dollars",
    ]  # fmt: skip


def test_the_joined_reading_keeps_hyphens_and_edge_apostrophes_in_words() -> None:
    text = "check-in w/ the lees' crew, 3-4pm - 1,200"
    assert _words(text, "joined") == [
        "check-in", "w", "/", "the", "lees'", "crew", ",", "3-4pm", "-", "1", ",", "200",
    ]  # fmt: skip


def test_a_number_stops_where_its_groups_stop() -> None:
    words = _words("1,0001 and 2,000.5x and 7,500.", "fine")
    assert words == ["1", ",", "0001", "and", "2,000", ".", "5x", "and", "7,500", "."]


def test_both_readers_use_the_scanner() -> None:
    text = "move the stand-up to 9:15, thanks!"
    assert Words.of(text).toks == scan(text, "fine")
    assert tokens(text) == scan(text, "joined")


def test_tokens_point_back_at_the_text_as_typed() -> None:
    text = "Ping  ANA’s team"
    assert [(t.word, text[t.start : t.end]) for t in scan(text, "fine")] == [
        ("ping", "Ping"), ("ana's", "ANA’s"), ("team", "team"),
    ]  # fmt: skip


def test_the_tagged_reading_keeps_addresses_and_inner_joins_and_splits_possessives() -> None:
    text = "ask Bo.Ng+x@kite-air.co.uk re jack's 3:30pm e-mail, don't (o'neil's)"
    assert [text[t.start : t.end] for t in scan(text, "tagged")] == [
        "ask", "Bo.Ng+x@kite-air.co.uk", "re", "jack", "'s", "3:30pm", "e-mail", ",", "don't",
        "(", "o'neil", "'s", ")",
    ]  # fmt: skip


def test_the_tagged_reading_reads_no_address_without_a_dotted_domain() -> None:
    assert [t.word for t in scan("me@home. x@y..z", "tagged")] == ["me", "@", "home", ".", "x", "@", "y", ".", ".", "z"]
