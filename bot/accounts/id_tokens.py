"""OpenID Connect ID tokens signed RS256 (a JWT), checked with the issuer's published keys (a JWKS).

``verified_claims`` checks the signature with the key the token's header names (``kid``), then the issuer, the
audience, the expiry and the nonce (OpenID Connect Core §3.1.3.7); ``IdTokenError`` says which check failed, never
the token.
"""

import base64
import binascii
import json
import time
from collections.abc import Mapping
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

CLOCK_SKEW_SECONDS = 60


class IdTokenError(ValueError):
    """An ID token that cannot be trusted; the message names the check (``signature``, ``nonce``, ...)."""


def public_keys(jwks: Mapping[str, Any]) -> dict[str, rsa.RSAPublicKey]:
    """The RSA signing keys of a JWKS document, by ``kid`` (others are left out)."""
    keys: dict[str, rsa.RSAPublicKey] = {}
    for jwk in jwks.get("keys") or []:
        if not isinstance(jwk, dict) or jwk.get("kty") != "RSA" or jwk.get("use", "sig") != "sig":
            continue
        try:
            n, e = (int.from_bytes(_unbase64(str(jwk[name])), "big") for name in ("n", "e"))
            keys[str(jwk.get("kid", ""))] = rsa.RSAPublicNumbers(e, n).public_key()
        except (KeyError, ValueError):
            continue
    return keys


def key_id(token: str) -> str:
    """The ``kid`` the token's header names ("" when none)."""
    return str(_part(token, 0).get("kid", ""))


def verified_claims(
    token: str,
    keys: Mapping[str, rsa.RSAPublicKey],
    *,
    issuer: str,
    audience: str,
    nonce: str,
    now: float | None = None,
) -> dict[str, Any]:
    """The claims of ``token`` once its signature, issuer, audience, expiry and nonce are right."""
    header = _part(token, 0)
    if header.get("alg") != "RS256":
        raise IdTokenError("the ID token is not signed with RS256")
    key = keys.get(str(header.get("kid", "")))
    if key is None:
        raise IdTokenError("the ID token is signed with an unknown key")
    signing_input, _, signature = token.rpartition(".")
    try:
        key.verify(_unbase64(signature), signing_input.encode(), padding.PKCS1v15(), hashes.SHA256())
    except (InvalidSignature, ValueError):
        raise IdTokenError("the ID token's signature is wrong") from None
    claims = _part(token, 1)
    at = time.time() if now is None else now
    audiences = claims.get("aud")
    if claims.get("iss") != issuer:
        raise IdTokenError("the ID token is from another issuer")
    if audience not in (audiences if isinstance(audiences, list) else [audiences]):
        raise IdTokenError("the ID token is for another app")
    if not isinstance(claims.get("exp"), int | float) or claims["exp"] + CLOCK_SKEW_SECONDS < at:
        raise IdTokenError("the ID token has expired")
    if isinstance(claims.get("iat"), int | float) and claims["iat"] - CLOCK_SKEW_SECONDS > at:
        raise IdTokenError("the ID token was issued in the future")
    if not isinstance(claims.get("nonce"), str) or claims["nonce"] != nonce:
        raise IdTokenError("the ID token's nonce is not the one sent")
    return claims


def _part(token: str, index: int) -> dict[str, Any]:
    parts = token.split(".")
    if len(parts) != 3:
        raise IdTokenError("the ID token is not a JWT")
    try:
        value = json.loads(_unbase64(parts[index]))
    except (ValueError, UnicodeDecodeError):
        raise IdTokenError("the ID token is not a JWT") from None
    if not isinstance(value, dict):
        raise IdTokenError("the ID token is not a JWT")
    return value


def _unbase64(text: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise IdTokenError("the ID token is not a JWT") from None
