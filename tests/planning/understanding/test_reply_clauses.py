"""A reply at an open plan read into every command it holds (issue 24): several clauses each read alone, people added
or taken off by the name spans, and a change of mind read as a cancel — not a reply of one command, or none."""

import pytest

from planning.understanding.commands import Answer, CannotHandle, Context, Correct, Decide, NewRequest, read_reply

CARD = Context(question="approval", open_plan=True, correctable=("datetime", "duration"))
NUMBERS = Context(question="approval", open_plan=True, correctable=("number",))
TIME_ASKED = Context(question="value", name="startTime", value_kind="datetime", open_plan=True)
TEXT_ASKED = Context(question="value", name="body", value_kind="text", open_plan=True)
APPROVE = Decide("approve")


def test_a_time_and_someone_pulled_in():
    assert read_reply("sorry, push it to 1:30 and bring Omar along", CARD) == (
        Correct("1:30"),
        Correct("Omar", people=True, adding=True),
    )


def test_a_change_then_the_approval_or_the_approval_then_a_change():
    assert read_reply("go with 45 minutes and book it", CARD) == (Correct("45 minutes"), APPROVE)
    assert read_reply("looks right, but do it at 2:15", CARD) == (Correct("2:15"), APPROVE)


def test_three_clauses_the_approval_last():
    said = read_reply("make it 90 minutes, also cc kevin, then send it", CARD)
    assert said == (Correct("90 minutes"), Correct("kevin", field="cc", people=True, adding=True), APPROVE)


def test_a_value_alone_after_a_first_change():
    assert read_reply("make it 4, 20 minutes", CARD) == (Correct("4"), Correct("20 minutes"))


def test_a_subject_then_the_approval():
    said = read_reply("change the subject to renewal timeline and then send", CARD)
    assert said == (Correct("renewal timeline", field="subject"), APPROVE)


def test_people_named_in_a_list_are_not_cut_apart():
    assert read_reply("send it to Omar and Dana instead", CARD) == (Correct("Omar and Dana", people=True),)
    assert read_reply("loop in Omar and Dana", CARD) == (Correct("Omar, Dana", people=True, adding=True),)


def test_people_taken_off():
    assert read_reply("take dana out of the invite", CARD) == (Correct("dana", people=True, removing=True),)
    assert read_reply("don't invite Omar after all", CARD) == (Correct("Omar", people=True, removing=True),)


@pytest.mark.parametrize(
    "words",
    ["nvm, don't send it", "on second thought let's not", "please don't book that yet", "hold off on it for now"],
)
def test_a_change_of_mind_cancels(words):
    assert read_reply(words, CARD) == (Decide("cancel"),)


def test_a_change_of_mind_as_the_last_sentence_cancels():
    assert read_reply("hmm, legal has not seen it. don't send it yet", CARD) == (Decide("cancel"),)


def test_a_negation_about_something_else_is_no_cancel():
    assert read_reply("don't forget the deck", CARD) == (CannotHandle("not an answer to the approval"),)
    assert read_reply("don't forget the deck", TEXT_ASKED) == (Answer("don't forget the deck"),)


def test_one_approval_in_several_words_stays_one():
    assert read_reply("looks right, go ahead", CARD) == (APPROVE,)


def test_a_time_answered_with_someone_added():
    said = read_reply("2:30, and loop in dana too", TIME_ASKED)
    assert said == (Answer("2:30"), Correct("dana", people=True, adding=True))


def test_a_reply_of_clauses_that_are_not_all_commands_is_not_cut():
    said = read_reply("make it 11 and ask the whole floor along", CARD)
    assert said == (CannotHandle("not an answer to the approval"),)


def test_a_change_of_mind_then_a_request_of_its_own():
    said = read_reply("no wait, don't delete it - move it to friday the 13th instead", CARD)
    assert said == (Decide("cancel"), NewRequest("move it to friday the 13th instead"))
    assert read_reply("scratch that, email omar instead", CARD) == (Decide("cancel"), NewRequest("email omar instead"))


def test_a_change_of_mind_with_a_reason():
    assert read_reply("don't send it, tom is out", CARD) == (Decide("cancel"),)


def test_a_correction_before_its_reason_and_after_a_joining_word():
    assert read_reply("actually change it to 31k, they cut the scope", NUMBERS) == (Correct("31k"),)
    assert read_reply("and make it 90 minutes while you're at it", CARD) == (Correct("90 minutes"),)


def test_an_hour_said_with_a_zone():
    assert read_reply("actually make it 3 denver time, omar is there", CARD) == (Correct("3 denver time"),)


def test_people_in_lower_case_the_name_spans_miss():
    said = read_reply("sorry, push it to 10:15 and bring laura along", CARD)
    assert said == (Correct("10:15"), Correct("laura", people=True, adding=True))


def test_a_clause_that_holds_a_time_is_no_value_alone():
    said = read_reply("actually make it 1 chicago time, he's flying in that morning", CARD)
    assert said == (Correct("1 chicago time"),)


def test_a_value_with_a_clause_not_understood_is_not_taken_for_the_value():
    assert read_reply("make it 10:15 and ask the whole floor", CARD) == (CannotHandle("not an answer to the approval"),)


def test_a_skip_said_after_its_reason_where_a_person_is_asked():
    recover = Context(question="recover", open_plan=True)
    assert read_reply("not sure who that is, just leave him out", recover) == (Decide("skip"),)
    assert read_reply("never heard of her - skip her", recover) == (Decide("skip"),)
