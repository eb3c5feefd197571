"""Each requester's own names ground their requests: two people, each with their own HubSpot account (the project's
HubSpot stand-in, one API host serving both accounts by token), get different readings of the same words, and
nothing of one person's index reaches the other. The request path never lists: a person not listed yet is read with
the shared names while their listing runs in the background; a bounded number of people is kept; a change to a
person's accounts drops their index."""

import asyncio
import json
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import aiohttp
import pytest

from bot.account_names import calendar_names, crm_names, mail_names
from bot.accounts.book import Accounts
from bot.accounts.connectors import PersonalConnectors
from bot.accounts.vault import Vault
from bot.known_names import NameSource, RefreshedNames
from bot.personal_names import PersonalNames
from integrations.base import Connector
from integrations.base.principal import Principal
from integrations.local import open_workspace
from planning.store.credentials import WORKSPACE, InMemoryCredentialStore
from planning.understanding.parser import GoalUnderstandingService
from tests.bot.accounts.test_personal_connectors import KEY, LOCAL, Ticks
from tests.integrations.crm.hubspot_fake import FakeHubSpot
from tests.integrations.crm.hubspot_portals import portals
from tests.planning.conftest import MONDAY_9AM

JOHN, MARIA, SARAH = Principal("T1", "UJOHN"), Principal("T1", "UMARIA"), Principal("T1", "USARAH")
SHARED = [("Weekly pipeline review", "event")]  # the workspace's names, of a kind it serves to everyone


@dataclass
class People:
    names: PersonalNames
    accounts: Accounts
    hubspot: dict[str, FakeHubSpot]
    ticks: Ticks


def account_of(token: str, contacts: Iterable[tuple[str, str]], company: str) -> FakeHubSpot:
    fake = FakeHubSpot(token=token)
    for first, last in contacts:
        fake.store.add("contacts", {"firstname": first, "lastname": last})
    fake.store.add("companies", {"name": company, "domain": f"{company.lower()}.example"})
    return fake


