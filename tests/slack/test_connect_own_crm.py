"""Each person's own CRM, over signed HTTP with the Slack stand-in: Maria and John each press Connect in their Home
tab, sign in with Slack, then at HubSpot's (or Salesforce's) authorization server (a local one built from authlib's
components, with PKCE) with their own account; each one's plan then reads and changes only their own CRM, and the
Home tab names whose account it is. Disconnect revokes the grant at the service."""

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from bot.accounts.oauth_providers import HUBSPOT_SCOPES
from tests.bot.accounts.oauth_server import HUBSPOT, SALESFORCE, Client, Person, SignInServer, sign_in_server
from tests.integrations.crm.hubspot_fake import FakeHubSpot
from tests.integrations.crm.hubspot_portals import portals
from tests.integrations.crm.salesforce_fake import FakeSalesforce
from tests.integrations.crm.salesforce_fake import running as running_salesforce
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.fake_web_api import SlackCall
from tests.slack.kit.payloads import block_actions_body, dm_channel_id, im_message_event
from tests.slack.kit.views import view_button
from tests.slack.test_connect_home import ADMIN, JOHN, KEY, MARIA, home_of, no_planbot_environment, text_of
from tests.slack.test_connect_password_page import PUBLIC, browser_of, follow, link_on_home
from tests.slack.test_scenarios import buttons

__all__ = ["no_planbot_environment"]
PEOPLE = {MARIA: Person("hs-maria", "maria.garcia@example.com", org="maria-hub.example"),
          JOHN: Person("hs-john", "john.smith@example.com", org="john-hub.example")}  # fmt: skip
AMOUNTS = {MARIA: "48213", JOHN: "91077"}  # the same deal's name in both CRMs, a different amount in each
ASK = "how much is the Zebracorp deal worth?"
MOVE = "move the Zebracorp deal to negotiation"
DEAL = "1002"  # the id the deal gets in each account (after the company's)


