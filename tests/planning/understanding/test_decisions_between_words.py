"""A decision between words that only lead or trail it ("hmm hold off actually, don't send. …", "ok skip that for
now") is that decision; a person corrected at a card is who is named before a dash, the reason after it ("send it to
john smith instead - he owns globex") is never part of the name."""

from planning.understanding.commands import Correct, Decide
from planning.understanding.commands.context import Context
from planning.understanding.commands.reader import read_reply

AT_MAIL = Context(question="approval", doing="send_email", open_plan=True)
AT_FORWARD = Context(question="approval", doing="forward_email", open_plan=True, people=("John Park",))


def test_a_decision_between_leading_and_trailing_words_is_read() -> None:
    assert read_reply("hmm hold off actually, don't send. i want sarah to look at it first", AT_MAIL) == (
        Decide("cancel"),
    )
    [skipped] = read_reply("ok skip that one for now", AT_MAIL)
    assert isinstance(skipped, Decide) and skipped.action == "skip"
    assert read_reply("hmm", AT_MAIL)[0].kind == "cannot_handle"


def test_the_person_is_named_before_a_dash_and_the_reason_after_it() -> None:
    [said] = read_reply("actually no, send it to sarah lee instead - she owns the account, better from her", AT_FORWARD)
    assert isinstance(said, Correct) and said.value == "sarah lee" and said.people
    [added] = read_reply("send it to tom as well - he asked for it", AT_FORWARD)
    assert isinstance(added, Correct) and (added.value, added.adding) == ("tom", True)
