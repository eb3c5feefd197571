import pytest
from pydantic import ValidationError

from planning.types import Goal, MetaGoal

SEND = Goal(intent="send", entity="email")
FIND = Goal(intent="find", entity="email")


def test_dependencies_must_form_a_dag():
    with pytest.raises(ValidationError, match="cycle"):
        MetaGoal(meta_type="dependent_multi", goals=(SEND, FIND), dependencies={0: (1,), 1: (0,)})


def test_dependency_on_missing_goal_is_rejected():
    with pytest.raises(ValidationError, match="does not exist"):
        MetaGoal(meta_type="dependent_multi", goals=(SEND, FIND), dependencies={1: (5,)})


def test_meta_type_must_fit_the_goals():
    with pytest.raises(ValidationError, match="expected 'independent_multi'"):
        MetaGoal(meta_type="single", goals=(SEND, FIND))
    assert MetaGoal(meta_type="dependent_multi", goals=(FIND, SEND), dependencies={1: (0,)}).has_dependencies


def test_goals_are_frozen():
    with pytest.raises(ValidationError):
        SEND.intent = "find"  # type: ignore[misc]


def test_closed_label_sets_are_enforced():
    with pytest.raises(ValidationError):
        Goal(intent="dance", entity="email")  # type: ignore[arg-type]
