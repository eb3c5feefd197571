"""Calendar: create, fetch by range (across DST), query and attendee, update, delete; (v2) answering
invitations, or its refusal."""

import pytest

from integrations.base import Connector, NotFoundError, PermanentError
from integrations.base import arguments as a
from tests.integrations.contract_suite.helpers import ContractBase, at, instant, refused, run


class CalendarContract(ContractBase):
    async def test_created_event_is_found_in_its_range(self, connector: Connector, token: str) -> None:
        created = await run(
            connector,
            "create_calendar_event",
            title=f"Review {token}",
            startTime="2026-03-03T15:00:00-05:00",
            durationMinutes=45,
            attendees=["ann@example.org"],
            location="Room 4",
            description="Quarterly",
        )
        assert set(created) >= {"id", "title", "startTime", "endTime", "attendees", "location"}  # v2 adds fields
        assert instant(created["startTime"]) == at("2026-03-03T15:00:00-05:00")
        assert instant(created["endTime"]) == at("2026-03-03T15:45:00-05:00")
        assert created["attendees"] == ["ann@example.org"] and created["location"] == "Room 4"
        found = await run(
            connector, "fetch_calendar_events", start="2026-03-03T00:00:00-05:00", end="2026-03-04T00:00:00-05:00"
        )
        assert found == [created]

    async def test_update_moves_the_event_and_keeps_its_length(self, connector: Connector, token: str) -> None:
        created = await run(
            connector, "create_calendar_event", title=token, startTime="2026-03-03T15:00:00-05:00", durationMinutes=30
        )
        moved = await run(
            connector, "update_calendar_event", eventId=created["id"], startTime="2026-03-05T10:00:00-05:00"
        )
        assert moved["id"] == created["id"] and moved["title"] == token
        assert instant(moved["endTime"]) == at("2026-03-05T10:30:00-05:00")
        tuesday = {"start": "2026-03-03T00:00:00-05:00", "end": "2026-03-04T00:00:00-05:00"}
        thursday = {"start": "2026-03-05T00:00:00-05:00", "end": "2026-03-06T00:00:00-05:00"}
        assert await run(connector, "fetch_calendar_events", **tuesday) == []
        assert await run(connector, "fetch_calendar_events", **thursday) == [moved]
        longer = await run(
            connector, "update_calendar_event", eventId=created["id"], durationMinutes=90, title="Renamed"
        )
        assert instant(longer["endTime"]) == at("2026-03-05T11:30:00-05:00") and longer["title"] == "Renamed"

    async def test_delete_removes_the_event(self, connector: Connector, token: str) -> None:
        created = await run(
            connector, "create_calendar_event", title=token, startTime="2026-03-03T15:00:00-05:00", durationMinutes=30
        )
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
        sunday = await run(
            connector, "fetch_calendar_events", start="2026-03-08T00:00:00-05:00", end="2026-03-09T00:00:00-04:00"
        )
        assert [event["title"] for event in sunday] == [
            "overlaps midnight",
            "before the jump",
            "after the jump",
            "late sunday",
        ]
        assert instant(sunday[2]["startTime"]) == at("2026-03-08T07:30:00+00:00")
        first = await run(connector, "fetch_calendar_events", start="2026-03-08T02:30:00-05:00", limit=1)
        assert [event["title"] for event in first] == ["after the jump"]

    async def test_query_matches_title_location_and_description(self, connector: Connector, token: str) -> None:
        await run(
            connector,
            "create_calendar_event",
            title=f"Kickoff {token}",
            startTime="2026-03-03T09:00:00-05:00",
            durationMinutes=30,
            location="Blue room",
            description="Bring the Q3 numbers",
        )
        window = {"start": "2026-03-01T00:00:00-05:00", "end": "2026-03-15T00:00:00-04:00"}
        for query in (token.upper(), "blue ROOM", "q3 numbers"):
            assert [e["title"] for e in await run(connector, "fetch_calendar_events", query=query, **window)] == [
                f"Kickoff {token}"
            ]
        assert await run(connector, "fetch_calendar_events", query=f"absent {token}", **window) == []

    async def test_attendee_filter_takes_an_address_or_a_name(self, connector: Connector, token: str) -> None:
        address = f"{token}@example.org"
        await run(connector, "create_entity", entityType="Contact", fields={"name": f"Quinn {token}", "email": address})
        await run(
            connector,
            "create_calendar_event",
            title="with quinn",
            startTime="2026-03-04T09:00:00-05:00",
            durationMinutes=30,
            attendees=["ann@example.org", address],
        )
        await run(
            connector,
            "create_calendar_event",
            title="without",
            startTime="2026-03-04T10:00:00-05:00",
            durationMinutes=30,
            attendees=["ann@example.org"],
        )
        window = {"start": "2026-03-01T00:00:00-05:00", "end": "2026-03-15T00:00:00-04:00"}
        for attendee in (address, address.upper(), f"Quinn {token}", f"quinn {token}"):
            found = await run(connector, "fetch_calendar_events", attendee=attendee, **window)
            assert [event["title"] for event in found] == ["with quinn"], attendee
        both = await run(connector, "fetch_calendar_events", attendee="ann@example.org", **window)
        assert [event["title"] for event in both] == ["with quinn", "without"]

    async def test_answering_ones_own_event_is_refused(self, connector: Connector, token: str) -> None:
        if "respond_to_event" not in connector.tools:
            pytest.skip(f"{connector.name} does not offer respond_to_event")
        created = await run(
            connector, "create_calendar_event", title=token, startTime="2026-03-03T15:00:00-05:00", durationMinutes=30
        )
        with pytest.raises(PermanentError):
            await run(connector, "respond_to_event", eventId=created["id"], response="declined")
        with pytest.raises(NotFoundError):
            await run(connector, "respond_to_event", eventId="missing-404", response="accepted")

    async def test_v2_calendar_tools_it_does_not_offer_are_refused(self, connector: Connector) -> None:
        if "respond_to_event" in connector.tools:
            pytest.skip(f"{connector.name} offers respond_to_event")
        await refused(connector, "respond_to_event", eventId="any-event", response="accepted")

    async def test_a_tool_called_with_another_tools_arguments_is_refused_and_nothing_runs(
        self, connector: Connector, token: str
    ) -> None:
        created = await run(
            connector, "create_calendar_event", title=token, startTime="2026-03-03T15:00:00-05:00", durationMinutes=30
        )
        mixed_up = {
            "delete_calendar_event": a.FetchCalendarEventsArgs(query=token),
            "create_calendar_event": a.DeleteCalendarEventArgs(eventId=created["id"]),
            "update_calendar_event": a.CreateCalendarEventArgs(
                title=f"Other {token}", startTime=at("2026-03-04T15:00:00-05:00"), durationMinutes=30
            ),
        }
        for tool, wrong in mixed_up.items():
            with pytest.raises(PermanentError):
                await connector.call(tool, wrong)
        assert [event["id"] for event in await run(connector, "fetch_calendar_events", query=token)] == [created["id"]]
