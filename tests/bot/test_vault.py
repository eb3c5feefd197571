"""Credentials sealed with PLANBOT_SECRET_KEY: only the key (or an old key) opens them, a wrong key is a sentence,
and an account sealed with an old key is re-encrypted with the new one at start."""

from datetime import UTC, datetime

import pytest

from bot.accounts.book import Accounts
from bot.accounts.vault import MissingKeyError, Vault, VaultError, WrongKeyError
from planning.store.credentials import InMemoryCredentialStore

KEY = "k" * 16 + "-current-secret-key-0123"
OLD = "o" * 16 + "-previous-secret-key-4567"
CREDENTIALS = {"url": "imaps://mail.example.com", "username": "ann@example.com", "password": "app-pass-1234"}


def test_sealed_credentials_open_with_the_key_and_do_not_show_the_password() -> None:
    vault = Vault(KEY)
    token = vault.seal(CREDENTIALS)
    assert b"app-pass-1234" not in token and b"ann@example.com" not in token
    assert vault.open(token) == CREDENTIALS
    assert KEY not in repr(vault)


def test_a_wrong_key_is_a_clear_error_naming_the_setting() -> None:
    token = Vault(OLD).seal(CREDENTIALS)
    with pytest.raises(WrongKeyError, match="PLANBOT_SECRET_KEY") as raised:
        Vault(KEY).open(token)
    assert raised.value.__cause__ is None and raised.value.__suppress_context__


def test_a_short_key_is_refused() -> None:
    with pytest.raises(VaultError, match="at least 32 characters"):
        Vault("too-short")


def test_an_old_key_still_opens_and_reseal_moves_to_the_new_key() -> None:
    token = Vault(OLD).seal(CREDENTIALS)
    rotated = Vault(KEY, [OLD])
    assert rotated.open(token) == CREDENTIALS and not rotated.is_current(token)
    moved = rotated.reseal(token)
    assert rotated.is_current(moved) and Vault(KEY).open(moved) == CREDENTIALS


async def _accounts_with_one(vault: Vault) -> InMemoryCredentialStore:
    store = InMemoryCredentialStore()
    await Accounts(store, vault).save(
        team="T1", user="UA", kind="email", service="imap", label="ann@example.com", credentials=CREDENTIALS
    )
    return store


async def test_at_start_accounts_sealed_with_an_old_key_are_re_encrypted() -> None:
    store = await _accounts_with_one(Vault(OLD))
    assert await Accounts(store, Vault(KEY, [OLD])).check_key() == 1
    (account,) = await store.list()
    assert Vault(KEY).open(account.secret) == CREDENTIALS  # the old key is no longer needed
    assert await Accounts(store, Vault(KEY, [OLD])).check_key() == 0


async def test_stored_accounts_need_the_key_and_the_right_one() -> None:
    store = await _accounts_with_one(Vault(OLD))
    with pytest.raises(MissingKeyError, match="PLANBOT_SECRET_KEY is not set"):
        await Accounts(store, None).check_key()
    with pytest.raises(WrongKeyError, match="PLANBOT_OLD_SECRET_KEYS"):
        await Accounts(store, Vault(KEY)).check_key()
    assert await Accounts(InMemoryCredentialStore(), None).check_key() == 0  # no accounts: no key needed


async def test_saving_without_a_key_says_which_setting() -> None:
    with pytest.raises(MissingKeyError, match="PLANBOT_SECRET_KEY"):
        await Accounts(InMemoryCredentialStore(), None, clock=lambda: datetime.now(UTC)).save(
            team="T1", user="UA", kind="email", service="imap", label="x", credentials=CREDENTIALS
        )
