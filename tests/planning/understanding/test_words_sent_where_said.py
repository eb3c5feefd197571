"""The words to send are found where the request says them, whatever the verb or the people: between quotes, or
after "let … know" even when a "that" of their own follows (issue 23)."""

from planning.understanding.quoted_words import quoted_span, quoted_words
from planning.understanding.said_body import dash_body
from tests.planning.conftest import args, goals, run


def test_quoted_words_are_the_words_to_send():
    forward = args(run('fwd the catering quote to bea with "can you check this by monday"'), "forward_email")
    assert forward["body"] == "Can you check this by monday"
    mail = args(run("email hugo and ines w/ 'welcome aboard, see you at orientation'"), "send_email")
    assert mail["body"] == "Welcome aboard, see you at orientation"


def test_an_apostrophe_opens_or_closes_no_quote():
    assert quoted_span("reply to kofi's mail, we don't need it") is None
    assert quoted_span("send 'ok' to ana") is None  # one word: no passage
    assert quoted_words("ping lee \u201cdoors open at six\u201d pls") == "Doors open at six"
    assert quoted_words("tell rami 'the van's here' now") == "The van's here"


def test_the_words_told_begin_before_a_that_of_their_own():
    mail = args(run("skip the design sync thurs and let omar know i'm stuck at the dentist that morning"), "send_email")
    assert mail["body"] == "I'm stuck at the dentist that morning"
    mail = args(run("let ruth know the van was late that evening"), "send_email")
    assert mail["body"] == "The van was late that evening"


def test_a_spaced_dash_ends_the_request_and_begins_the_words():
    reply = args(run("reply to anwar's budget mail - finance approved it this morning"), "reply_email")
    assert reply["body"] == "Finance approved it this morning"
    draft = args(
        run("draft a reply to ruth's hiring question, dont send - we can open 3 roles in april"), "create_draft"
    )
    assert draft["body"] == "We can open 3 roles in april"


def test_a_dash_between_days_or_hours_is_a_range_not_words_to_send():
    assert dash_body("email the crew about the mon - wed trip") is None
    assert dash_body("email the crew the plan for 2 - 4pm") is None
    assert dash_body("reply to lea - sounds good") == "Sounds good"


def test_people_named_in_the_words_after_a_colon_or_dash_are_text_not_recipients():
    """User test s12 (group A, harmful): "email X my notes on Y: … <another person> …" wrote to that person too, and
    kept only the words after the last name. The words after the colon are the text, whole, and name no recipient."""
    line = run("send maya my notes on the venue shortlist: hall b is too small, daniel liked the rooftop")
    assert args(line, "send_email")["body"] == "Hall b is too small, daniel liked the rooftop"
    assert line["parse"]["goals"][0]["slots"]["people"] == ["maya"]
    line = run("email kevin my thoughts re the offsite - keep it to 2 days, maria agrees")
    assert args(line, "send_email")["body"] == "Keep it to 2 days, maria agrees"
    assert line["parse"]["goals"][0]["slots"]["people"] == ["kevin"]


def test_the_words_after_a_dash_or_a_topics_colon_are_sent_whole_until_a_request_of_their_own():
    """A clause of the text that starts with a verb ("start the demo without me") was cut off as a request of its own
    and dropped (session 12); a sentence led by "also" after the text is still a request."""
    assert args(run("email nina - running late, start the demo without me"), "send_email")["body"] == (
        "Running late, start the demo without me"
    )
    mail = args(run("send carlos my notes on the deck: slide 3 is off, check with maya before friday"), "send_email")
    assert mail["body"] == "Slide 3 is off, check with maya before friday"
    line = run("email nina - running late. also book lunch w carlos fri at 1")
    assert goals(line) == [("send", "email"), ("create", "event")]
    assert args(line, "send_email")["body"] == "Running late"


def test_a_request_on_a_line_of_its_own_after_the_words_to_send_is_its_own() -> None:
    line = run("email nina the agenda for fri: intros, demo, q&a\nalso put 15 min of prep on my cal fri at 9:45")
    assert goals(line) == [("send", "email"), ("create", "event")]
    assert args(line, "send_email")["body"] == "Intros, demo, q&a"
