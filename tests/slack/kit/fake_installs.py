"""The Slack stand-in for an app installed in several workspaces through Slack's install flow.

    async with FakeSlackInstalls(CLIENT_ID, CLIENT_SECRET, users=DEMO_USERS, scopes=MANIFEST_SCOPES) as slack:
        slack.app_redirect_urls.append(bot_url + "/slack/oauth_redirect")
        await install_through_browser(http, bot_url, slack, ACME, "U0PRIYA")
        token = slack.bot_token(ACME)

What the browser and the app see, as on Slack:

- ``GET /oauth/v2/authorize`` (Slack's authorize page, beside ``/api/``): the browser must be signed in to the
  workspace (``sign_in``, a ``d`` cookie); the ``client_id`` must be the app's, a ``redirect_uri`` one of the app's
  redirect URLs (none given: its first one), ``scope`` only scopes the app declares. Approving (at once) redirects
  to the redirect URL with a ``code`` and the ``state`` as given; an org-wide install is the signed-in admin's
  choice (``sign_in(..., org_wide=True)``). Refusals are an error page (HTTP 400) that redirects nowhere.
- ``oauth.v2.access`` with the client id and secret (HTTP Basic, as slack_sdk sends them, or as arguments):
  ``invalid_client_id`` / ``bad_client_secret`` otherwise. A code is good once (``invalid_code`` after), for the
  ``redirect_uri`` it was issued with (``bad_redirect_uri``). The answer has Slack's shape: ``access_token``,
  ``token_type: bot``, ``scope``, ``bot_user_id``, ``app_id``, ``team`` (null for an org-wide install),
  ``enterprise``, ``authed_user``, ``is_enterprise_install``, and with ``token_rotation`` the expiring token's
  ``refresh_token`` and ``expires_in``. ``grant_type=refresh_token`` exchanges a refresh token once
  (``invalid_refresh_token`` after) for a new token and a new refresh token.
- Every other method takes the bot token of an installation: each call acts in that token's workspace
  (``auth.test`` says which, ``users.info`` places people there); an unknown token is ``invalid_auth``, an expired
  one ``token_expired``, one of a removed installation ``token_revoked``. ``token_of(call)`` says whose it was.
"""

import itertools
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import aiohttp
from aiohttp import web

from tests.slack.kit import payloads as p
from tests.slack.kit.fake_web_api import FakeSlackWebApi, SlackCall, _read_arguments, basic_auth
from tests.slack.kit.oauth_exchange import ExchangeRefusedError, check_client, error_page, redeem_code

OAUTH_ACCESS = "oauth.v2.access"
AUTHORIZE_PATH = "/oauth/v2/authorize"
REAL_TOKEN_LIFETIME = 12 * 3600  # Slack's expiring tokens last 12 hours
_UNUSED = "xoxb-no-workspace"  # the base fake's own token: never handed out
_counter = itertools.count(1)


@dataclass(frozen=True)
class Workspace:
    """A Slack workspace; ``enterprise_id``: the Enterprise Grid organisation it belongs to."""

    team_id: str
    name: str
    enterprise_id: str | None = None
    enterprise_name: str | None = None

    @property
    def domain(self) -> str:
        return self.name.lower().replace(" ", "-")


@dataclass
class _Install:
    """One installation of the app: a workspace's, or an organisation's (``org_wide``)."""

    workspace: Workspace
    installer: str
    org_wide: bool
    scopes: frozenset[str]
    bot_user_id: str
    bot_id: str
    removed: bool = False

    @property
    def team(self) -> dict[str, str] | None:
        return None if self.org_wide else {"id": self.workspace.team_id, "name": self.workspace.name}

    @property
    def enterprise(self) -> dict[str, str] | None:
        ws = self.workspace
        return {"id": ws.enterprise_id, "name": ws.enterprise_name or ws.enterprise_id} if ws.enterprise_id else None


@dataclass
class _Token:
    install: _Install
    expires_at: float | None


@dataclass
class _Code:
    install: _Install
    redirect_uri: str | None
    used: bool = False


@dataclass
class _Session:
    workspace: Workspace
    user_id: str
    org_wide: bool


@dataclass
class _Refresh:
    install: _Install
    used: bool = False


