"""A change said at a record's card with its value after a comma ("add her email as well, x@y.com") is one change:
the field the value's form names, as when said in one clause ("her email is x@y.com")."""

import pytest

from planning.understanding.commands._typed_fields import typed_changes
from planning.understanding.commands._words import Reply


@pytest.mark.parametrize(
    "text",
    [
        "oh add his email as well, ravi.k@hooli.com",
        "wait, include her email too, ravi.k@hooli.com",
        "and his email too - ravi.k@hooli.com",
    ],
)
def test_a_value_after_the_change_it_belongs_to_is_that_field(text: str):
    [change] = typed_changes(Reply.of(text))
    assert (change.field, change.value) == ("email", "ravi.k@hooli.com")


def test_two_changes_each_with_its_value_stay_two():
    changes = typed_changes(Reply.of("his email is ravi.k@hooli.com, and mark him contacted"))
    assert [(c.field, c.value) for c in changes] == [("email", "ravi.k@hooli.com"), ("status", "contacted")]


def test_a_change_with_no_value_anywhere_is_none():
    assert typed_changes(Reply.of("add her email too, thanks")) == ()
