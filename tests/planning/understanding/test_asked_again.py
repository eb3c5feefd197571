"""A clause that names nothing and says nothing of its own after a request only asks the same again: no second goal
(issue 23); one that says something of its own ("anything from ana") stays a request of its own."""

from tests.planning.conftest import goals, run, steps


def test_a_clause_saying_nothing_new_is_no_second_request():
    line = run("looking for a free 90 min slot mon or tues, what've i got")
    assert goals(line) == [("find", "availability")]
    assert len(steps(line, "find_free_slots")) == 1


def test_a_clause_of_the_same_kind_with_words_of_its_own_stays():
    assert goals(run("any mail from priya today? anything from ana")) == [("find", "email"), ("find", "email")]
