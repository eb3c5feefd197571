"""The installation and OAuth state stores (``bot.slack.install_store`` / ``install_states``), one suite for every
backend of the Slack state. A backend's test class provides ``location``: where a fresh, empty Slack state is (a
SQLite path or a ``postgresql://`` URL); each ``open_db`` call on one test is another handle on it (a replica)."""

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime

import pytest
from slack_sdk.oauth.installation_store import Installation

from bot.accounts.vault import Vault, WrongKeyError
from bot.slack.install_sql import Statements, open_statements
from bot.slack.install_states import SlackOAuthStates
from bot.slack.install_store import SlackInstallations
from tests.fakes import ManualClock

KEY = "k" * 40
NEW_KEY = "n" * 40
CLIENT_ID = "111.222"
START = datetime(2026, 3, 2, 14, 0, tzinfo=UTC)
OpenDb = Callable[[], Awaitable[Statements]]


def installation(
    team: str | None,
    *,
    user: str = "U1",
    enterprise: str | None = None,
    org_wide: bool = False,
    token: str | None = None,
    refresh: str | None = None,
    expires_in: int | None = None,
    installed_at: float | None = None,
) -> Installation:
    return Installation(
        app_id="A1",
        enterprise_id=enterprise,
        team_id=None if org_wide else team,
        team_name=f"{team} inc",
        bot_token=token or f"xoxb-{enterprise or ''}-{team or 'org'}-{user}",
        bot_id=f"B-{team}",
        bot_user_id=f"UB-{team}",
        bot_scopes="chat:write,commands",
        bot_refresh_token=refresh,
        bot_token_expires_in=expires_in,
        user_id=user,
        is_enterprise_install=org_wide,
        token_type="bot",
        installed_at=installed_at,
    )


