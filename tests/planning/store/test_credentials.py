"""The account store on every backend (the shared suite), and its place in the plan store's schema."""

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from planning.store import SqlitePlanStore, migrations
from planning.store.credentials import CredentialStore, InMemoryCredentialStore, open_credentials
from tests.planning.store.conformance_credentials import CredentialStoreConformance, Reopen, account


class TestInMemoryCredentialStore(CredentialStoreConformance):
    @pytest.fixture
    async def accounts(self) -> AsyncIterator[CredentialStore]:
        yield InMemoryCredentialStore()

    @pytest.fixture
    def reopen(self, accounts: CredentialStore) -> Reopen:
        async def same() -> CredentialStore:
            return accounts

        return same


class TestSqliteCredentialStore(CredentialStoreConformance):
    @pytest.fixture
    async def accounts(self, tmp_path: Path) -> AsyncIterator[CredentialStore]:
        store = await open_credentials(tmp_path / "plans.sqlite3")
        yield store
        await store.close()

    @pytest.fixture
    def reopen(self, tmp_path: Path) -> Reopen:
        async def other() -> CredentialStore:
            return await open_credentials(tmp_path / "plans.sqlite3")

        return other


class TestPostgresCredentialStore(CredentialStoreConformance):
    @pytest.fixture
    async def accounts(self, postgres_url: str) -> AsyncIterator[CredentialStore]:
        store = await open_credentials(postgres_url)
        yield store
        await store.close()

    @pytest.fixture
    def reopen(self, postgres_url: str) -> Reopen:
        async def other() -> CredentialStore:
            return await open_credentials(postgres_url)

        return other


async def test_the_accounts_live_in_the_plan_store_file(tmp_path: Path) -> None:
    path = tmp_path / "plans.sqlite3"
    plans = await SqlitePlanStore.open(path)
    accounts = await open_credentials(path)
    try:
        await accounts.put(account(secret=b"ciphertext"))
    finally:
        await accounts.close()
        await plans.close()
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT team, user_id, kind, secret FROM accounts").fetchall()
        version = db.execute("SELECT version_num FROM plan_store_version").fetchall()
    db.close()
    assert rows == [("T1", "UA", "email", b"ciphertext")]
    assert version == [(f"{migrations.SQLITE.head:04d}",)]


async def test_a_kind_that_is_not_one_is_refused_by_the_table(tmp_path: Path) -> None:
    accounts = await open_credentials(tmp_path / "plans.sqlite3")
    try:
        with pytest.raises(Exception, match="CHECK"):
            await accounts.put(account(kind="phone"))
    finally:
        await accounts.close()
