"""The kind of event a correction opens with takes the place of the title's (planning/understanding/kind_said.py)."""

from planning.understanding.kind_said import kind_in_its_place


def test_the_kind_said_first_replaces_the_titles_kind():
    assert kind_in_its_place("Breakfast with Dana", "let's grab drinks thursday at 6 instead") is None  # no kind
    assert kind_in_its_place("Breakfast with Dana", "let's do dinner thursday at 6") == "Dinner with Dana"
    assert kind_in_its_place("Team lunch", "make it a call") == "Team call"


def test_a_kind_named_later_or_the_same_kind_changes_nothing():
    assert kind_in_its_place("Lunch with Omar", "right after the standup") is None
    assert kind_in_its_place("Lunch with Omar", "lunch at 1 then") is None
    assert kind_in_its_place("Omar and Dana", "do coffee at 9") is None  # the title has no kind to replace
