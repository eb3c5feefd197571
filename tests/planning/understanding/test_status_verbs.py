"""A verb that says a lead's status ("qualify the X lead", "disqualify X") changes it (user test s12, c56: the lead
was only shown). Words in data/cues/lead_statuses.txt and intent_update_verbs.txt."""

from planning.understanding.commands import Context, RecordChange, read_reply
from tests.planning.conftest import args, goals, run


def test_qualify_a_lead_sets_it_qualified() -> None:
    line = run("qualify the rosa diaz lead, good call this morning")
    assert goals(line) == [("update", "lead")]
    assert args(line, "update_entity")["fields"] == {"status": "qualified"}


def test_disqualify_sets_it_unqualified() -> None:
    line = run("pls disqualify the ben okafor lead, no budget")
    assert args(line, "update_entity")["fields"] == {"status": "unqualified"}


def test_qualify_her_after_a_lead_was_made_sets_its_status() -> None:
    """User test s13 c23: "qualify her" right after a lead was created was not understood."""
    after_record = Context(left=frozenset({"record"}))
    assert read_reply("qualify her", after_record) == (RecordChange("status", "qualified"),)
    assert read_reply("pls disqualify him", after_record) == (RecordChange("status", "unqualified"),)


def test_a_comment_beside_a_change_is_left_out_not_queued_as_a_request() -> None:
    """User test s13 (c23, after the fix): "qualify her, great call today" queued "great call today" to start after
    the plan, then answered it with "I didn't understand"."""
    after_record = Context(left=frozenset({"record"}))
    assert read_reply("disqualify him, quick call today", after_record) == (RecordChange("status", "unqualified"),)
    assert read_reply("qualify her, great meeting today", after_record) == (RecordChange("status", "qualified"),)
