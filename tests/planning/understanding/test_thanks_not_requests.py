"""A learned thanks after a plan ended never swallows a request."""

from planning.understanding.commands.context import Context
from planning.understanding.commands.new_request import NewRequest
from planning.understanding.commands.reader import read_reply


def test_a_request_after_a_plan_ended_is_never_taken_for_thanks() -> None:
    """After a plan ended thanks is the likeliest act of almost any reply; one that asks for an action (a goal cue of
    the understanding: "reply", "forward") is a request, never thanks."""
    ended = Context()
    [asked] = read_reply("reply and tell him procurement will sign off next week", ended)
    assert isinstance(asked, NewRequest)
    [thanked] = read_reply("cheers, much appreciated", ended)
    assert type(thanked).__name__ == "Thanks"
