"""An approval that says it covers every card of the plan ("yes to both", "fine, send all three") is marked as
covering; a plain yes, and words that approve with "all" in them ("all right"), approve one card."""

import pytest

from planning.understanding.commands import Context, Decide, read_reply

AT_CARD = Context(question="approval", open_plan=True, doing="send_email")


def _approval(text: str, context: Context = AT_CARD) -> Decide:
    commands = read_reply(text, context)
    assert len(commands) == 1 and isinstance(commands[0], Decide), commands
    assert commands[0].action == "approve", commands
    return commands[0]


@pytest.mark.parametrize(
    "text",
    [
        "yes to both please",
        "fine, send both",
        "looks right, go ahead with everything",
        "ok approve all",
        "both are good",
        "sure, send all three",
        "great, do them all",
    ],
)
def test_an_approval_said_for_every_card_covers_them(text: str) -> None:
    assert _approval(text).covering


@pytest.mark.parametrize("text", ["yes", "all right", "all good", "looks good, send it", "sure thing"])
def test_an_approval_of_the_card_shown_covers_only_it(text: str) -> None:
    assert not _approval(text).covering


def test_covering_words_where_no_card_is_shown_make_no_approval() -> None:
    asked = Context(question="value", open_plan=True, name="body", value_kind="text")
    commands = read_reply("thanks to both of you for the quick turnaround", asked)
    assert not any(isinstance(c, Decide) and c.covering for c in commands)