@pytest.fixture
async def people(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[People]:
    hubspot = {
        JOHN.user: account_of("pat-john", [("Dana", "Whitfield")], "Zebracorp"),
        MARIA.user: account_of("pat-maria", [("Peter", "Gibbons")], "Quillfeather"),
    }
    async with portals(hubspot) as api, aiohttp.ClientSession() as http:
        monkeypatch.setenv("PLANBOT_HUBSPOT_BASE_URL", api)  # where a HubSpot token account's API is
        accounts = Accounts(InMemoryCredentialStore(), Vault(KEY))
        for who in (JOHN, MARIA):
            token = {"token": f"pat-{who.user[1:].lower()}"}
            await accounts.save(team="T1", user=who.user, kind="crm", service="hubspot", label="x", credentials=token)
        personal = PersonalConnectors(accounts, http, LOCAL)

        async def shared() -> list[tuple[str, str]]:
            return list(SHARED)

        def sources_of(who: Principal) -> list[NameSource]:
            async def opened() -> Connector | None:
                return await personal.connector("crm", who)

            return [shared, crm_names(opened, lambda: MONDAY_9AM)]

        ticks = Ticks()
        names = PersonalNames(RefreshedNames([shared]), sources_of, people=2, every_seconds=300, monotonic=ticks)
        await names.refresh_shared()
        names.start()
        accounts.watch(names.changed)
        try:
            yield People(names, accounts, hubspot, ticks)
        finally:
            await names.close()
            await personal.close()


def parsed(people: People, text: str, who: Principal) -> str:
    """The whole parse of ``text`` for ``who``, as text (to look for names anywhere in it)."""
    result = GoalUnderstandingService(rules_only=True, groundings=people.names).parse(text, MONDAY_9AM, who=who)
    return json.dumps(result.model_dump(mode="json"))


def mentioned(people: People, text: str, who: Principal | None) -> list[str]:
    grounding = people.names.for_requester(who)
    return [m.name for m in grounding.mentions(text)] if grounding is not None else []


async def test_two_people_are_grounded_in_their_own_crm_and_never_in_the_others(people: People) -> None:
    await people.names.refresh(JOHN)
    await people.names.refresh(MARIA)
    assert mentioned(people, "find whitfield at zebracorp", JOHN) == ["Dana Whitfield", "Zebracorp"]
    assert mentioned(people, "find whitfield at zebracorp", MARIA) == []
    assert mentioned(people, "ping gibbons at quillfeather", MARIA) == ["Peter Gibbons", "Quillfeather"]
    assert mentioned(people, "ping gibbons at quillfeather", JOHN) == []

    johns = parsed(people, "find whitfield", JOHN)
    assert '"Dana Whitfield"' in johns and '"find"' in johns
    for text in ("find whitfield", "find dana whitfield at zebracorp"):
        assert "Whitfield" not in parsed(people, text, MARIA).replace(text, "")  # only as she wrote it
    assert "Gibbons" not in parsed(people, "find gibbons", JOHN).replace("find gibbons", "")
    both = mentioned(people, "the weekly pipeline review", JOHN), mentioned(people, "the weekly pipeline review", MARIA)
    assert both == (["Weekly pipeline review"], ["Weekly pipeline review"])  # the shared names: everyone's


async def test_nobody_in_particular_and_someone_without_accounts_get_the_shared_names(people: People) -> None:
    await people.names.refresh(SARAH)
    for who in (None, Principal("T1", ""), SARAH):
        assert mentioned(people, "find whitfield before the pipeline review", who) == ["Weekly pipeline review"]


async def test_the_request_path_never_lists_a_person_is_listed_in_the_background(people: People) -> None:
    john = people.hubspot[JOHN.user]
    before = len(john.requests)
    assert mentioned(people, "find whitfield", JOHN) == []  # not listed yet: answered at once, with the shared names
    assert len(john.requests) == before
    for _ in range(200):  # the listing started by the request runs on the event loop
        await asyncio.sleep(0.01)
        if mentioned(people, "find whitfield", JOHN):
            break
    assert mentioned(people, "find whitfield", JOHN) == ["Dana Whitfield"]
    assert len(john.requests) > before


async def until_listed(fake: FakeHubSpot, before: int) -> None:
    """Lets the event loop run until ``fake`` was asked more than ``before`` times (a listing in the background)."""
    for _ in range(500):
        if len(fake.requests) > before:
            return
        await asyncio.sleep(0.01)


async def test_an_index_grown_old_is_listed_again_in_the_background_when_its_person_asks(people: People) -> None:
    john = people.hubspot[JOHN.user]
    await people.names.refresh(JOHN)
    listed = len(john.requests)
    people.ticks.now += 60
    assert mentioned(people, "find whitfield", JOHN) == ["Dana Whitfield"]
    await asyncio.sleep(0.05)
    assert len(john.requests) == listed  # fresh: not listed again
    john.store.add("contacts", {"firstname": "Milton", "lastname": "Waddams"})
    people.ticks.now += 300
    assert mentioned(people, "find whitfield or waddams", JOHN) == ["Dana Whitfield"]  # the index in hand, at once
    await until_listed(john, listed)
    for _ in range(200):
        if "Milton Waddams" in mentioned(people, "find waddams", JOHN):
            break
        await asyncio.sleep(0.01)
    assert mentioned(people, "find whitfield or waddams", JOHN) == ["Dana Whitfield", "Milton Waddams"]


async def test_at_most_the_bound_of_people_is_kept_the_least_recent_goes_first(people: People) -> None:
    await people.names.refresh(JOHN)
    await people.names.refresh(MARIA)
    assert people.names.for_requester(JOHN) is not None  # John asked last: Maria is the least recent
    await people.names.refresh(SARAH)
    assert people.names.held() == 2
    assert mentioned(people, "find whitfield", JOHN) == ["Dana Whitfield"]
    assert mentioned(people, "ping gibbons", MARIA) == []  # dropped: listed again now that she asks
    await people.names.refresh(MARIA)
    assert mentioned(people, "ping gibbons", MARIA) == ["Peter Gibbons"]
    assert people.names.held() == 2


async def test_a_disconnected_account_takes_its_names_with_it(people: People) -> None:
    await people.names.refresh(JOHN)
    assert mentioned(people, "find whitfield", JOHN) == ["Dana Whitfield"]
    assert await people.accounts.disconnect(team="T1", user=JOHN.user, kind="crm", service="hubspot")
    assert mentioned(people, "find whitfield", JOHN) == []
    await people.names.refresh(JOHN)
    assert mentioned(people, "find whitfield", JOHN) == []


async def test_calendar_mail_and_crm_listings_give_names_only(tmp_path: Path) -> None:
    with open_workspace(tmp_path / "workspace.sqlite3") as workspace:
        now = datetime.now().astimezone()

        async def opened() -> Connector:
            return workspace

        async def nothing() -> None:
            return None

        events = await calendar_names(opened, lambda: now)()
        mail = await mail_names(opened, lambda: now)()
        crm = await crm_names(opened, lambda: now)()
        assert events and {kind for _, kind in events} == {"event"}
        assert mail and {kind for _, kind in mail} == {"sender"}
        assert not any("@" in name or "<" in name for name, _ in mail)  # a name, never an address
        assert {"contact", "account", "deal"} <= {kind for _, kind in crm}
        listed = {name for name, _ in [*events, *mail, *crm]}
        assert listed <= {name for name, _ in await workspace.names()}
        far = await calendar_names(opened, lambda: now + timedelta(days=3650))()
        assert far == []  # only upcoming events
        assert await crm_names(nothing, lambda: now)() == []  # not connected: nothing


async def test_where_every_kind_is_shared_nobody_gets_an_index_of_their_own() -> None:
    async def shared() -> list[tuple[str, str]]:
        return list(SHARED)

    names = PersonalNames(RefreshedNames([shared]), None)
    await names.refresh_shared()
    names.start()
    try:
        assert await names.refresh(JOHN) is names.for_requester(MARIA) is names.for_requester(None)
        assert names.held() == 0
    finally:
        await names.close()


async def test_a_workspace_crm_connected_is_listed_again_for_its_members(people: People) -> None:
    """A CRM connected for the whole workspace (here without naming it: the install's one workspace) serves those
    without their own: their indexes go, and the next listing holds its names."""
    await people.names.refresh(SARAH)
    assert mentioned(people, "find whitfield", SARAH) == []
    crm = {"token": "pat-john"}
    await people.accounts.save(team="", user=WORKSPACE, kind="crm", service="hubspot", label="x", credentials=crm)
    assert people.names.held() == 0
    await people.names.refresh(SARAH)
    assert mentioned(people, "find whitfield", SARAH) == ["Dana Whitfield"]
