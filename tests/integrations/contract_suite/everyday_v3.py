"""Everyday capabilities (contract v3): drafts, read/unread, archive, optional attendees, meeting links, several
calendars, logged activities, a deal's contacts and a contact's account.

A connector that does not offer a tool skips its checks (``run``); a connector that offers the tool must honour
the v3 arguments of the checks it inherits. Archiving needs mail received from others: the checks use the
module's ``incoming_mail`` fixture (``email_v2``) and are skipped without it.
"""

from email.message import EmailMessage

import pytest

from integrations.base import Connector, NotFoundError, PermanentError
from tests.integrations.contract_suite.email_v2 import incoming_mail
from tests.integrations.contract_suite.helpers import ContractBase, run

OUTSIDER = "olga@example.org"


class EmailContractV3(ContractBase):
    async def test_a_draft_is_saved_and_not_sent(self, connector: Connector, token: str) -> None:
        draft = await run(connector, "create_draft", to=[OUTSIDER], subject=f"Plan {token}", body=f"Draft text {token}")
        assert isinstance(draft["id"], str) and draft["id"]
        assert await run(connector, "fetch_emails", query=token) == []  # not in the sent mail

    async def test_a_reply_draft_needs_no_address_or_subject(self, connector: Connector, token: str) -> None:
        sent = await run(connector, "send_email", to=[OUTSIDER], subject=f"Ask {token}", body="Question?")
        draft = await run(connector, "create_draft", replyTo=sent["id"], body=f"Follow-up {token}")
        assert isinstance(draft["id"], str) and draft["id"] != sent["id"]
        found = await run(connector, "fetch_emails", query=token)
        assert [email["id"] for email in found] == [sent["id"]]  # the draft is not listed

    async def test_a_message_is_marked_unread_and_read(self, connector: Connector, token: str) -> None:
        sent = await run(connector, "send_email", to=[OUTSIDER], subject=f"Mark {token}", body="Body")
        changed = await run(connector, "update_email", messageId=sent["id"], unread=True)
        assert changed["id"] == sent["id"]
        [found] = await run(connector, "fetch_emails", query=token)
        assert found["unread"] is True
        await run(connector, "update_email", messageId=sent["id"], unread=False)
        [found] = await run(connector, "fetch_emails", query=token)
        assert found["unread"] is False

    async def test_an_unknown_message_is_not_found_when_marked(self, connector: Connector) -> None:
        with pytest.raises(NotFoundError):
            await run(connector, "update_email", messageId="no-such-message-42", unread=False)

    async def test_archived_mail_leaves_the_inbox_and_is_still_found(
        self, connector: Connector, token: str, request: pytest.FixtureRequest
    ) -> None:
        mail = incoming_mail(request)
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = OUTSIDER, mail.me, f"Newsletter {token}"
        message.set_content("News of the month.")
        await mail.deliver(message.as_bytes())
        [found] = await run(connector, "fetch_emails", query=token)
        archived = await run(connector, "update_email", messageId=found["id"], archived=True)
        assert archived["id"] == found["id"]
        [again] = await run(connector, "fetch_emails", query=token)  # still found by a search
        assert again["subject"] == f"Newsletter {token}"