@dataclass
class FakeApp:
    client_id: str
    client_secret: str
    scopes: frozenset[str]
    redirect_urls: list[str] = field(default_factory=list)
    token_rotation: bool = False
    token_lifetime: int = REAL_TOKEN_LIFETIME


class FakeSlackInstalls(FakeSlackWebApi):
    def __init__(
        self,
        client_id: str,
        client_secret: str,
        *,
        scopes: Iterable[str],
        token_rotation: bool = False,
        token_lifetime: int = REAL_TOKEN_LIFETIME,
        **kwargs: Any,
    ) -> None:
        super().__init__(token=_UNUSED, scopes=scopes, **kwargs)
        self.app = FakeApp(client_id, client_secret, frozenset(scopes), [], token_rotation, token_lifetime)
        self.openid.client_id, self.openid.client_secret = client_id, client_secret  # one app: Sign in with Slack too
        self.openid.redirect_urls = self.app.redirect_urls
        self._sessions: dict[str, _Session] = {}
        self._codes: dict[str, _Code] = {}
        self._tokens: dict[str, _Token] = {}
        self._refresh: dict[str, _Refresh] = {}
        self._acting: _Install | None = None
        self._methods["auth.test"] = self._auth_test_of_token

    def _add_routes(self, app: web.Application) -> None:
        app.router.add_get(AUTHORIZE_PATH, self._handle_authorize)

    # --- the browser's side ---------------------------------------------------------------------------------

    @property
    def authorize_url(self) -> str:
        return f"{self._root}{AUTHORIZE_PATH}"

    def sign_in(self, workspace: Workspace, user_id: str, *, org_wide: bool = False) -> str:
        """A browser session of ``user_id`` in ``workspace``; returns its cookie (``d=...``)."""
        key = self.openid.sign_in(user_id, team_id=workspace.team_id)  # one Slack session for Sign in with Slack too
        self._sessions[key] = _Session(workspace, user_id, org_wide)
        return f"d={key}"

    async def _handle_authorize(self, request: web.Request) -> web.Response:
        session = self._sessions.get(request.cookies.get("d", ""))
        query = request.query
        if session is None:
            return error_page(401, "not_signed_in")
        if query.get("client_id") != self.app.client_id:
            return error_page(400, "invalid_client_id")
        redirect = query.get("redirect_uri")
        if redirect is not None and redirect not in self.app.redirect_urls:
            return error_page(400, "bad_redirect_uri")
        target = redirect or (self.app.redirect_urls[0] if self.app.redirect_urls else None)
        if target is None:
            return error_page(400, "no_redirect_uri")
        scopes = frozenset(scope for scope in query.get("scope", "").split(",") if scope)
        if not scopes or not scopes <= self.app.scopes or query.get("user_scope"):
            return error_page(400, "invalid_scope")
        if session.org_wide and session.workspace.enterprise_id is None:
            return error_page(400, "not_an_enterprise")
        number = next(_counter)
        install = _Install(
            session.workspace, session.user_id, session.org_wide, scopes, f"U0BOT{number}", f"B0BOT{number}"
        )
        code = f"{number}.{secrets.token_hex(16)}"
        self._codes[code] = _Code(install, redirect)
        location = f"{target}?{urlencode({'code': code, 'state': query.get('state', '')})}"
        return web.Response(status=302, headers={"Location": location})

    # --- oauth.v2.access ------------------------------------------------------------------------------------

    async def _handle_api(self, request: web.Request) -> web.Response:
        if request.match_info["method"] != OAUTH_ACCESS:
            return await super()._handle_api(request)
        arrived = time.monotonic()
        args, _ = await _read_arguments(request)
        client_id, client_secret = basic_auth(request) or (args.get("client_id"), args.get("client_secret"))
        body = self._oauth_access(str(client_id or ""), str(client_secret or ""), args)
        recorded = {key: value for key, value in args.items() if key != "client_secret"}
        await self._record(SlackCall(OAUTH_ACCESS, {"client_id": client_id, **recorded}, arrived, None, 200, body))
        return web.json_response(body)

    def _oauth_access(self, client_id: str, client_secret: str, args: dict[str, Any]) -> dict[str, Any]:
        try:
            check_client(client_id, client_secret, app_id=self.app.client_id, app_secret=self.app.client_secret)
            if args.get("grant_type") == "refresh_token":
                refresh = self._refresh.get(str(args.get("refresh_token") or ""))
                if refresh is None or refresh.used or refresh.install.removed:
                    return {"ok": False, "error": "invalid_refresh_token"}
                refresh.used = True
                return self._issue(refresh.install, with_installer=False)
            code = redeem_code(self._codes, args)
        except ExchangeRefusedError as refused:
            return refused.answer
        return self._issue(code.install, with_installer=True)

    def _issue(self, install: _Install, *, with_installer: bool) -> dict[str, Any]:
        rotating = self.app.token_rotation
        token = f"{'xoxe.' if rotating else ''}xoxb-{next(_counter)}-{secrets.token_hex(12)}"
        expires = time.time() + self.app.token_lifetime if rotating else None
        self._tokens[token] = _Token(install, expires)
        body: dict[str, Any] = {
            "ok": True,
            "app_id": p.APP_ID,
            "scope": ",".join(sorted(install.scopes)),
            "token_type": "bot",
            "access_token": token,
            "bot_user_id": install.bot_user_id,
            "team": install.team,
            "enterprise": install.enterprise,
            "is_enterprise_install": install.org_wide,
        }
        if with_installer:
            body["authed_user"] = {"id": install.installer}
        if rotating:
            refresh = f"xoxe-1-{secrets.token_hex(16)}"
            self._refresh[refresh] = _Refresh(install)
            body.update(refresh_token=refresh, expires_in=self.app.token_lifetime)
        return body

    # --- the app's calls ------------------------------------------------------------------------------------

    def _answer(
        self, method: str, args: dict[str, Any], token: str | None
    ) -> tuple[int, dict[str, Any], dict[str, str]]:
        if token is None:
            return 200, {"ok": False, "error": "not_authed"}, {}
        grant = self._tokens.get(token)
        if grant is None:
            return 200, {"ok": False, "error": "invalid_auth"}, {}
        if grant.install.removed:
            return 200, {"ok": False, "error": "token_revoked"}, {}
        if grant.expires_at is not None and grant.expires_at <= time.time():
            return 200, {"ok": False, "error": "token_expired"}, {}
        self._acting = grant.install  # this call acts in that workspace
        self.team_id, self.scopes = grant.install.workspace.team_id, grant.install.scopes
        return super()._answer(method, args, _UNUSED)

    def _auth_test_of_token(self, args: dict[str, Any]) -> dict[str, Any]:
        install = self._acting
        assert install is not None
        ws = install.workspace
        return {
            "url": f"https://{ws.domain}.slack.com/",
            "team": ws.name,
            "user": p.BOT_NAME,
            "team_id": ws.team_id,
            "user_id": install.bot_user_id,
            "bot_id": install.bot_id,
            "enterprise_id": ws.enterprise_id,
            "is_enterprise_install": install.org_wide,
        }

    # --- what a test asks -----------------------------------------------------------------------------------

    def bot_tokens(self, workspace: Workspace) -> list[str]:
        """The bot tokens handed out for ``workspace`` (its own installation's, or its organisation's), oldest
        first."""
        return [token for token, grant in self._tokens.items() if _serves(grant.install, workspace)]

    def bot_user_id(self, workspace: Workspace) -> str:
        return next(grant.install.bot_user_id for grant in self._tokens.values() if _serves(grant.install, workspace))

    def workspace_of(self, call: SlackCall) -> str | None:
        """The team id of the installation whose token made ``call``."""
        grant = self._tokens.get(call.token or "")
        return None if grant is None else grant.install.workspace.team_id

    def uninstall(self, workspace: Workspace) -> None:
        """The workspace's admin removes the app: every token of its installation stops working."""
        for grant in self._tokens.values():
            if _serves(grant.install, workspace):
                grant.install.removed = True

    def expire_tokens(self) -> None:
        """Every expiring token handed out so far expires now."""
        for grant in self._tokens.values():
            if grant.expires_at is not None:
                grant.expires_at = time.time() - 1


