"""Connecting a password service (IMAP/SMTP, CalDAV) on a page of ``planbot serve``, never in Slack (Slack cannot
mask a modal's input and keeps it in the view's state).

The page is reached only through a Connect link and Sign in with Slack as the link's person (``oauth_flow``): its
address carries the form step's key, the browser's cookie must be the one that started it, and it lasts ten
minutes. ``GET /accounts/<service>/form`` shows the form; ``POST`` checks the login with the servers
(``password_form.check_login``) before anything is saved; a problem shows the form again with the reason beside its
field, the other fields filled in and the password empty. Saved once: the step is then used up.
"""

import logging
from html import escape

from aiohttp import web

from bot.accounts import services
from bot.accounts.oauth_flow import OAuthConnections, SignInError
from bot.accounts.pages import page
from bot.accounts.password_form import (
    CHECK_SECONDS,
    FIELD_LABELS,
    FIELDS,
    FieldErrors,
    FieldsError,
    PasswordForm,
    check_login,
    credentials_of,
)
from bot.accounts.services import PASSWORD_SERVICES

logger = logging.getLogger(__name__)
FORM_PATH = "/accounts/{service}/form"
TITLES = {"imap": "Connect your mailbox (IMAP/SMTP)", "caldav": "Connect your calendar (CalDAV)"}
INTROS = {
    "imap": "The mailbox planbot reads and sends from for you. Use an app password if your provider has them "
    "(Gmail, iCloud, Fastmail, Outlook with two-step sign-in do). The login is checked before it is saved.",
    "caldav": "The calendar planbot reads and books for you. The login is checked before it is saved.",
}
HINTS = {
    "address": "you@example.com",
    "server": "imap.example.com, or imaps://imap.example.com:993",
    "smtp": "smtp.example.com:587, or smtps://smtp.example.com:465",
    "username": "Leave empty if it is your email address",
}
CALDAV_HINTS = {"server": "https://caldav.example.com/ or your calendar's URL", "username": ""}
OPTIONAL = {"imap": frozenset({"username"}), "caldav": frozenset[str]()}


class PasswordPages:
    def __init__(
        self, connections: OAuthConnections, options: services.Options, *, check_seconds: float = CHECK_SECONDS
    ) -> None:
        self._connections = connections
        self._options = options
        self.check_seconds = check_seconds

    def routes(self) -> list[web.RouteDef]:
        return [web.get(FORM_PATH, self.show), web.post(FORM_PATH, self.submit)]

    async def show(self, request: web.Request) -> web.StreamResponse:
        service = request.match_info["service"]
        if service not in PASSWORD_SERVICES:
            return page("Cannot connect", "There is no such service to connect.", 404)
        key = request.query.get("s")
        try:
            _, carried = await self._connections.take_step("form", service, key, request.cookies, keep=True)
        except SignInError as error:
            return page("Cannot connect", error.message, error.status)
        return _form(service, str(key), _person(carried), {}, {}, 200)

    async def submit(self, request: web.Request) -> web.StreamResponse:
        service = request.match_info["service"]
        if service not in PASSWORD_SERVICES:
            return page("Cannot connect", "There is no such service to connect.", 404)
        posted = await request.post()
        key = str(posted.get("s") or "")
        fields = {name: str(posted.get(name) or "").strip() for name in FIELD_LABELS}
        try:
            _, carried = await self._connections.take_step("form", service, key, request.cookies, keep=True)
        except SignInError as error:
            return page("Not connected", error.message, error.status)
        person = _person(carried)
        try:
            credentials, label = credentials_of(PasswordForm(service, fields))
            await check_login(service, credentials, self._connections.http, self._options, timeout=self.check_seconds)
        except FieldsError as problem:
            return _form(service, key, person, fields, problem.errors, 400)
        except Exception as error:  # never a traceback for the person, nor their password in the logs
            logger.warning("checking a %s login failed (%s)", service, error.__class__.__name__)
            errors = {"server": "Something went wrong while checking the login. Nothing was saved; try again."}
            return _form(service, key, person, fields, errors, 502)
        try:
            pending, _ = await self._connections.take_step("form", service, key, request.cookies)
            kind = PASSWORD_SERVICES[service]
            await self._connections.save(
                pending.team, pending.user, False, {kind: service}, label=label, credentials=credentials
            )
        except SignInError as error:
            return page("Not connected", error.message, error.status)
        text = (
            f"{label} is now the {kind} account of {person} in Slack for planbot. Plans that were waiting for it go "
            "on by themselves. You can close this window and return to Slack."
        )
        return page("Connected", text, 200)


def _person(carried: dict[str, object]) -> str:
    slack = carried.get("slack")
    return str(slack.get("name") or "you") if isinstance(slack, dict) else "you"


def _form(
    service: str, key: str, person: str, values: dict[str, str], errors: FieldErrors, status: int
) -> web.Response:
    hints = {**HINTS, **CALDAV_HINTS} if service == "caldav" else HINTS
    rows = []
    for name in FIELDS[service]:
        label = "CalDAV server" if service == "caldav" and name == "server" else FIELD_LABELS[name]
        if name in OPTIONAL[service]:
            label += " (optional)"
        kind = "password" if name == "password" else ("email" if name == "address" else "text")
        value = "" if name == "password" else values.get(name, "")
        problem = f"<br><strong role=alert>⚠️ {escape(errors[name])}</strong>" if name in errors else ""
        required = "" if name in OPTIONAL[service] else " required"
        rows.append(
            f"<p><label for={name}>{escape(label)}</label><br>"
            f"<input id={name} name={name} type={kind} value='{escape(value, quote=True)}' "
            f"placeholder='{escape(hints.get(name, ''), quote=True)}' autocomplete=off maxlength=3000{required} "
            f"style='width:100%'>{problem}</p>"
        )
    form = (
        "<form method=post action=form>"  # this same address (PLANBOT_PUBLIC_URL may have a path)
        f"<input type=hidden name=s value='{escape(key, quote=True)}'>{''.join(rows)}"
        "<p><button type=submit>Check and connect</button></p></form>"
        "<p><small>The password is stored encrypted and never shown again, in Slack or anywhere else.</small></p>"
    )
    intro = f"For {person} in Slack. {INTROS[service]}"
    return page(TITLES[service], intro, status, body_html=form)
