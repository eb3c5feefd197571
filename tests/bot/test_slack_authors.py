"""The words of a message that name its author, read as the author meant them when someone else plans from it."""

from bot.slack.authors import as_the_author_meant


def test_me_in_someone_elses_message_is_its_author() -> None:
    text = "send me the pricing sheet, Me first"
    assert as_the_author_meant(text, author="U0DANA", runner="U0SAM") == (
        "send <@U0DANA> the pricing sheet, <@U0DANA> first"
    )


def test_the_runners_own_message_and_slack_markup_are_left_as_they_are() -> None:
    assert as_the_author_meant("email me", author="U0SAM", runner="U0SAM") == "email me"
    marked = "tell <@U0PRIYA|me> about <https://me.example|me> and mention medium"
    assert as_the_author_meant(marked, author="U0DANA", runner="U0SAM") == marked
    assert as_the_author_meant("email me", author=None, runner="U0SAM") == "email me"
    assert as_the_author_meant("email me", author="B0BOT", runner="U0SAM") == "email me"
