"""Two Slack users, two real accounts each, over signed HTTP: John has connected the Dovecot mailbox "planbot" and the
Radicale calendar of "planbot", Maria the mailbox "priya" and the calendar of "ann". Each one's requests read and
change their own mail and calendar only; Sarah, who connected nothing, is asked to connect and sees nobody's data."""

import json
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pydantic import SecretStr

from tests.bot.accounts.conftest import SECRET_KEY, own_smtp, planbot_env
from tests.bot.accounts.test_identity import put_event
from tests.bot.accounts.test_secrets_never_shown import approval_button
from tests.integrations.calendar.conftest import radicale
from tests.integrations.calendar.radicale import USERS as CALENDAR_USERS
from tests.integrations.calendar.radicale import Radicale
from tests.integrations.email.conftest import ACCOUNT, PRIYA, MailServers, mail_servers
from tests.integrations.email.dovecot import MailUser
from tests.integrations.email.imap_helpers import deliver, raw_message
from tests.integrations.email.smtp_server import SmtpServer
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.fake_web_api import SlackCall
from tests.slack.kit.payloads import TEAM_ID, dm_channel_id, im_message_event
from tests.slack.test_scenarios import JOHN, MARIA

__all__ = ["mail_servers", "own_smtp", "planbot_env", "radicale"]
SARAH = "U0SARAH"


@dataclass(frozen=True)
class Person:
    user: str
    mailbox: MailUser
    calendar_login: str
    calendar: str
    mark: str  # in their own mail and events only


@pytest.fixture
async def people(
    tmp_path: Path,
    planbot_env: dict[str, str],
    mail_servers: MailServers,
    own_smtp: SmtpServer,
    radicale: Radicale,
) -> AsyncIterator[tuple[Bot, Person, Person]]:
    john = Person(JOHN, ACCOUNT, "planbot", radicale.new_calendar("planbot"), f"john-{uuid.uuid4().hex[:8]}")
    maria = Person(MARIA, PRIYA, "ann", radicale.new_calendar("ann"), f"maria-{uuid.uuid4().hex[:8]}")
    options = {"secret_key": SecretStr(SECRET_KEY), "email": "imap", "calendar": "caldav"}
    async with running_bot(tmp_path, **options) as bot:
        accounts = bot.service.app.accounts
        assert accounts is not None
        for who in (john, maria):
            box = who.mailbox
            mail = {
                "url": f"imap://127.0.0.1:{mail_servers.dovecot.port}?security=none",
                "smtp_url": f"smtp://127.0.0.1:{own_smtp.port}?security=none&from={box.address}",
                "username": box.login,
                "password": box.password,
            }
            await accounts.save(
                team=TEAM_ID, user=who.user, kind="email", service="imap", label=box.address, credentials=mail
            )
            calendar = {
                "url": who.calendar,
                "username": who.calendar_login,
                "password": CALENDAR_USERS[who.calendar_login],
            }
            await accounts.save(
                team=TEAM_ID, user=who.user, kind="calendar", service="caldav", label=who.calendar_login,
                credentials=calendar,
            )  # fmt: skip
            raw = raw_message("From: Tom <tom.reyes@example.com>", f"To: {box.address}", f"Subject: News {who.mark}")
            await deliver(mail_servers, box, raw, datetime.now(UTC))
            put_event(radicale, who.calendar, who.calendar_login, f"Review {who.mark}")
        yield bot, john, maria


async def dm_thread(bot: Bot, user: str, text: str, *, until: str) -> str:
    """Everything the bot posted in the DM thread of ``text`` once a message there holds ``until``."""
    asked = im_message_event(text, user_id=user)
    await bot.send(asked)
    thread = asked["event"]["ts"]

    def in_thread(call: object) -> bool:
        args = getattr(call, "args", {})
        return args.get("channel") == dm_channel_id(user) and args.get("thread_ts") == thread

    await bot.slack.wait_for("chat.postMessage", lambda c: in_thread(c) and until in json.dumps(c.args), timeout=15)
    return json.dumps([c.args for c in bot.slack.calls if in_thread(c)])


async def finished(bot: Bot, thread: str) -> None:
    def done(call: SlackCall) -> bool:
        return "Finished" in str(call.args.get("text")) and call.args.get("thread_ts") == thread

    await bot.slack.wait_for("chat.postMessage", done, timeout=15)


async def test_each_person_reads_their_own_mail_and_calendar_only(people: tuple[Bot, Person, Person]) -> None:
    bot, john, maria = people
    for me, other in ((john, maria), (maria, john)):
        mail = await dm_thread(bot, me.user, "show my 5 latest emails", until="Finished")
        assert me.mark in mail and other.mark not in mail
        calendar = await dm_thread(bot, me.user, "what's on my calendar on Thursday?", until="Finished")
        assert f"Review {me.mark}" in calendar and other.mark not in calendar


async def test_someone_without_accounts_is_asked_to_connect_and_sees_nobodys_data(
    people: tuple[Bot, Person, Person],
) -> None:
    bot, john, maria = people
    seen = await dm_thread(bot, SARAH, "what's on my calendar on Thursday?", until="calendar account")
    assert john.mark not in seen and maria.mark not in seen


async def test_each_persons_changes_land_in_their_own_calendar_and_go_from_their_own_mailbox(
    people: tuple[Bot, Person, Person], own_smtp: SmtpServer, radicale: Radicale
) -> None:
    bot, john, maria = people
    book = im_message_event("book 30 minutes with Tom on Thursday at 2pm", user_id=JOHN)
    await bot.send(book)
    await bot.send(await approval_button(bot, book["event"]["ts"], user=JOHN))
    await finished(bot, book["event"]["ts"])
    johns = radicale.send("PROPFIND", john.calendar, user="planbot", Depth="1")[1]
    marias = radicale.send("PROPFIND", maria.calendar, user="ann", Depth="1")[1]
    assert johns.count(".ics") == 2 and marias.count(".ics") == 1  # Maria's calendar has only its own event

    sent_before = len(own_smtp.delivery.received)
    email = im_message_event(f"email Tom saying hello {maria.mark}", user_id=MARIA)
    await bot.send(email)
    await bot.send(await approval_button(bot, email["event"]["ts"], user=MARIA))
    await finished(bot, email["event"]["ts"])
    (sent,) = own_smtp.delivery.received[sent_before:]
    assert sent.sender == PRIYA.address and own_smtp.delivery.logins[-1] == PRIYA.login
    assert maria.mark in sent.body and ACCOUNT.address not in str(sent.message["From"])
