"""Right after a CRM record was made or changed, the words that correct it at its card change the record made: a
value quoted after its field's name is what the quotes bound ("her title is 'Head of Ops' exactly"), a clause that
only asks for that change ("…, can you fix that") is carried by it and is no request of its own, words quoted as
replaced in a text written are replaced there, and a field named before its value loses the polite words after it."""

from planning.understanding.commands import Context, RecordChange, read_reply

_CONTACT = Context(
    left=frozenset({"record", "changes"}),
    shown=(("name", "Mei Tanaka"), ("title", "ops lead"), ("email", "mei.tanaka@hooli.com")),
)
_TASK = Context(
    left=frozenset({"record", "changes"}),
    shown=(("subject", "Send the renewal quote to Hooli"), ("dueDate", "2026-03-05")),
)


def test_a_quoted_value_after_its_fields_name_is_what_the_quotes_bound() -> None:
    assert read_reply("ah her title should be 'Head of Operations' really", _CONTACT) == (
        RecordChange("title", "Head of Operations"),
    )


def test_a_clause_that_only_asks_for_the_change_is_carried_by_it() -> None:
    assert read_reply("her title is 'Head of Operations', could you update that pls", _CONTACT) == (
        RecordChange("title", "Head of Operations"),
    )


def test_words_quoted_as_replaced_in_the_subject_written_are_replaced_there() -> None:
    assert read_reply("swap 'renewal quote' for 'revised pricing'", _TASK) == (
        RecordChange("subject", "Send the revised pricing to Hooli"),
    )


def test_a_due_date_named_then_polite_words_is_the_day_alone() -> None:
    assert read_reply("due monday pls", _TASK) == (RecordChange("dueDate", "monday"),)


def test_a_date_brought_in_or_put_back_is_the_records_date() -> None:
    assert read_reply("they're chasing - bring it forward to tue the 10th", _TASK) == (
        RecordChange("date", "tue the 10th"),
    )


def test_a_reason_after_a_dates_value_is_no_part_of_it() -> None:
    assert read_reply("hmm put the due date back to the 20th, legal needs more time", _TASK) == (
        RecordChange("dueDate", "the 20th"),
    )


def test_a_verb_that_says_the_state_is_that_state_beside_another_change() -> None:
    assert read_reply("not finished after all - reopen it and move the due date to monday", _TASK) == (
        RecordChange("status", "open", also=(("dueDate", "monday"),)),
    )
