"""The change the last plan made, made to another of the records its lookup was picked among: named after a word of
change, with an undo first when a clause says one (the learned reply acts); a name said in a reason is no change."""

from planning.understanding.commands import Context, RecordChange, Undo, read_reply
from planning.understanding.commands.context import PickMade

_JOHNS = (
    {"id": "c1", "name": "John Smith", "title": "Sales Director", "email": "john.smith@example.com"},
    {"id": "c2", "name": "John Park", "title": "Procurement Lead", "email": "john.park@globex.com"},
)
_AFTER_PARK = Context(
    left=frozenset({"record", "changes"}), shown=(("phone", "917 555 0123"),), picked=(PickMade(_JOHNS, 1),)
)


def test_the_other_one_named_after_a_word_of_change_gets_the_fields_written() -> None:
    assert read_reply("update smith too", _AFTER_PARK) == (RecordChange("phone", "917 555 0123", option=0),)


def test_an_undo_said_beside_it_comes_first() -> None:
    said = "oops, wrong john. revert park's and change smith instead"
    assert read_reply(said, _AFTER_PARK) == (Undo(), RecordChange("phone", "917 555 0123", option=0))


def test_the_one_picked_or_a_name_in_a_reason_is_no_change_of_another() -> None:
    assert not any(isinstance(c, RecordChange) and c.option is not None for c in read_reply("update park", _AFTER_PARK))
    said = "smith changed his number last month too"
    assert not any(isinstance(c, RecordChange) and c.option is not None for c in read_reply(said, _AFTER_PARK))
