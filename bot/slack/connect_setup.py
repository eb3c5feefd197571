"""Building ``Connections`` from the settings (called by the composition root of the Slack service)."""

from slack_sdk.web.async_client import AsyncWebClient

from bot.compose import App
from bot.connectors import chosen
from bot.settings import Settings
from bot.slack.connect import Connections
from bot.slack.connect_rows import AccountRows
from bot.slack.state import SlackState


def build_connections(
    settings: Settings,
    app: App,
    *,
    state: SlackState,
    client: AsyncWebClient,
    pages: bool = True,
) -> Connections | None:
    """None when the app keeps no accounts (a composition without them); ``pages`` False: no web server serves the
    Connect pages (Socket Mode)."""
    if app.accounts is None:
        return None
    picks = chosen(settings)
    rows = AccountRows(
        app.accounts,
        {"email": settings.email, "calendar": settings.calendar, "crm": settings.crm},
        public_url=settings.public_url,
        link_secret=settings.secret_key.get_secret_value() if settings.secret_key is not None else None,
        environment=frozenset(kind for kind, service in picks if settings.credentials_in_environment(service)),
        owner=settings.owner,
        one_workspace=not settings.slack_client_id,  # several workspaces (bot.slack.install_flow), as compose.py
        sign_in=settings.slack_sign_in is not None,
        pages=pages,
        members_write=settings.workspace_crm_writes,
    )
    return Connections(rows=rows, conversation=app.conversation, state=state, client=client)
