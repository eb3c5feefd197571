"""Grounding in each person's own calendar and mailbox, over signed Slack HTTP: John connected the Dovecot mailbox
"planbot" and the Radicale calendar of "planbot", Maria the mailbox "priya" and the calendar of "ann" (the fixture of
test_two_people). John's calendar holds "Accounts receivable sync", Maria's "Quarterly business review": "the AR sync"
is John's event for John and nothing for Maria, "the QBR" the other way round; each one's mail senders are theirs."""

from integrations.base.principal import Principal
from tests.bot.accounts.test_identity import put_event
from tests.integrations.calendar.radicale import Radicale
from tests.slack.conftest import Bot
from tests.slack.kit.payloads import TEAM_ID
from tests.slack.test_scenarios import JOHN, MARIA
from tests.slack.test_two_people import Person, dm_thread, mail_servers, own_smtp, people, planbot_env, radicale

__all__ = ["mail_servers", "own_smtp", "people", "planbot_env", "radicale"]


async def test_each_persons_own_calendar_names_their_events_and_nobody_elses(
    people: tuple[Bot, Person, Person], radicale: Radicale
) -> None:
    bot, john, maria = people
    put_event(radicale, john.calendar, john.calendar_login, "Accounts receivable sync")
    put_event(radicale, maria.calendar, maria.calendar_login, "Quarterly business review")
    names = bot.service.app.names
    assert names is not None
    for who in (john, maria):  # the background listing, awaited here
        await names.refresh(Principal(TEAM_ID, who.user))

    johns = names.for_requester(Principal(TEAM_ID, JOHN))
    marias = names.for_requester(Principal(TEAM_ID, MARIA))
    assert johns is not None and marias is not None
    text = "after the AR sync and the QBR reply to tom"
    assert [m.name for m in johns.mentions(text)] == ["Accounts receivable sync", "Tom"]  # Tom: a sender of his mail
    assert [m.name for m in marias.mentions(text)] == ["Quarterly business review", "Tom"]

    mine = await dm_thread(bot, JOHN, "when is the AR sync?", until="Finished")
    assert "*Accounts receivable sync*" in mine and "Quarterly" not in mine
    hers = await dm_thread(bot, MARIA, "when is the AR sync?", until="No events")
    assert "Accounts receivable" not in hers
    hers = await dm_thread(bot, MARIA, "when is the QBR?", until="Finished")
    assert "*Quarterly business review*" in hers and "Accounts receivable" not in hers
    mine = await dm_thread(bot, JOHN, "when is the QBR?", until="what you meant")  # not his: asked what he means
    assert "Quarterly business" not in mine
