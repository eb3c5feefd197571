"""Sealing credentials: Fernet keys derived from ``PLANBOT_SECRET_KEY``; ``PLANBOT_OLD_SECRET_KEYS`` still open.

A key is HKDF-SHA256 of the secret (at least 32 characters), so any long random string will do. Sealing always
uses the current key; opening tries the current one, then the old ones (``MultiFernet``), and ``reseal`` moves a
token to the current key. A token no key opens raises ``WrongKeyError``, whose message says what to check.
"""

import base64
import json
from collections.abc import Sequence
from typing import Any

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

MIN_SECRET_CHARS = 32
_INFO = b"planbot credentials v1"


class VaultError(Exception):
    """A problem with the keys; the message is fit to show (it never holds a key or a credential)."""


class WrongKeyError(VaultError):
    pass


class MissingKeyError(VaultError):
    pass


def derive_key(secret: str) -> bytes:
    if len(secret) < MIN_SECRET_CHARS:
        raise VaultError(f"PLANBOT_SECRET_KEY must be at least {MIN_SECRET_CHARS} characters long")
    material = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_INFO).derive(secret.encode())
    return base64.urlsafe_b64encode(material)


class Vault:
    """Seals and opens credentials (a JSON object) with the current key; old keys only open."""

    def __init__(self, secret: str, old_secrets: Sequence[str] = ()) -> None:
        keys = [Fernet(derive_key(secret))]
        for old in old_secrets:
            try:
                keys.append(Fernet(derive_key(old)))
            except VaultError as error:
                raise VaultError(f"an entry of PLANBOT_OLD_SECRET_KEYS is too short ({error})") from None
        self._current = keys[0]
        self._all = MultiFernet(keys)

    def __repr__(self) -> str:
        return "Vault(<keys hidden>)"

    def seal(self, credentials: dict[str, Any]) -> bytes:
        return self._current.encrypt(json.dumps(credentials, separators=(",", ":")).encode())

    def open(self, token: bytes) -> dict[str, Any]:
        try:
            opened: dict[str, Any] = json.loads(self._all.decrypt(token))
        except InvalidToken:
            raise WrongKeyError(_WRONG_KEY) from None
        return opened

    def is_current(self, token: bytes) -> bool:
        try:
            self._current.decrypt(token)
        except InvalidToken:
            return False
        return True

    def reseal(self, token: bytes) -> bytes:
        """The same credentials under the current key."""
        try:
            return self._all.rotate(token)
        except InvalidToken:
            raise WrongKeyError(_WRONG_KEY) from None


_WRONG_KEY = (
    "the stored account credentials cannot be opened with PLANBOT_SECRET_KEY: it is not the key they were saved "
    "with (after changing it, list the previous key in PLANBOT_OLD_SECRET_KEYS until everything is re-encrypted)"
)
