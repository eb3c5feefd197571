"""A note keeps the words it was given (issue 24: a note is found later by its text): spoken numbers after the colon
stay words, as the text of an email does; the record it is on is still read."""

from tests.planning.conftest import args, goals, run


def test_a_note_after_a_colon_keeps_its_spoken_numbers():
    line = run("put a note on the initech account: peter wants three seats for phase one")
    assert goals(line) == [("create", "note")]
    fields = args(line, "create_entity")["fields"]
    assert fields["body"] == "Peter wants three seats for phase one"
    assert fields["about"]["entityType"] == "Account"
