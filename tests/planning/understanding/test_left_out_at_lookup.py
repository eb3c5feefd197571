"""At the question after a lookup found nobody, a reply whose every clause leaves that person out skips the lookup:
by the name looked up, or by a word pointing at them; a reply naming someone else is no such skip."""

import pytest

from planning.understanding.commands import Context, Decide, read_reply

NOBODY = Context(question="recover", open_plan=True, people=("ines", "ines.okafor@example.com"), sought="wendell")


@pytest.mark.parametrize(
    "said",
    [
        "skip wendell, he's not in the crm yet",
        "ok just leave that one off",
        "drop wendell from it",
        "leave them off pls",
    ],
)
def test_leaving_the_person_not_found_out_goes_on_without_them(said: str) -> None:
    assert read_reply(said, NOBODY) == (Decide("skip"),)


@pytest.mark.parametrize(
    "said", ["skip ines", "wendell park", "leave ines off and add wendell", "skip wendell and add ines"]
)
def test_a_reply_naming_someone_else_or_giving_words_is_no_skip_of_the_lookup(said: str) -> None:
    assert read_reply(said, NOBODY) != (Decide("skip"),)
