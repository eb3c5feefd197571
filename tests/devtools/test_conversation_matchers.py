"""The workspace checks of held-out conversations (devtools.conversations.matches): strings compare
case-insensitively, a prefix too ("re" for "Re: …"), and times as instants."""

from devtools.conversations import matches


def test_a_prefix_matches_whatever_its_case():
    assert matches("Re: Pricing question", {"prefix": "re"})
    assert not matches("Fwd: Pricing question", {"prefix": "re"})


def test_times_compare_as_instants_and_words_by_case():
    assert matches("2026-03-10T14:00:00-04:00", "2026-03-10T18:00:00+00:00")
    assert matches("Team Sync", "team sync") and not matches("Team sync", "standup")
