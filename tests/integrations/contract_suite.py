"""The connector contract suite: what every connector must do with the tools of contract §3.

Use it from a test module of a connector (the local workspace, later Gmail/IMAP, CalDAV, HubSpot...)::

    @pytest.fixture
    def connector(tmp_path): ...  # yield a fresh connector

    class TestMyConnector(ConnectorContract):
        pass

The ``connector`` fixture must yield, for each test, a connector that:
- works in America/New_York with working hours 09:00-17:00, Monday to Friday;
- has no calendar event between 2026-03-01 and 2026-03-15 except those the test creates;
- may hold any other mail and CRM data: tests tag what they create with a unique token.
Tests of tools the connector does not offer are skipped.

Free-slot semantics checked here: free time is the window ∩ working hours minus busy events (the user's and the
attendees'), returned as consecutive slots of exactly ``durationMinutes`` from the start of each free interval.
"""

import uuid
from datetime import datetime, timedelta
from typing import Any

import pytest

from integrations.base import CATALOG, Connector, NotFoundError

# ruff: noqa: N802 - test names quote the contract's camelCase arguments


async def run(connector: Connector, tool: str, **arguments: Any) -> Any:
    """Validate ``arguments`` with the tool's model (as the executor does), then call the connector."""
    if tool not in connector.tools:
        pytest.skip(f"{connector.name} does not offer {tool}")
    spec = CATALOG.get(tool)
    assert spec is not None, tool
    return await connector.call(tool, spec.args_model.model_validate(arguments))


