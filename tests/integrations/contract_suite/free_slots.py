"""Free slots: window ∩ working hours − busy time, as consecutive slots of the duration."""

from integrations.base import Connector
from tests.integrations.contract_suite.helpers import ContractBase, at, run, slots_of


class FreeSlotsContract(ContractBase):
    async def test_free_slots_skip_busy_time_and_have_the_duration(self, connector: Connector) -> None:
        await run(
            connector,
            "create_calendar_event",
            title="busy",
            startTime="2026-03-10T10:00:00-04:00",
            durationMinutes=60,
            attendees=["ann@example.org"],
        )
        free = await run(
            connector,
            "find_free_slots",
            attendees=["ann@example.org"],
            durationMinutes=60,
            windowStart="2026-03-10T08:00:00-04:00",
            windowEnd="2026-03-10T13:00:00-04:00",
        )
        assert slots_of(free) == [
            (at("2026-03-10T09:00:00-04:00"), at("2026-03-10T10:00:00-04:00")),
            (at("2026-03-10T11:00:00-04:00"), at("2026-03-10T12:00:00-04:00")),
            (at("2026-03-10T12:00:00-04:00"), at("2026-03-10T13:00:00-04:00")),
        ]

    async def test_free_slots_drop_gaps_shorter_than_the_duration(self, connector: Connector) -> None:
        await run(
            connector, "create_calendar_event", title="busy", startTime="2026-03-10T10:00:00-04:00", durationMinutes=30
        )
        free = await run(
            connector,
            "find_free_slots",
            durationMinutes=45,
            windowStart="2026-03-10T09:00:00-04:00",
            windowEnd="2026-03-10T11:00:00-04:00",
        )
        assert slots_of(free) == [(at("2026-03-10T09:00:00-04:00"), at("2026-03-10T09:45:00-04:00"))]

    async def test_free_slots_respect_working_hours(self, connector: Connector) -> None:
        free = await run(
            connector,
            "find_free_slots",
            durationMinutes=30,
            windowStart="2026-03-10T16:00:00-04:00",
            windowEnd="2026-03-11T10:00:00-04:00",
        )
        assert slots_of(free) == [
            (at("2026-03-10T16:00:00-04:00"), at("2026-03-10T16:30:00-04:00")),
            (at("2026-03-10T16:30:00-04:00"), at("2026-03-10T17:00:00-04:00")),
            (at("2026-03-11T09:00:00-04:00"), at("2026-03-11T09:30:00-04:00")),
            (at("2026-03-11T09:30:00-04:00"), at("2026-03-11T10:00:00-04:00")),
        ]

    async def test_free_slots_skip_the_weekend_and_follow_dst(self, connector: Connector) -> None:
        free = await run(
            connector,
            "find_free_slots",
            durationMinutes=60,
            windowStart="2026-03-06T16:00:00-05:00",
            windowEnd="2026-03-09T11:00:00-04:00",
        )
        assert slots_of(free) == [
            (at("2026-03-06T21:00:00+00:00"), at("2026-03-06T22:00:00+00:00")),  # Friday 16:00 EST
            (at("2026-03-09T13:00:00+00:00"), at("2026-03-09T14:00:00+00:00")),  # Monday 09:00 EDT
            (at("2026-03-09T14:00:00+00:00"), at("2026-03-09T15:00:00+00:00")),
        ]

    async def test_each_occurrence_of_a_recurring_event_is_busy(self, connector: Connector) -> None:
        await run(
            connector,
            "create_calendar_event",
            title="daily standup",
            startTime="2026-03-09T09:00:00-04:00",
            durationMinutes=30,
            recurrence="FREQ=DAILY;COUNT=3",
        )
        free = await run(
            connector,
            "find_free_slots",
            durationMinutes=30,
            windowStart="2026-03-11T09:00:00-04:00",
            windowEnd="2026-03-12T10:00:00-04:00",
        )
        starts = [start for start, _ in slots_of(free)]
        assert at("2026-03-11T09:00:00-04:00") not in starts  # the third occurrence
        assert at("2026-03-11T09:30:00-04:00") in starts and at("2026-03-12T09:00:00-04:00") in starts  # no fourth
