"""Asides left out of a reply only where they mislead its reading (planning.understanding.commands.asides): a fact
that is itself a change of the record just made is no aside."""

from planning.understanding.commands import Context, RecordChange, read_reply

AFTER_RECORD = Context(left=frozenset({"record"}))


def test_a_status_said_as_a_fact_beside_a_reason_and_a_phone_changes_both() -> None:
    said = "oh and she's already qualified, i spoke with her tues. her mobile is 212 555 0143"
    assert read_reply(said, AFTER_RECORD) == (RecordChange("status", "qualified", also=(("phone", "212 555 0143"),)),)