def _serves(install: _Install, workspace: Workspace) -> bool:
    if install.org_wide:
        return install.workspace.enterprise_id == workspace.enterprise_id
    return install.workspace.team_id == workspace.team_id


TEST_WORKSPACE = Workspace(p.TEAM_ID, "planbot test")  # the workspace of ``payloads``' builders


# --- the install flow in a browser, and what Slack then sends ---------------------------------------------------


@dataclass(frozen=True)
class Installed:
    status: int  # of the app's redirect page
    page: str


async def install_through_browser(
    http: aiohttp.ClientSession,
    bot_url: str,
    slack: FakeSlackInstalls,
    workspace: Workspace,
    user_id: str,
    *,
    org_wide: bool = False,
) -> Installed:
    """Someone opens the app's ``/slack/install``, approves on Slack's authorize page, and lands back on the app's
    redirect URL; the app's state cookie goes along as a browser sends it."""
    started = await http.get(bot_url + "/slack/install", allow_redirects=False)
    assert started.status == 302, f"/slack/install answered {started.status}"
    cookie = _set_cookie(started)
    authorize = started.headers["Location"]
    assert authorize.startswith(slack.authorize_url), authorize
    approved = await http.get(
        authorize, allow_redirects=False, headers={"Cookie": slack.sign_in(workspace, user_id, org_wide=org_wide)}
    )
    assert approved.status == 302, f"the authorize page answered {approved.status}: {await approved.text()}"
    back = approved.headers["Location"]
    assert back.startswith(bot_url), back
    finished = await http.get(back, allow_redirects=False, headers={"Cookie": cookie})
    return Installed(finished.status, await finished.text())


