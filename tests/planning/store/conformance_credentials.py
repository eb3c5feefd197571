"""The ``CredentialStore`` contract, one suite for every backend: a backend's test class provides ``accounts``, a
fresh, empty store (closed afterwards), and ``reopen``, another store on the same file or database."""

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from planning.store.credentials import WORKSPACE, CredentialStore, StoredAccount

WHEN = datetime(2026, 3, 2, 14, 0, tzinfo=UTC)
Reopen = Callable[[], Awaitable[CredentialStore]]


def account(
    team: str = "T1", user: str = "UA", kind: str = "email", secret: bytes = b"\x00sealed\xff"
) -> StoredAccount:
    return StoredAccount(
        team=team,
        user=user,
        kind=kind,  # type: ignore[arg-type]  # a wrong kind, in one test
        service="imap",
        label=f"{user}@example.com",
        secret=secret,
        updated_at=WHEN,
    )


class CredentialStoreConformance:
    async def test_an_account_is_kept_with_its_bytes_and_time(self, accounts: CredentialStore) -> None:
        await accounts.put(account())
        found = await accounts.get("T1", "UA", "email")
        assert found == account()
        assert found is not None and found.updated_at == WHEN and found.secret == b"\x00sealed\xff"

    async def test_accounts_are_per_team_user_and_kind(self, accounts: CredentialStore) -> None:
        await accounts.put(account())
        assert await accounts.get("T1", "UB", "email") is None
        assert await accounts.get("T2", "UA", "email") is None
        assert await accounts.get("T1", "UA", "calendar") is None

    async def test_putting_again_replaces_the_account_of_that_kind(self, accounts: CredentialStore) -> None:
        await accounts.put(account(secret=b"first"))
        await accounts.put(account(secret=b"second"))
        assert [a.secret for a in await accounts.list()] == [b"second"]

    async def test_the_list_is_ordered_and_narrowed(self, accounts: CredentialStore) -> None:
        for each in (
            account("T2", "UA"),
            account("T1", "UB", "calendar"),
            account("T1", "UA"),
            account("T1", WORKSPACE, "crm"),
        ):
            await accounts.put(each)
        listed = [(a.team, a.user, a.kind) for a in await accounts.list()]
        assert listed == [("T1", "", "crm"), ("T1", "UA", "email"), ("T1", "UB", "calendar"), ("T2", "UA", "email")]
        assert [(a.team, a.user) for a in await accounts.list(team="T1", user="UA")] == [("T1", "UA")]
        assert [a.team for a in await accounts.list(user="UA")] == ["T1", "T2"]

    async def test_delete_says_whether_there_was_one(self, accounts: CredentialStore) -> None:
        await accounts.put(account())
        assert await accounts.delete("T1", "UA", "email") is True
        assert await accounts.delete("T1", "UA", "email") is False
        assert await accounts.list() == []

    async def test_reseal_replaces_only_the_secret_it_was_read_with(self, accounts: CredentialStore) -> None:
        await accounts.put(account(secret=b"old"))
        read = await accounts.get("T1", "UA", "email")
        assert read is not None
        await accounts.put(account(secret=b"reconnected"))  # someone reconnected in between: keep theirs
        assert await accounts.reseal(read, b"resealed") is False
        fresh = await accounts.get("T1", "UA", "email")
        assert fresh is not None and fresh.secret == b"reconnected"
        assert await accounts.reseal(fresh, b"resealed") is True
        again = await accounts.get("T1", "UA", "email")
        assert again is not None and again.secret == b"resealed" and again.label == "UA@example.com"

    async def test_an_account_marked_for_reconnection_stays_so_until_it_is_put_again(
        self, accounts: CredentialStore
    ) -> None:
        await accounts.put(account(secret=b"revoked"))
        read = await accounts.get("T1", "UA", "email")
        assert read is not None and read.needs_reconnect is False
        await accounts.put(account(secret=b"reconnected"))  # connected again meanwhile: the mark does not apply
        assert await accounts.mark_needs_reconnect(read) is False
        fresh = await accounts.get("T1", "UA", "email")
        assert fresh is not None and fresh.needs_reconnect is False
        assert await accounts.mark_needs_reconnect(fresh) is True
        marked = await accounts.get("T1", "UA", "email")
        assert marked is not None and marked.needs_reconnect is True and marked.secret == b"reconnected"
        assert [a.needs_reconnect for a in await accounts.list()] == [True]
        await accounts.put(account(secret=b"again"))
        assert (await accounts.get("T1", "UA", "email")).needs_reconnect is False  # type: ignore[union-attr]

    async def test_the_secret_is_not_in_the_repr(self) -> None:
        assert "sealed" not in repr(account())

    async def test_another_store_on_the_same_place_sees_the_accounts(
        self, accounts: CredentialStore, reopen: Reopen
    ) -> None:
        await accounts.put(account())
        other = await reopen()
        try:
            assert await other.get("T1", "UA", "email") == account()
        finally:
            if other is not accounts:
                await other.close()
