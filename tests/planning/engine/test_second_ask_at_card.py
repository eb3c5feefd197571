"""A reply at a card that decides and asks for a second thing about another record: the card is decided as it is,
and the second thing runs after it as a request of its own, on what it names (never written on the card's record)."""

from tests.planning.engine.conftest import approval


async def test_another_persons_new_number_said_with_the_approval_is_their_update_not_the_new_contacts(harness):
    card = approval(await harness.say("add a contact: lena okafor, lena.okafor@fabrikam.com, cto at fabrikam"))
    assert card.tool == "create_entity"
    replies = await harness.say("yep. btw priya shah got a new cell, 212 555 0148, please update her too")
    [created] = harness.connector.called("create_entity")
    assert "phone" not in created["fields"]
    update = approval(replies)
    assert update.tool == "update_entity"
    assert update.arguments["id"] == "c1" and "0148" in str(update.arguments["fields"]["phone"])


async def test_turned_down_with_another_kind_instead_changes_the_booking_and_its_title(harness):
    card = approval(await harness.say("book lunch with Priya friday at noon"))
    assert card.tool == "create_calendar_event"
    changed = approval(await harness.say("ugh no, scrap that, she's slammed friday. do coffee thursday at 9 instead"))
    assert changed.arguments["startTime"] == "2026-03-05T09:00:00-05:00"
    assert changed.arguments["title"].lower().startswith("coffee")
