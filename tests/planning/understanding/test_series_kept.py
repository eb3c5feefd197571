"""A repeating event's series words said as what stays ("…, keep the rest of the series", "the series can stay") or
beside words that limit the change to one occurrence ("just for this week") are no change of the whole series
(z09/zb19): before, any "series" in the message cancelled every occurrence from now on."""

import pytest

from planning.understanding.existing import for_the_series


@pytest.mark.parametrize(
    "text",
    [
        "drop the 1:1 on friday, the rest of the series can stay",
        "skip today's standup only, don't touch the series",
        "push the team sync on the 18th to 11 but leave the series as it is",
        "cancel tomorrow's design review, only that one - the series stays",
        "move the standup an hour later just for today, i'm keeping the series",
    ],
)
def test_series_words_said_as_kept_or_beside_one_occurrence_change_one(text: str) -> None:
    assert not for_the_series(text)


@pytest.mark.parametrize(
    "text",
    [
        "cancel the design review series",
        "kill the 1:1s going forward, not just this week's",
        "move every future standup to 9:45",
        "the whole series of team syncs can go, cancel them",
    ],
)
def test_series_words_that_change_the_series_still_do(text: str) -> None:
    assert for_the_series(text)
