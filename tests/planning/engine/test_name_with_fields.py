"""A new contact's name asked and answered with its title and a remark beside it: the card has the name with
capitals and the title said, and no remark anywhere."""

from tests.planning.engine.conftest import Harness, approval, question


async def test_a_name_answered_with_a_title_and_a_remark(harness: Harness) -> None:
    asked = question(await harness.say("add a contact for initech's new head of sales, ravi@initech.com"))
    assert "name" in asked.text.lower()
    card = approval(await harness.say("ravi menon - title vp sales, he starts monday"))
    fields = card.arguments["fields"]
    assert (fields["name"], fields["title"], fields["email"]) == ("Ravi Menon", "vp sales", "ravi@initech.com")
    assert "monday" not in str(card.arguments).lower()
