"""Another answer to an invitation said at the card that shows one (issue 24): the step's response is corrected; the
same answer again, or an answer word said in passing, changes nothing."""

from planning.understanding.commands import Context, Correct, Decide, read_reply


def at_card(doing: str) -> Context:
    return Context(question="approval", open_plan=True, doing=doing)


def test_another_answer_at_the_card_corrects_the_response() -> None:
    for typed, doing, answer in (
        ("hmm no, put me down as maybe, i may dial in", "declined", "tentative"),
        ("actually just accept it", "tentative", "accepted"),
        ("decline instead, something came up", "accepted", "declined"),
        ("tentative then", "accepted", "tentative"),
    ):
        assert read_reply(typed, at_card(doing)) == (Correct(answer, field="response"),), typed


def test_the_same_answer_again_or_a_card_of_another_kind_is_not_a_correction() -> None:
    assert read_reply("yes decline it", at_card("declined")) == (Decide("approve"),)
    [command] = read_reply("make it tentative instead", at_card("delete_calendar_event"))
    assert not (isinstance(command, Correct) and command.field == "response")
