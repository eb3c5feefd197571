"""Many events of one person at once (a burst after a quiet spell) ask Slack about them once, not once each."""

import asyncio

from bot.slack.people import SlackPeople
from tests.slack.kit.fake_web_api import FakeSlackWebApi
from tests.slack.kit.payloads import DEMO_USERS


async def test_lookups_of_one_person_at_the_same_time_share_one_users_info_call() -> None:
    async with FakeSlackWebApi(users=DEMO_USERS) as slack:
        people = SlackPeople(slack.client())
        user_id = next(iter(slack.users))
        found = await asyncio.gather(*(people.person(user_id) for _ in range(20)))
        assert {p.user_id for p in found} == {user_id} and all(p.known for p in found)
        assert len(slack.calls_to("users.info")) == 1
        await people.person(user_id)  # then from the cache
        assert len(slack.calls_to("users.info")) == 1
