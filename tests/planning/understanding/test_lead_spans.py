"""Stretches after lead words (topic, purpose, subject, "let … know"): the words are cue files, the order is code."""

from planning.understanding import phrases


def test_a_topic_runs_from_its_lead_to_a_day_or_a_mark() -> None:
    assert phrases.about_text("ping the vendors regarding the freight invoices tomorrow at 9") == "the freight invoices"
    assert phrases.about_text("note concerning the q2 forecast, then file it") == "the q2 forecast"
    assert phrases.about_text("with regards to  the hiring plan") == "the hiring plan"
    assert phrases.about_text("a thread about") is None


def test_a_lead_inside_a_word_is_no_lead() -> None:
    assert phrases.about_text("read the aboutness memo") is None
    assert phrases.about_text("prepare the report") is None


def test_a_purpose_follows_a_link_and_a_verb() -> None:
    text = "set 30 min with kai to run through the pricing sheet on friday"
    span = phrases.topic_span(text)
    assert span is not None and text[span[0] : span[1]] == "the pricing sheet"
    ended = "book an hour and prep for"
    span = phrases.topic_span(ended)
    assert span is not None and ended[span[0] : span[1]] == "for"  # "prep for" leaves nothing: "prep", then "for"


def test_a_subject_after_a_colon_keeps_its_case() -> None:
    assert phrases.subject_text("mail ops, subject line: Q3 freight saying rates went up") == "Q3 freight"
    assert phrases.subject_text("mail ops with the subject freight rates") == "Freight rates"
    assert phrases.subject_text("mail ops re: the Freight memo") == "Freight memo"  # the colon is the lead's own


def test_let_know_starts_the_text_after_know_and_that() -> None:
    text = "let the ops crew know that the dock is closed"
    assert text[phrases.message_start(text) or 0 :] == "the dock is closed"
    assert phrases.message_start("let me know when the dock opens") is None
    far = "let " + "x" * 70 + " know it's closed"
    assert phrases.message_start(far) is None


def test_the_text_to_send_follows_a_lead_to_the_end_of_the_message() -> None:
    assert phrases.body_text("mail the landlord telling him that the heater is out") == "The heater is out"
    assert phrases.body_text("ping dev ops, say the build is green") == "The build is green"
    assert phrases.body_text("ping dev ops with a brief note: build is green") == "Build is green"
    assert phrases.body_text("ping dev ops adding : build is green") == "Build is green"


def test_say_alone_opens_a_text_only_after_a_comma_or_and() -> None:
    assert phrases.body_text("what did the landlord say in his mail") is None
    assert phrases.body_text("ping dev ops and say the build is green") == "The build is green"


def test_a_text_on_several_lines_is_not_read_after_its_lead() -> None:
    assert phrases.body_text("mail kai saying hi\nthen file it") is None