def _set_cookie(response: aiohttp.ClientResponse) -> str:
    """The cookies a response sets, as a ``Cookie`` header (aiohttp keeps none for 127.0.0.1, a browser would)."""
    return "; ".join(f"{name}={morsel.value}" for name, morsel in response.cookies.items())


def in_workspace(
    envelope: dict[str, Any], workspace: Workspace, *, org_wide: bool = False, bot_user_id: str | None = None
) -> dict[str, Any]:
    """An Events API envelope (``payloads``) as ``workspace`` sends it (its team, organisation and install);
    ``bot_user_id``: that installation's bot user, in place of the test workspace's in a mention."""
    team, enterprise = workspace.team_id, workspace.enterprise_id
    envelope = {**envelope, "team_id": team, "context_team_id": team, "context_enterprise_id": enterprise}
    if enterprise:
        envelope["enterprise_id"] = enterprise
    event = dict(envelope["event"])
    if "user" in event:
        event["team"] = team
    if bot_user_id and isinstance(event.get("text"), str):
        event["text"] = event["text"].replace(f"<@{p.BOT_USER_ID}>", f"<@{bot_user_id}>")
    envelope["event"] = event
    authorization = {**envelope["authorizations"][0], "team_id": team, "enterprise_id": enterprise}
    authorization.update(is_enterprise_install=org_wide, user_id=bot_user_id or authorization["user_id"])
    envelope["authorizations"] = [authorization]
    envelope["is_enterprise_install"] = org_wide
    return envelope


def app_uninstalled_event(workspace: Workspace, *, org_wide: bool = False) -> dict[str, Any]:
    """Sent once the app is completely uninstalled from the workspace (or organisation)."""
    return _removal({"type": "app_uninstalled"}, workspace, org_wide)


def tokens_revoked_event(
    workspace: Workspace, *, bot: Iterable[str] = (), oauth: Iterable[str] = (), org_wide: bool = False
) -> dict[str, Any]:
    """``bot`` / ``oauth``: the user ids whose bot / user tokens were revoked."""
    return _removal({"type": "tokens_revoked", "tokens": {"oauth": list(oauth), "bot": list(bot)}}, workspace, org_wide)


def _removal(event: dict[str, Any], workspace: Workspace, org_wide: bool) -> dict[str, Any]:
    envelope = {
        "token": p.VERIFICATION_TOKEN,
        "team_id": workspace.team_id,
        "api_app_id": p.APP_ID,
        "event": event,
        "type": "event_callback",
        "event_id": f"Ev{secrets.token_hex(5).upper()}",
        "event_time": int(time.time()),
    }
    if workspace.enterprise_id:
        envelope.update(enterprise_id=workspace.enterprise_id, is_enterprise_install=org_wide)
    return envelope
