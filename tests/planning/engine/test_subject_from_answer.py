"""An email whose request said neither its subject nor its text asks what it should say, once: the subject is made
from that answer (shown on the card, correctable there), not asked as a second question."""

from tests.planning.engine.conftest import approval, question, said


async def test_the_text_is_asked_first_and_the_subject_made_from_it(harness):
    replies = await harness.say("write priya an email")
    assert "text of the email" in question(replies).text
    ask = approval(await harness.say("the venue contract. legal signed it this morning, we are good to book"))
    assert ask.arguments["subject"].lower().startswith("venue contract")
    assert "legal signed it" in ask.arguments["body"]


async def test_the_made_subject_stays_correctable_at_the_card(harness):
    await harness.say("write priya an email")
    await harness.say("Catering for the offsite is confirmed for forty people and lunch starts at noon")
    replies = await harness.say('change the subject to "Offsite lunch"')
    assert "Changed the subject" in said(replies)
    assert approval(replies).arguments["subject"] == "Offsite lunch"
