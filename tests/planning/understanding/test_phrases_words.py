"""What a person is told, and where a topic ends, read with cue lists (issue 23): the words are data files, and a
request typed with curly apostrophes reads as one typed with straight ones."""

from planning.understanding import phrases


def test_a_statement_with_a_curly_contraction_is_what_the_person_is_told() -> None:
    assert phrases.told_text("tell Tom it’ll be late", ["Tom"]) == "It’ll be late"
    assert phrases.told_text("tell Tom it'll be late", ["Tom"]) == "It'll be late"


def test_the_people_told_and_know_that_are_not_in_the_message() -> None:
    said = phrases.told_text("let Sarah, Tom & him know that the invoice went out", ["Sarah", "Tom"])
    assert said == "The invoice went out"
    assert phrases.told_text("let me know the weather", []) is None


def test_people_named_after_a_topic_are_not_in_it() -> None:
    text = "email Sam re the budget, cc Tom and about the launch with Priya"
    start, end = phrases.about_span(text) or (0, 0)
    assert text[start:end] == "the budget"
    text = "email Sam about the launch with Priya tomorrow"
    start, end = phrases.about_span(text) or (0, 0)
    assert text[start:end] == "the launch"


def test_a_leading_article_goes_only_before_a_space() -> None:
    assert phrases.capitalise("the sales report") == "Sales report"
    assert phrases.capitalise("A/B test results") == "A/B test results"
