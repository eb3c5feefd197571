"""At an approval card, a cancel that names one step ("cancel the call", "don't send this one, …") carries that step;
a cancel of the plan ("cancel", "stop, cancel it") names none."""

import pytest

from planning.understanding.commands import SHOWN, Context, Decide, read_reply

AT_CARD = Context(question="approval", open_plan=True, doing="send_email")


def _cancel(text: str) -> Decide:
    [command] = read_reply(text, AT_CARD)
    assert isinstance(command, Decide) and command.action == "cancel", command
    return command


@pytest.mark.parametrize(("text", "target"), [("cancel the call", "event"), ("cancel the task, i did it", "task")])
def test_a_cancel_naming_a_kind_of_step_carries_it(text: str, target: str) -> None:
    assert _cancel(text).target == target


def test_a_cancel_pointing_at_the_card_carries_the_card() -> None:
    assert _cancel("don't send this one, he already heard").target == SHOWN


@pytest.mark.parametrize("text", ["cancel", "cancel it, not needed anymore", "scratch that"])
def test_a_cancel_of_the_plan_names_no_step(text: str) -> None:
    assert _cancel(text).target is None


def test_where_a_value_is_asked_a_cancel_stays_the_plans() -> None:
    asked = Context(question="value", open_plan=True, name="startTime", value_kind="time")
    [command] = read_reply("cancel the call", asked)
    assert isinstance(command, Decide) and command.target is None
