"""At a CRM record's card, a change said of one of the record's fields is a correction of that field: the person a
task is given to ("assign it to sarah": its owner), a field named before its value with no verb ("due thursday pls",
where the task has no due date yet), a day said as the end of a period ("close date end of april"), and a part of an
address typed again ("acme.com not .co")."""

import pytest

from planning.understanding.commands import OWNER, REQUESTER, Context, Correct, Decide, read_reply

_TASK = Context(
    question="approval",
    open_plan=True,
    doing="create_entity",
    correctable=("text",),
    record_fields=("subject", "dueDate", "status", "owner"),
    shown=(("subject", "Send the renewal quote to Hooli"),),
)
_DEAL = Context(
    question="approval",
    open_plan=True,
    doing="update_entity",
    correctable=("text",),
    record_fields=("name", "company", "amount", "stage", "closeDate", "owner"),
    shown=(("amount", "90000"), ("closeDate", "2026-03-20")),
)
_CONTACT = Context(
    question="approval",
    open_plan=True,
    doing="create_entity",
    correctable=("text",),
    record_fields=("name", "email", "phone", "company", "title", "owner"),
    shown=(("name", "Mei Tanaka"), ("email", "mei.tanaka@hooli.co"), ("phone", "212 555 0140")),
)


@pytest.mark.parametrize(
    ("said", "who", "replaced"),
    [
        ("hmm, hand it off to priya shah instead", "priya shah", None),
        ("assign to tom, he knows them", "tom", None),
        ("tom should own it", "tom", None),
        ("make priya the owner pls", "priya", None),
        ("no, it's for maria not me", "maria", REQUESTER),
        ("wait put it on me", REQUESTER, None),
    ],
)
def test_a_person_the_record_is_given_to_is_its_owner(said: str, who: str, replaced: str | None) -> None:
    assert read_reply(said, _TASK) == (Correct(who, field=OWNER, replaces=replaced),)


def test_words_of_the_owners_shape_with_no_person_are_no_owner() -> None:
    [command] = read_reply("put it on hold for now", _TASK)
    assert not (isinstance(command, Correct) and command.field == OWNER)


def test_a_record_without_an_owner_takes_no_owner() -> None:
    without = Context(question="approval", open_plan=True, doing="create_entity", record_fields=("subject",))
    [command] = read_reply("assign it to tom", without)
    assert not (isinstance(command, Correct) and command.field == OWNER)


def test_a_field_named_before_its_value_without_a_verb_is_that_field_of_the_record() -> None:
    assert read_reply("due next wednesday please", _TASK) == (Correct("next wednesday", field="dueDate"),)


def test_the_end_of_a_period_after_a_dates_name_is_that_date() -> None:
    assert read_reply("ah it closes end of next month", _DEAL) == (Correct("end of next month", field="closeDate"),)


def test_a_part_of_the_address_shown_typed_again_replaces_that_part() -> None:
    assert read_reply("oops it's hooli.com not .co", _CONTACT) == (Correct("mei.tanaka@hooli.com", field="email"),)


def test_a_part_of_the_phone_shown_typed_again_keeps_its_area_code() -> None:
    assert read_reply("sorry 555 0141 not 555 0140", _CONTACT) == (Correct("212 555 0141", field="phone"),)


def test_words_quoted_then_quoted_again_after_a_swap_verb_replace_them_in_the_text_shown() -> None:
    assert read_reply('ok replace "renewal quote" with "revised pricing"', _TASK) == (
        Correct("Send the revised pricing to Hooli", field="subject", replaces="renewal quote"),
    )


def test_two_quoted_passages_with_no_swap_verb_before_them_are_no_swap() -> None:
    [command] = read_reply("call it 'renewal quote' or 'revised pricing'", _TASK)
    assert not (isinstance(command, Correct) and command.replaces == "renewal quote")


_LEAD = Context(
    question="approval",
    open_plan=True,
    doing="create_entity",
    correctable=("text",),
    record_fields=("name", "email", "phone", "company", "status", "owner"),
    shown=(("name", "Ana Ruiz"), ("email", "ana@umbrella.io")),
)


def test_a_field_of_the_record_stated_with_a_link_is_that_field() -> None:
    assert read_reply("her title's Head of Growth now", _CONTACT) == (Correct("Head of Growth", field="title"),)


def test_fields_stated_in_clauses_beside_a_reason_are_each_changed() -> None:
    assert read_reply("company should be umbrella corp and mark her qualified, we spoke tue", _LEAD) == (
        Correct("umbrella corp", field="company"),
        Correct("qualified", field="status"),
    )


def test_a_field_named_with_no_link_word_is_no_statement() -> None:
    [command] = read_reply("company umbrella", _LEAD)
    assert not (isinstance(command, Correct) and command.field == "company")


def test_values_listed_at_a_records_card_each_go_to_the_one_field_of_their_kind() -> None:
    unshown = Context(
        question="approval",
        open_plan=True,
        doing="create_entity",
        correctable=("text",),
        record_fields=("name", "company", "amount", "stage", "closeDate", "owner"),
        shown=(("name", "Umbrella deal"), ("company", "Umbrella")),
    )
    assert read_reply("35k, qualification for now, closing end of june", unshown) == (
        Correct("35k", field="amount"),
        Correct("qualification", field="stage"),
        Correct("end of june", field="closeDate"),
    )


def test_a_clause_that_approves_beside_a_change_still_approves() -> None:
    [change, decision] = read_reply("due next friday, and do it", _TASK)
    assert change == Correct("next friday", field="dueDate")
    assert isinstance(decision, Decide) and decision.action == "approve"
