"""What Slack's two sign-in stand-ins (``fake_installs``: the app's install, ``fake_openid``: Sign in with Slack)
check alike when a code is exchanged for tokens, and the error page their authorize step shows."""

import secrets
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from aiohttp import web


class ExchangeRefusedError(Exception):
    """Slack's answer refusing an exchange: ``{"ok": false, "error": ...}``."""

    def __init__(self, error: str) -> None:
        super().__init__(error)
        self.answer: dict[str, Any] = {"ok": False, "error": error}


class OneTimeCode(Protocol):
    redirect_uri: str | None
    used: bool


Code = TypeVar("Code", bound=OneTimeCode)


def check_client(client_id: str, client_secret: str, *, app_id: str, app_secret: str) -> None:
    """``ExchangeRefusedError`` unless the client is the app, by its id and secret."""
    if client_id != app_id:
        raise ExchangeRefusedError("invalid_client_id")
    if not secrets.compare_digest(client_secret, app_secret):
        raise ExchangeRefusedError("bad_client_secret")


def redeem_code(codes: Mapping[str, Code], args: Mapping[str, Any]) -> Code:
    """The code ``args`` exchange (an authorization-code grant), now used: good once, and only for the
    ``redirect_uri`` it was issued with; ``ExchangeRefusedError`` as Slack answers otherwise."""
    if args.get("grant_type") not in (None, "authorization_code"):
        raise ExchangeRefusedError("unsupported_grant_type")
    code = codes.get(str(args.get("code") or ""))
    if code is None or code.used:
        raise ExchangeRefusedError("invalid_code")
    if code.redirect_uri is not None and args.get("redirect_uri") != code.redirect_uri:
        raise ExchangeRefusedError("bad_redirect_uri")
    code.used = True
    return code


def error_page(status: int, error: str) -> web.Response:
    """The page Slack shows in the browser when an authorize request is wrong."""
    return web.Response(
        status=status, text=f"<html><body>Something went wrong: {error}</body></html>", content_type="text/html"
    )