class InstallStoreConformance:
    @pytest.fixture
    async def open_db(self, location: str) -> AsyncIterator[OpenDb]:
        opened: list[Statements] = []

        async def open_one() -> Statements:
            opened.append(await open_statements(location))
            return opened[-1]

        yield open_one
        for each in opened:
            await each.close()

    @pytest.fixture
    async def store(self, open_db: OpenDb) -> SlackInstallations:
        return SlackInstallations(await open_db(), Vault(KEY), client_id=CLIENT_ID)

    @pytest.fixture
    def clock(self) -> ManualClock:
        return ManualClock(START)

    @pytest.fixture
    async def states(self, open_db: OpenDb, clock: ManualClock) -> SlackOAuthStates:
        return SlackOAuthStates(await open_db(), secret="state-secret", expiration_seconds=600, clock=clock)

    # --- installations -----------------------------------------------------------------------------------

    async def test_a_workspace_is_found_with_its_bot_and_no_other_is(self, store: SlackInstallations) -> None:
        await store.async_save(installation("T1"))
        await store.async_save(installation("T2"))
        found = await store.async_find_installation(enterprise_id=None, team_id="T1")
        bot = await store.async_find_bot(enterprise_id=None, team_id="T2")
        assert found is not None and found.bot_token == "xoxb--T1-U1" and found.team_name == "T1 inc"
        assert found.bot_scopes == ["chat:write", "commands"]
        assert bot is not None and bot.bot_token == "xoxb--T2-U1" and bot.bot_user_id == "UB-T2"
        assert await store.async_find_installation(enterprise_id=None, team_id="T3") is None
        assert await store.async_find_bot(enterprise_id="E1", team_id="T1") is None  # another organisation's T1

    async def test_a_workspace_of_an_organisation_is_found_only_with_its_organisation(
        self, store: SlackInstallations
    ) -> None:
        await store.async_save(installation("T1", enterprise="E1"))
        assert await store.async_find_bot(enterprise_id="E1", team_id="T1") is not None
        assert await store.async_find_bot(enterprise_id=None, team_id="T1") is None
        assert await store.async_find_bot(enterprise_id="E1", team_id="T1", is_enterprise_install=True) is None

    async def test_an_org_wide_install_serves_every_workspace_of_its_organisation(
        self, store: SlackInstallations
    ) -> None:
        await store.async_save(installation(None, enterprise="E1", org_wide=True))
        for team in ("T7", "T8", None):
            found = await store.async_find_installation(enterprise_id="E1", team_id=team, is_enterprise_install=True)
            assert found is not None and found.bot_token == "xoxb-E1-org-U1" and found.is_enterprise_install
        assert await store.async_find_bot(enterprise_id="E1", team_id="T7", is_enterprise_install=False) is None
        assert await store.async_find_bot(enterprise_id="E2", team_id=None, is_enterprise_install=True) is None

    async def test_the_latest_installer_wins_and_each_installer_keeps_their_own(
        self, store: SlackInstallations
    ) -> None:
        now = time.time()
        await store.async_save(installation("T1", user="U1", token="xoxb-first", installed_at=now - 60))
        await store.async_save(installation("T1", user="U2", token="xoxb-second", installed_at=now))
        latest = await store.async_find_installation(enterprise_id=None, team_id="T1")
        first = await store.async_find_installation(enterprise_id=None, team_id="T1", user_id="U1")
        assert latest is not None and latest.user_id == "U2" and latest.bot_token == "xoxb-second"
        assert first is not None and first.user_id == "U1"
        assert first.bot_token == "xoxb-second"  # the workspace has one bot: the latest one
        assert await store.async_find_installation(enterprise_id=None, team_id="T1", user_id="U9") is None

    async def test_a_rotated_bot_token_replaces_the_old_one(self, store: SlackInstallations, location: str) -> None:
        first = installation("T1", token="xoxe.xoxb-old", refresh="xoxe-1-old", expires_in=60)
        await store.async_save(first)
        bot = await store.async_find_bot(enterprise_id=None, team_id="T1")
        assert bot is not None and bot.bot_refresh_token == "xoxe-1-old"
        assert bot.bot_token_expires_at is not None and bot.bot_token_expires_at <= time.time() + 60
        bot.bot_token, bot.bot_refresh_token, bot.bot_token_expires_at = "xoxe.xoxb-new", "xoxe-1-new", 2_000_000_000
        await store.async_save_bot(bot)
        found = await store.async_find_installation(enterprise_id=None, team_id="T1")
        assert found is not None and (found.bot_token, found.bot_refresh_token) == ("xoxe.xoxb-new", "xoxe-1-new")
        assert found.bot_token_expires_at == 2_000_000_000

    async def test_tokens_are_stored_sealed(self, store: SlackInstallations, open_db: OpenDb) -> None:
        await store.async_save(installation("T1", token="xoxb-plain-secret", refresh="xoxe-1-plain-refresh"))
        db = await open_db()
        for table in ("slack_installations", "slack_bots"):
            rows, _ = await db.run(f"SELECT sealed FROM {table}")
            assert rows
            for (sealed,) in rows:
                # the secrets whole: a sealed token's base64 may hold "xox" or "plain" by chance (CI12 saw it once)
                assert b"xoxb-plain-secret" not in bytes(sealed) and b"xoxe-1-plain-refresh" not in bytes(sealed)

    async def test_deleting_a_workspace_leaves_the_others(self, store: SlackInstallations) -> None:
        await store.async_save(installation("T1", user="U1"))
        await store.async_save(installation("T1", user="U2"))
        await store.async_save(installation("T2"))
        await store.async_delete_installation(enterprise_id=None, team_id="T1", user_id="U1")
        assert await store.async_find_installation(enterprise_id=None, team_id="T1", user_id="U1") is None
        assert await store.async_find_installation(enterprise_id=None, team_id="T1", user_id="U2") is not None
        await store.async_delete_all(enterprise_id=None, team_id="T1")
        assert await store.async_find_installation(enterprise_id=None, team_id="T1") is None
        assert await store.async_find_bot(enterprise_id=None, team_id="T1") is None
        assert await store.async_find_bot(enterprise_id=None, team_id="T2") is not None

    async def test_a_workspace_bot_is_found_by_team_alone_outside_requests(self, store: SlackInstallations) -> None:
        await store.async_save(installation("T1", enterprise="E1"))
        await store.async_save(installation(None, enterprise="E2", org_wide=True))
        own = await store.find_bot_for_team("T1")
        assert own is not None and own.bot_token == "xoxb-E1-T1-U1"
        assert await store.find_bot_for_team("T5") is None  # not yet seen as a workspace of E2
        await store.remember_org_workspace("T5", "E2")
        org = await store.find_bot_for_team("T5")
        assert org is not None and org.bot_token == "xoxb-E2-org-U1"
        assert await store.org_workspaces("E2") == ["T5"]
        await store.async_delete_all(enterprise_id="E2", team_id=None)
        assert await store.find_bot_for_team("T5") is None
        assert await store.org_workspaces("E2") == []

    async def test_an_old_key_still_opens_and_everything_moves_to_the_new_one(self, open_db: OpenDb) -> None:
        old = SlackInstallations(await open_db(), Vault(KEY), client_id=CLIENT_ID)
        await old.async_save(installation("T1"))
        rotating = SlackInstallations(await open_db(), Vault(NEW_KEY, [KEY]), client_id=CLIENT_ID)
        assert await rotating.check_key() == 2  # the installation and its bot
        assert await rotating.check_key() == 0
        new_only = SlackInstallations(await open_db(), Vault(NEW_KEY), client_id=CLIENT_ID)
        found = await new_only.async_find_bot(enterprise_id=None, team_id="T1")
        assert found is not None and found.bot_token == "xoxb--T1-U1"

    async def test_a_wrong_key_is_refused(self, store: SlackInstallations, open_db: OpenDb) -> None:
        await store.async_save(installation("T1"))
        wrong = SlackInstallations(await open_db(), Vault(NEW_KEY), client_id=CLIENT_ID)
        with pytest.raises(WrongKeyError):
            await wrong.check_key()

    async def test_another_app_sees_none_of_these_installations(
        self, store: SlackInstallations, open_db: OpenDb
    ) -> None:
        await store.async_save(installation("T1"))
        other = SlackInstallations(await open_db(), Vault(KEY), client_id="999.999")
        assert await other.async_find_installation(enterprise_id=None, team_id="T1") is None
        assert await other.find_bot_for_team("T1") is None

    # --- OAuth states ------------------------------------------------------------------------------------

    async def test_a_state_passes_once(self, states: SlackOAuthStates) -> None:
        state = await states.async_issue()
        assert len(state) >= 40
        assert await states.async_consume(state) is True
        assert await states.async_consume(state) is False  # a replayed callback

    async def test_a_state_not_issued_or_expired_does_not_pass(
        self, states: SlackOAuthStates, clock: ManualClock
    ) -> None:
        assert await states.async_consume("made-up") is False
        assert await states.async_consume("") is False
        assert await states.async_consume("x" * 10_000) is False
        state = await states.async_issue()
        clock.advance(seconds=601)
        assert await states.async_consume(state) is False

    async def test_only_a_keyed_hash_of_a_state_is_stored(self, states: SlackOAuthStates, open_db: OpenDb) -> None:
        state = await states.async_issue()
        rows, _ = await (await open_db()).run("SELECT state_hash FROM slack_oauth_states")
        assert len(rows) == 1 and state not in str(rows[0][0])
        other_secret = SlackOAuthStates(await open_db(), secret="another-secret")
        assert await other_secret.async_consume(state) is False

    async def test_expired_states_are_swept_when_new_ones_are_issued(
        self, states: SlackOAuthStates, clock: ManualClock, open_db: OpenDb
    ) -> None:
        for _ in range(3):
            await states.async_issue()
        clock.advance(minutes=11)
        await states.async_issue()
        rows, _ = await (await open_db()).run("SELECT count(*) FROM slack_oauth_states")
        assert rows[0][0] == 1

    async def test_of_two_replicas_consuming_one_state_exactly_one_passes(
        self, states: SlackOAuthStates, open_db: OpenDb, clock: ManualClock
    ) -> None:
        replica = SlackOAuthStates(await open_db(), secret="state-secret", clock=clock)
        for _ in range(5):
            state = await states.async_issue()
            results = await asyncio.gather(states.async_consume(state), replica.async_consume(state))
            assert sorted(results) == [False, True]