@pytest.fixture(autouse=True)
def _plain_http_sign_in(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTHLIB_INSECURE_TRANSPORT", "1")  # the local authorization server speaks plain HTTP


def hubspot_account(user: str) -> FakeHubSpot:
    fake = FakeHubSpot(token=f"unused-{user}")
    company = fake.store.add("companies", {"name": "Zebracorp", "domain": "zebracorp.example"})
    deal = fake.store.add(
        "deals", {"dealname": "Zebracorp renewal", "amount": AMOUNTS[user], "dealstage": "qualifiedtobuy"}
    )
    fake.store.associate("deals", deal.id, "companies", company.id, 5)
    assert deal.id == DEAL
    return fake


@dataclass
class Crms:
    bot: Bot
    provider: SignInServer
    hubspot: dict[str, FakeHubSpot]
    people: dict[str, Person]
    by_person: dict[str, FakeHubSpot]  # the HubSpot account each sign-in's tokens open

    def login(self, user: str, person: Person, account: FakeHubSpot) -> None:
        """``user`` of Slack signs in at HubSpot as ``person``, whose tokens open ``account``."""
        self.people[user], self.by_person[person.sub] = person, account

    async def connect(self, user: str, kind: str = "crm") -> str:
        """``user`` presses Connect in their Home tab and signs in, in their own browser: the last page's text."""
        self.provider.person = self.people[user]
        async with browser_of(self.bot, user) as browser:
            page = await follow(self.bot, browser, await link_on_home(self.bot, user, kind))
        assert page.status == 200, page.html
        return page.html


@asynccontextmanager
async def hubspot_crms(tmp_path: Path, *, rotate: bool = False) -> AsyncIterator[Crms]:
    accounts = {user: hubspot_account(user) for user in PEOPLE}
    by_person = {person.sub: accounts[user] for user, person in PEOPLE.items()}
    people = dict(PEOPLE)
    client = Client(
        "hs-app", "hs-secret", [f"{PUBLIC}/accounts/hubspot/callback"], " ".join(("oauth", *HUBSPOT_SCOPES))
    )
    provider = SignInServer(
        PEOPLE[MARIA],
        client,
        paths=HUBSPOT,
        on_token=lambda token, person: by_person[person.sub].tokens.add(token),
        rotate=rotate,
    )
    async with sign_in_server(provider), portals(accounts) as api:
        settings: dict[str, Any] = {
            "crm": "hubspot",
            "secret_key": SecretStr(KEY),
            "public_url": PUBLIC,
            "oauth_hubspot_client_id": "hs-app",
            "oauth_hubspot_client_secret": SecretStr("hs-secret"),
            "oauth_hubspot_base_url": provider.url,
            "oauth_hubspot_api_url": api,
        }
        async with running_bot(tmp_path, **settings) as bot:
            yield Crms(bot, provider, accounts, people, by_person)


def amount_of(user: str) -> Callable[[str], bool]:
    """Whether a text holds ``user``'s deal amount, which only their own CRM knows."""
    return lambda text: AMOUNTS[user] in text.replace(",", "")


def in_thread(thread: str, holds: Callable[[str], bool]) -> Callable[[SlackCall], bool]:
    return lambda call: call.args.get("thread_ts") == thread and holds(json.dumps(call.args, ensure_ascii=False))


async def ask(bot: Bot, user: str, text: str, holds: Callable[[str], bool]) -> list[SlackCall]:
    asked = im_message_event(text, user_id=user)
    await bot.send(asked)
    return await bot.slack.wait_for("chat.postMessage", in_thread(asked["event"]["ts"], holds), timeout=15)


async def approve(bot: Bot, user: str, text: str) -> None:
    """``user`` asks for a change in their DM and approves it; returns once the plan finished."""
    asked = im_message_event(text, user_id=user)
    thread = asked["event"]["ts"]
    await bot.send(asked)
    [plan] = await bot.slack.wait_for("chat.postMessage", in_thread(thread, lambda t: '"Plan' in t), timeout=15)
    channel, ts = dm_channel_id(user), str(plan.response["ts"])
    for _ in range(600):
        value = buttons(bot.slack.message(channel, ts)).get("step_approve")
        if value:
            break
        await bot.slack.wait_for("chat.update", count=len(bot.slack.calls_to("chat.update")) + 1, timeout=15)
    assert value, bot.slack.message(channel, ts)
    click = block_actions_body(action_id="step_approve", value=value, user_id=user, channel_id=channel, message_ts=ts)
    assert (await bot.send(click))[0] == 200
    await bot.slack.wait_for("chat.postMessage", in_thread(thread, lambda t: "Finished" in t), timeout=15)


def stage(fake: FakeHubSpot) -> str | None:
    deal = fake.store.live("deals", DEAL)
    assert deal is not None
    return deal.properties.get("dealstage")


async def test_two_people_each_connect_their_own_hubspot_and_each_plan_reads_and_changes_only_theirs(
    tmp_path: Path,
) -> None:
    async with hubspot_crms(tmp_path) as crms:
        bot = crms.bot
        for user in (MARIA, JOHN):
            page = await crms.connect(user)
            assert "Connected" in page and PEOPLE[user].email in page
        maria_home = text_of(await home_of(bot, MARIA))
        assert "connected as *maria.garcia@example.com (maria-hub.example)*" in maria_home
        assert "Workspace CRM" not in maria_home  # her own, not a shared one
        accounts = bot.service.app.accounts
        assert accounts is not None
        assert sorted((a.user, a.kind, a.service) for a in await accounts.list()) == [
            (JOHN, "crm", "hubspot"),
            (MARIA, "crm", "hubspot"),
        ]
        for user, other in ((MARIA, JOHN), (JOHN, MARIA)):
            await ask(bot, user, ASK, amount_of(user))
            said = json.dumps([c.args for c in bot.slack.calls if c.args.get("channel") == dm_channel_id(user)])
            assert AMOUNTS[other] not in said.replace(",", "")  # never the other person's CRM

        await approve(bot, MARIA, MOVE)
        assert stage(crms.hubspot[MARIA]) in ("decisionmakerboughtin", "contractsent")  # HubSpot's negotiation
        assert stage(crms.hubspot[JOHN]) == "qualifiedtobuy"  # John's deal is untouched
        writes = {user: [r for r in fake.requests if r["method"] == "PATCH"] for user, fake in crms.hubspot.items()}
        assert len(writes[MARIA]) == 1 and writes[JOHN] == []
        requests = [*crms.hubspot[MARIA].requests, *crms.hubspot[JOHN].requests]
        assert not [s for s in (f.shape_errors for f in crms.hubspot.values()) if s], requests[:3]


async def test_an_admins_connect_for_everyone_is_shown_as_the_workspace_crm_connected_by_them(tmp_path: Path) -> None:
    async with hubspot_crms(tmp_path) as crms:
        bot = crms.bot
        bot.slack.users[ADMIN.id] = ADMIN
        crms.login(ADMIN.id, Person("hs-ada", ADMIN.email, org="maria-hub.example"), crms.hubspot[MARIA])
        assert "Connected" in await crms.connect(ADMIN.id, "crm:workspace")  # the company's: Maria's hub
        john = text_of(await home_of(bot, JOHN))
        assert f"Workspace CRM (connected by <@{ADMIN.id}>) — read-only for members" in john
        assert view_button(await home_of(bot, ADMIN.id), "account_crm_members_write", "allow")
        await ask(bot, JOHN, ASK, amount_of(MARIA))  # John reads through it
        await ask(bot, JOHN, MOVE, lambda text: "the workspace CRM is read-only for members" in text)
        assert [r for r in crms.hubspot[MARIA].requests if r["method"] == "PATCH"] == []


async def test_a_refresh_token_the_crm_rotates_is_kept_in_place_of_the_stored_one(tmp_path: Path) -> None:
    async with hubspot_crms(tmp_path, rotate=True) as crms:
        await crms.connect(MARIA)
        accounts = crms.bot.service.app.accounts
        assert accounts is not None
        [account] = await accounts.list()
        first = accounts.credentials(account)["refresh_token"]
        await ask(crms.bot, MARIA, ASK, amount_of(MARIA))  # the first step refreshes: a new refresh token
        assert crms.provider.live(first) is None  # used up at HubSpot
        for _ in range(200):  # kept by a task of its own once the step has its access token
            [account] = await accounts.list()
            if accounts.credentials(account)["refresh_token"] != first:
                break
            await asyncio.sleep(0.02)
        kept = accounts.credentials(account)["refresh_token"]
        assert kept != first and crms.provider.live(kept) is not None  # a restart starts from a live grant
        assert account.needs_reconnect is False


async def test_disconnecting_ones_own_hubspot_revokes_the_grant_and_leaves_the_other_persons(tmp_path: Path) -> None:
    async with hubspot_crms(tmp_path) as crms:
        for user in (MARIA, JOHN):
            await crms.connect(user)
        accounts = crms.bot.service.app.accounts
        assert accounts is not None
        refresh = {t.person.sub: t.refresh_token for t in crms.provider.tokens if t.refresh_token}
        [mine] = [a for a in await accounts.list() if a.user == MARIA]
        assert await accounts.disconnect(team=mine.team, user=MARIA, kind="crm", service="hubspot")
        assert crms.provider.revocations == [refresh["hs-maria"]]
        assert [a.user for a in await accounts.list()] == [JOHN]
        assert crms.provider.live(refresh["hs-john"]) is not None


async def test_salesforce_sign_in_keeps_each_persons_org_and_their_steps_read_and_change_only_it(
    tmp_path: Path,
) -> None:
    orgs = {user: FakeSalesforce() for user in PEOPLE}
    for user, org in orgs.items():
        company = org.add("Account", {"Name": "Zebracorp", "OwnerId": org.api_user})
        deal = {
            "Name": "Zebracorp renewal",
            "AccountId": company,
            "Amount": int(AMOUNTS[user]),
            "CloseDate": "2026-05-01",
        }
        org.add("Opportunity", {**deal, "StageName": "Prospecting", "OwnerId": org.api_user})
    async with running_salesforce(orgs[MARIA]) as maria_org, running_salesforce(orgs[JOHN]) as john_org:
        instances = {MARIA: maria_org, JOHN: john_org}
        people = {
            user: Person(f"005{user}", person.email, org=f"00D{user}", instance_url=instances[user])
            for user, person in PEOPLE.items()
        }
        client = Client("sf-app", "sf-secret", [f"{PUBLIC}/accounts/salesforce/callback"], "refresh_token api")
        by_person = {person.sub: orgs[user] for user, person in people.items()}
        provider = SignInServer(
            people[MARIA], client, paths=SALESFORCE, on_token=lambda t, p: by_person[p.sub].tokens.add(t)
        )
        async with sign_in_server(provider):
            settings: dict[str, Any] = {
                "crm": "salesforce",
                "secret_key": SecretStr(KEY),
                "public_url": PUBLIC,
                "oauth_salesforce_client_id": "sf-app",
                "oauth_salesforce_client_secret": SecretStr("sf-secret"),
                "oauth_salesforce_base_url": provider.url,
            }
            async with running_bot(tmp_path, **settings) as bot:
                for user in (MARIA, JOHN):
                    provider.person = people[user]
                    async with browser_of(bot, user) as browser:
                        page = await follow(bot, browser, await link_on_home(bot, user, "crm"))
                    assert page.status == 200 and "Connected" in page.html, page.html
                accounts = bot.service.app.accounts
                assert accounts is not None
                stored = {a.user: accounts.credentials(a)["instance_url"] for a in await accounts.list()}
                assert stored == instances  # each person's org, from their own token answer
                for user, other in ((MARIA, JOHN), (JOHN, MARIA)):
                    await ask(bot, user, ASK, amount_of(user))
                    said = json.dumps([c.args for c in bot.slack.calls if c.args.get("channel") == dm_channel_id(user)])
                    assert AMOUNTS[other] not in said.replace(",", "")
                await approve(bot, JOHN, MOVE)
                stages = {
                    user: [o["StageName"] for o in org.records["Opportunity"].values()] for user, org in orgs.items()
                }
                assert stages == {MARIA: ["Prospecting"], JOHN: ["Negotiation/Review"]}  # John's org only