class CalendarContractV3(ContractBase):
    async def test_optional_attendees_are_kept_apart(self, connector: Connector, token: str) -> None:
        created = await run(
            connector,
            "create_calendar_event",
            title=token,
            startTime="2026-03-04T10:00:00-05:00",
            durationMinutes=30,
            attendees=["ann@example.org"],
            optionalAttendees=["tom@example.org"],
        )
        assert [a.casefold() for a in created["attendees"]] == ["ann@example.org"]
        assert [a.casefold() for a in created["optionalAttendees"]] == ["tom@example.org"]
        changed = await run(
            connector, "update_calendar_event", eventId=created["id"], optionalAttendees=["ann@example.org"]
        )
        assert changed["attendees"] == []
        assert sorted(a.casefold() for a in changed["optionalAttendees"]) == ["ann@example.org", "tom@example.org"]

    async def test_an_online_meeting_gets_a_link(self, connector: Connector, token: str) -> None:
        if "onlineMeeting" not in getattr(connector, "v3_arguments", {"onlineMeeting"}):  # a service without links
            with pytest.raises(PermanentError, match="does not support onlineMeeting"):
                await run(
                    connector,
                    "create_calendar_event",
                    title=token,
                    startTime="2026-03-05T14:00:00-05:00",
                    durationMinutes=30,
                    onlineMeeting=True,
                )
            week = {"start": "2026-03-02T00:00:00-05:00", "end": "2026-03-09T00:00:00-05:00", "query": token}
            assert await run(connector, "fetch_calendar_events", **week) == []
            return
        created = await run(
            connector,
            "create_calendar_event",
            title=token,
            startTime="2026-03-05T14:00:00-05:00",
            durationMinutes=30,
            onlineMeeting=True,
        )
        assert str(created["meetingUrl"]).startswith("https://")
        plain = await run(
            connector,
            "create_calendar_event",
            title=f"{token} b",
            startTime="2026-03-05T16:00:00-05:00",
            durationMinutes=30,
        )
        assert plain.get("meetingUrl") is None

    async def test_calendars_are_listed_with_one_primary(self, connector: Connector) -> None:
        calendars = await run(connector, "fetch_calendars")
        assert all(set(c) >= {"id", "name", "primary", "canWrite"} for c in calendars)
        assert sum(1 for c in calendars if c["primary"]) == 1

    async def test_an_event_goes_on_the_calendar_it_names(self, connector: Connector, token: str) -> None:
        others = [c for c in await run(connector, "fetch_calendars") if not c["primary"] and c["canWrite"]]
        if not others:
            pytest.skip("the account has one calendar")
        team = others[0]["id"]
        created = await run(
            connector,
            "create_calendar_event",
            title=token,
            startTime="2026-03-06T11:00:00-05:00",
            durationMinutes=30,
            calendarId=team,
        )
        assert created["calendarId"] == team
        week = {"start": "2026-03-02T00:00:00-05:00", "end": "2026-03-09T00:00:00-05:00", "query": token}
        assert [e["title"] for e in await run(connector, "fetch_calendar_events", calendarId=team, **week)] == [token]
        assert await run(connector, "fetch_calendar_events", **week) == []  # the primary calendar's

    async def test_an_unknown_calendar_is_refused(self, connector: Connector, token: str) -> None:
        with pytest.raises((NotFoundError, PermanentError)):
            await run(
                connector,
                "create_calendar_event",
                title=token,
                startTime="2026-03-06T11:00:00-05:00",
                durationMinutes=30,
                calendarId="no-such-calendar-42",
            )


class CrmContractV3(ContractBase):
    async def test_a_call_is_logged_on_a_contact(self, connector: Connector, token: str) -> None:
        contact = await run(connector, "create_entity", entityType="Contact", fields={"name": f"Laura {token}"})
        about = {"entityType": "Contact", "id": contact["id"]}
        logged = await run(
            connector,
            "create_entity",
            entityType="Activity",
            fields={"kind": "call", "subject": f"Call {token}", "body": "They want a discount", "about": about},
        )
        assert logged["kind"] == "call" and logged["about"] == about
        assert logged["occurredAt"]
        found = await run(connector, "fetch_entity", entityType="Activity", filters={"about": about})
        assert [item["id"] for item in found] == [logged["id"]]

    async def test_contacts_are_linked_to_a_deal_and_unlinked(self, connector: Connector, token: str) -> None:
        dana = await run(connector, "create_entity", entityType="Contact", fields={"name": f"Dana {token}"})
        deal = await run(connector, "create_entity", entityType="Deal", fields={"company": f"Co {token}"})
        linked = await run(
            connector, "update_entity", entityType="Deal", id=deal["id"], fields={"addContacts": [dana["id"]]}
        )
        assert linked["contacts"] == [dana["id"]]
        unlinked = await run(
            connector, "update_entity", entityType="Deal", id=deal["id"], fields={"removeContacts": [dana["id"]]}
        )
        assert unlinked["contacts"] == []

    async def test_a_contact_works_at_an_account(self, connector: Connector, token: str) -> None:
        account = await run(connector, "create_entity", entityType="Account", fields={"name": f"Acme {token}"})
        try:
            contact = await run(
                connector,
                "create_entity",
                entityType="Contact",
                fields={"name": f"Dana {token}", "accountId": account["id"]},
            )
        except PermanentError as refused:  # said plainly, nothing written; listed as not done in the guide
            if "not supported yet" not in str(refused):
                raise
            pytest.skip(f"{connector.name}: a contact's accountId is not supported yet")
        assert contact["accountId"] == account["id"]
        found = await run(connector, "fetch_entity", entityType="Contact", filters={"accountId": account["id"]})
        assert [c["id"] for c in found] == [contact["id"]]

    async def test_linking_an_unknown_contact_is_refused(self, connector: Connector, token: str) -> None:
        deal = await run(connector, "create_entity", entityType="Deal", fields={"company": f"Co {token}"})
        with pytest.raises(NotFoundError):
            await run(
                connector, "update_entity", entityType="Deal", id=deal["id"], fields={"addContacts": ["contact-999999"]}
            )