def instant(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    assert moment.utcoffset() is not None, f"{text} has no offset"
    return moment


def slots_of(data: list[dict[str, str]]) -> list[tuple[datetime, datetime]]:
    return [(instant(slot["start"]), instant(slot["end"])) for slot in data]


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


class ConnectorContract:
    """Inherit it as ``Test...`` and provide the ``connector`` fixture."""

    @pytest.fixture
    def token(self) -> str:
        return f"zq{uuid.uuid4().hex[:10]}"

    # --- email ---------------------------------------------------------------------------------------------

    async def test_sent_email_is_found_with_its_fields(self, connector: Connector, token: str) -> None:
        sent = await run(connector, "send_email", to=["ann@example.org", "bob@example.net"], cc=["cy@example.com"],
                         subject=f"Budget {token}", body=f"The budget is approved. Ref {token}.")  # fmt: skip
        found = await run(connector, "fetch_emails", subject=token)
        assert [email["id"] for email in found] == [sent["id"]]
        email = found[0]
        assert set(email) == {"id", "from", "to", "subject", "date", "snippet", "unread"}
        assert email["to"] == ["ann@example.org", "bob@example.net"]
        assert email["subject"] == f"Budget {token}"
        assert email["snippet"] == f"The budget is approved. Ref {token}."
        assert email["unread"] is False
        instant(email["date"])

    async def test_email_filters_match_body_recipient_and_subject(self, connector: Connector, token: str) -> None:
        sent = await run(connector, "send_email", to=["Dora.Quill@example.org"], subject="Hello",
                         body=f"Body mentions {token.upper()} here.")  # fmt: skip
        assert [e["id"] for e in await run(connector, "fetch_emails", query=token)] == [sent["id"]]
        assert [e["id"] for e in await run(connector, "fetch_emails", query=token, to="dora.quill")] == [sent["id"]]
        assert await run(connector, "fetch_emails", query=token, to="someone.else@example.org") == []
        assert await run(connector, "fetch_emails", query=token, subject="Goodbye") == []
        assert await run(connector, "fetch_emails", query=token, sender=f"nobody-{token}") == []

    async def test_emails_come_newest_first_and_limit_keeps_the_newest(self, connector: Connector, token: str) -> None:
        for word in ("one", "two", "three"):
            await run(connector, "send_email", to=["ann@example.org"], subject=f"{token} {word}", body="x")
        found = await run(connector, "fetch_emails", subject=token)
        assert [email["subject"] for email in found] == [f"{token} three", f"{token} two", f"{token} one"]
        dates = [instant(email["date"]) for email in found]
        assert dates == sorted(dates, reverse=True)
        latest = await run(connector, "fetch_emails", subject=token, limit=2)
        assert [email["subject"] for email in latest] == [f"{token} three", f"{token} two"]

    async def test_since_is_inclusive_and_until_exclusive(self, connector: Connector, token: str) -> None:
        await run(connector, "send_email", to=["ann@example.org"], subject=token, body="x")
        (email,) = await run(connector, "fetch_emails", subject=token)
        sent_at = instant(email["date"])
        minute = timedelta(minutes=1)
        assert len(await run(connector, "fetch_emails", subject=token, since=sent_at.isoformat())) == 1
        assert len(await run(connector, "fetch_emails", subject=token, since=(sent_at - minute).isoformat())) == 1
        assert await run(connector, "fetch_emails", subject=token, since=(sent_at + minute).isoformat()) == []
        assert await run(connector, "fetch_emails", subject=token, until=sent_at.isoformat()) == []
        assert len(await run(connector, "fetch_emails", subject=token, until=(sent_at + minute).isoformat())) == 1

    async def test_reply_goes_in_the_thread_with_a_re_subject(self, connector: Connector, token: str) -> None:
        original = await run(connector, "send_email", to=["ann@example.org"], subject=f"Offer {token}", body="x")
        reply = await run(connector, "reply_email", messageId=original["id"], body="Following up.")
        assert reply["id"] != original["id"]
        found = await run(connector, "fetch_emails", subject=token)
        assert [email["id"] for email in found] == [reply["id"], original["id"]]
        assert found[0]["subject"] == f"Re: Offer {token}"
        assert found[0]["to"] == ["ann@example.org"]
        again = await run(connector, "reply_email", messageId=reply["id"], body="And again.")
        (newest, *_) = await run(connector, "fetch_emails", subject=token)
        assert newest["id"] == again["id"] and newest["subject"] == f"Re: Offer {token}"

    async def test_reply_to_an_unknown_message_is_not_found(self, connector: Connector) -> None:
        with pytest.raises(NotFoundError):
            await run(connector, "reply_email", messageId="no-such-message-0", body="x")

    async def test_unread_only_leaves_out_read_mail(self, connector: Connector, token: str) -> None:
        await run(connector, "send_email", to=["ann@example.org"], subject=token, body="x")
        assert await run(connector, "fetch_emails", subject=token, unreadOnly=True) == []
        assert len(await run(connector, "fetch_emails", subject=token, unreadOnly=False)) == 1
        unread = await run(connector, "fetch_emails", unreadOnly=True)
        assert all(email["unread"] is True for email in unread)

    # --- CRM -----------------------------------------------------------------------------------------------

    async def test_created_contact_is_found_by_name_in_any_case(self, connector: Connector, token: str) -> None:
        fields = {"name": f"Zed {token}", "email": f"{token}@example.org", "company": f"Co{token}",
                  "phone": "+1 555 0100", "title": "Buyer"}  # fmt: skip
        created = await run(connector, "create_entity", entityType="Contact", fields=fields)
        assert isinstance(created["id"], str) and created["id"]
        assert {key: created[key] for key in fields} == fields
        found = await run(connector, "fetch_entity", entityType="Contact", filters={"name": f"ZED {token.upper()}"})
        assert found == [created]
        by_company = await run(connector, "fetch_entity", entityType="Contact", filters={"company": f"co{token}"})
        assert [record["id"] for record in by_company] == [created["id"]]

    async def test_update_changes_only_the_given_fields(self, connector: Connector, token: str) -> None:
        created = await run(connector, "create_entity", entityType="Account",
                            fields={"name": f"Acct {token}", "industry": "Retail", "domain": "shop.example"})  # fmt: skip
        updated = await run(connector, "update_entity", entityType="Account", id=created["id"],
                            fields={"industry": "Logistics"})  # fmt: skip
        assert updated == {**created, "industry": "Logistics"}
        assert await run(connector, "fetch_entity", entityType="Account", filters={"name": token}) == [updated]

    async def test_delete_removes_the_record(self, connector: Connector, token: str) -> None:
        created = await run(connector, "create_entity", entityType="Lead", fields={"company": f"Lead{token}"})
        assert await run(connector, "delete_entity", entityType="Lead", id=created["id"]) == {"id": created["id"]}
        assert await run(connector, "fetch_entity", entityType="Lead", filters={"company": token}) == []
        with pytest.raises(NotFoundError):
            await run(connector, "delete_entity", entityType="Lead", id=created["id"])
        with pytest.raises(NotFoundError):
            await run(connector, "update_entity", entityType="Lead", id=created["id"], fields={"status": "new"})

    async def test_lead_status_filters_by_text_and_by_set(self, connector: Connector, token: str) -> None:
        for status in ("new", "contacted", "qualified", "unqualified"):
            await run(connector, "create_entity", entityType="Lead",
                      fields={"name": f"{status} {token}", "company": token, "status": status})  # fmt: skip

        async def names(**filters: Any) -> list[str]:
            found = await run(connector, "fetch_entity", entityType="Lead", filters={"company": token, **filters})
            return sorted(record["name"].split()[0] for record in found)

        assert await names(status="qualified") == ["qualified", "unqualified"]  # containment
        assert await names(status={"in": ["new", "QUALIFIED"]}) == ["new", "qualified"]  # exact, any case

    async def test_deals_filter_by_stage_set_and_amount_range(self, connector: Connector, token: str) -> None:
        for stage, amount in (("prospecting", 1_000), ("proposal", 5_000), ("negotiation", 20_000),
                              ("closed_won", 50_000), ("closed_lost", 3_000)):  # fmt: skip
            created = await run(connector, "create_entity", entityType="Deal",
                                fields={"company": f"Co {token}", "stage": stage, "amount": amount})  # fmt: skip
            assert created["name"] == f"Co {token} deal" and created["amount"] == amount

        async def amounts(**filters: Any) -> list[float]:
            found = await run(connector, "fetch_entity", entityType="Deal", filters={"company": token, **filters})
            return sorted(record["amount"] for record in found)

        open_stages = ["prospecting", "qualification", "proposal", "negotiation"]
        assert await amounts(stage={"in": open_stages}) == [1_000, 5_000, 20_000]
        assert await amounts(stage="closed") == [3_000, 50_000]
        assert await amounts(amount={"gt": 4_000}) == [5_000, 20_000, 50_000]
        assert await amounts(amount={"lt": 5_000}) == [1_000, 3_000]
        assert await amounts(amount={"gt": 1_000, "lt": 50_000}) == [3_000, 5_000, 20_000]
        assert await amounts(amount=5_000) == [5_000]
        assert len(await run(connector, "fetch_entity", entityType="Deal", filters={"company": token}, limit=2)) == 2

    async def test_unknown_record_ids_are_not_found(self, connector: Connector) -> None:
        with pytest.raises(NotFoundError):
            await run(connector, "update_entity", entityType="Contact", id="missing-404", fields={"title": "x"})
        with pytest.raises(NotFoundError):
            await run(connector, "delete_entity", entityType="Deal", id="missing-404")

    # --- calendar ------------------------------------------------------------------------------------------

    async def test_created_event_is_found_in_its_range(self, connector: Connector, token: str) -> None:
        created = await run(connector, "create_calendar_event", title=f"Review {token}",
                            startTime="2026-03-03T15:00:00-05:00", durationMinutes=45,
                            attendees=["ann@example.org"], location="Room 4", description="Quarterly")  # fmt: skip
        assert set(created) == {"id", "title", "startTime", "endTime", "attendees", "location"}
        assert instant(created["startTime"]) == at("2026-03-03T15:00:00-05:00")
        assert instant(created["endTime"]) == at("2026-03-03T15:45:00-05:00")
        assert created["attendees"] == ["ann@example.org"] and created["location"] == "Room 4"
        found = await run(connector, "fetch_calendar_events",
                          start="2026-03-03T00:00:00-05:00", end="2026-03-04T00:00:00-05:00")  # fmt: skip
        assert found == [created]

    async def test_update_moves_the_event_and_keeps_its_length(self, connector: Connector, token: str) -> None:
        created = await run(connector, "create_calendar_event", title=token,
                            startTime="2026-03-03T15:00:00-05:00", durationMinutes=30)  # fmt: skip
        moved = await run(connector, "update_calendar_event", eventId=created["id"],
                          startTime="2026-03-05T10:00:00-05:00")  # fmt: skip
        assert moved["id"] == created["id"] and moved["title"] == token
        assert instant(moved["endTime"]) == at("2026-03-05T10:30:00-05:00")
        tuesday = {"start": "2026-03-03T00:00:00-05:00", "end": "2026-03-04T00:00:00-05:00"}
        thursday = {"start": "2026-03-05T00:00:00-05:00", "end": "2026-03-06T00:00:00-05:00"}
        assert await run(connector, "fetch_calendar_events", **tuesday) == []
        assert await run(connector, "fetch_calendar_events", **thursday) == [moved]
        longer = await run(connector, "update_calendar_event", eventId=created["id"], durationMinutes=90,
                           title="Renamed")  # fmt: skip
        assert instant(longer["endTime"]) == at("2026-03-05T11:30:00-05:00") and longer["title"] == "Renamed"

    async def test_delete_removes_the_event(self, connector: Connector, token: str) -> None:
        created = await run(connector, "create_calendar_event", title=token,
                            startTime="2026-03-03T15:00:00-05:00", durationMinutes=30)  # fmt: skip
        assert await run(connector, "delete_calendar_event", eventId=created["id"]) == {"id": created["id"]}
        assert await run(connector, "fetch_calendar_events", query=token) == []
        with pytest.raises(NotFoundError):
            await run(connector, "update_calendar_event", eventId=created["id"], title="x")
        with pytest.raises(NotFoundError):
            await run(connector, "delete_calendar_event", eventId=created["id"])

    async def test_range_is_start_inclusive_end_exclusive_across_dst(self, connector: Connector) -> None:
        # 2026-03-08 in New York lasts 23 hours: 02:00 EST jumps to 03:00 EDT.
        for title, start, minutes in (
            ("saturday", "2026-03-07T12:00:00-05:00", 60),
            ("overlaps midnight", "2026-03-07T23:30:00-05:00", 60),
            ("before the jump", "2026-03-08T01:30:00-05:00", 30),
            ("after the jump", "2026-03-08T03:30:00-04:00", 30),
            ("late sunday", "2026-03-08T23:00:00-04:00", 60),
            ("monday midnight", "2026-03-09T00:00:00-04:00", 30),
        ):
            await run(connector, "create_calendar_event", title=title, startTime=start, durationMinutes=minutes)
        sunday = await run(connector, "fetch_calendar_events",
                           start="2026-03-08T00:00:00-05:00", end="2026-03-09T00:00:00-04:00")  # fmt: skip
        assert [event["title"] for event in sunday] == [
            "overlaps midnight", "before the jump", "after the jump", "late sunday"
        ]  # fmt: skip
        assert instant(sunday[2]["startTime"]) == at("2026-03-08T07:30:00+00:00")
        first = await run(connector, "fetch_calendar_events", start="2026-03-08T02:30:00-05:00", limit=1)
        assert [event["title"] for event in first] == ["after the jump"]

    async def test_query_matches_title_location_and_description(self, connector: Connector, token: str) -> None:
        await run(connector, "create_calendar_event", title=f"Kickoff {token}", startTime="2026-03-03T09:00:00-05:00",
                  durationMinutes=30, location="Blue room", description="Bring the Q3 numbers")  # fmt: skip
        window = {"start": "2026-03-01T00:00:00-05:00", "end": "2026-03-15T00:00:00-04:00"}
        for query in (token.upper(), "blue ROOM", "q3 numbers"):
            assert [e["title"] for e in await run(connector, "fetch_calendar_events", query=query, **window)] == [
                f"Kickoff {token}"
            ]
        assert await run(connector, "fetch_calendar_events", query=f"absent {token}", **window) == []

    async def test_attendee_filter_takes_an_address_or_a_name(self, connector: Connector, token: str) -> None:
        address = f"{token}@example.org"
        await run(connector, "create_entity", entityType="Contact", fields={"name": f"Quinn {token}", "email": address})
        await run(connector, "create_calendar_event", title="with quinn", startTime="2026-03-04T09:00:00-05:00",
                  durationMinutes=30, attendees=["ann@example.org", address])  # fmt: skip
        await run(connector, "create_calendar_event", title="without", startTime="2026-03-04T10:00:00-05:00",
                  durationMinutes=30, attendees=["ann@example.org"])  # fmt: skip
        window = {"start": "2026-03-01T00:00:00-05:00", "end": "2026-03-15T00:00:00-04:00"}
        for attendee in (address, address.upper(), f"Quinn {token}", f"quinn {token}"):
            found = await run(connector, "fetch_calendar_events", attendee=attendee, **window)
            assert [event["title"] for event in found] == ["with quinn"], attendee
        both = await run(connector, "fetch_calendar_events", attendee="ann@example.org", **window)
        assert [event["title"] for event in both] == ["with quinn", "without"]

    async def test_free_slots_skip_busy_time_and_have_the_duration(self, connector: Connector) -> None:
        await run(connector, "create_calendar_event", title="busy", startTime="2026-03-10T10:00:00-04:00",
                  durationMinutes=60, attendees=["ann@example.org"])  # fmt: skip
        free = await run(connector, "find_free_slots", attendees=["ann@example.org"], durationMinutes=60,
                         windowStart="2026-03-10T08:00:00-04:00", windowEnd="2026-03-10T13:00:00-04:00")  # fmt: skip
        assert slots_of(free) == [
            (at("2026-03-10T09:00:00-04:00"), at("2026-03-10T10:00:00-04:00")),
            (at("2026-03-10T11:00:00-04:00"), at("2026-03-10T12:00:00-04:00")),
            (at("2026-03-10T12:00:00-04:00"), at("2026-03-10T13:00:00-04:00")),
        ]

    async def test_free_slots_drop_gaps_shorter_than_the_duration(self, connector: Connector) -> None:
        await run(connector, "create_calendar_event", title="busy", startTime="2026-03-10T10:00:00-04:00",
                  durationMinutes=30)  # fmt: skip
        free = await run(connector, "find_free_slots", durationMinutes=45,
                         windowStart="2026-03-10T09:00:00-04:00", windowEnd="2026-03-10T11:00:00-04:00")  # fmt: skip
        assert slots_of(free) == [(at("2026-03-10T09:00:00-04:00"), at("2026-03-10T09:45:00-04:00"))]

    async def test_free_slots_respect_working_hours(self, connector: Connector) -> None:
        free = await run(connector, "find_free_slots", durationMinutes=30,
                         windowStart="2026-03-10T16:00:00-04:00", windowEnd="2026-03-11T10:00:00-04:00")  # fmt: skip
        assert slots_of(free) == [
            (at("2026-03-10T16:00:00-04:00"), at("2026-03-10T16:30:00-04:00")),
            (at("2026-03-10T16:30:00-04:00"), at("2026-03-10T17:00:00-04:00")),
            (at("2026-03-11T09:00:00-04:00"), at("2026-03-11T09:30:00-04:00")),
            (at("2026-03-11T09:30:00-04:00"), at("2026-03-11T10:00:00-04:00")),
        ]

    async def test_free_slots_skip_the_weekend_and_follow_dst(self, connector: Connector) -> None:
        free = await run(connector, "find_free_slots", durationMinutes=60,
                         windowStart="2026-03-06T16:00:00-05:00", windowEnd="2026-03-09T11:00:00-04:00")  # fmt: skip
        assert slots_of(free) == [
            (at("2026-03-06T21:00:00+00:00"), at("2026-03-06T22:00:00+00:00")),  # Friday 16:00 EST
            (at("2026-03-09T13:00:00+00:00"), at("2026-03-09T14:00:00+00:00")),  # Monday 09:00 EDT
            (at("2026-03-09T14:00:00+00:00"), at("2026-03-09T15:00:00+00:00")),
        ]

    # --- summarize -----------------------------------------------------------------------------------------

    async def test_summarize_covers_fetched_emails_and_text(self, connector: Connector, token: str) -> None:
        await run(connector, "send_email", to=["ann@example.org"], subject=f"Launch {token}", body="We launch soon.")
        emails = await run(connector, "fetch_emails", subject=token)
        summary = await run(connector, "summarize", text=emails)
        assert set(summary) == {"summary"} and f"Launch {token}" in summary["summary"]
        text = await run(connector, "summarize", text="The launch moved to May. Marketing agrees.")
        assert text["summary"].strip()
