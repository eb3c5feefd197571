"""``planbot accounts``: list, connect (checked by a test connection first) and disconnect accounts (contract §5.1).

Secrets come from standard input only (``--password-stdin``, ``--token-stdin``) or a hidden prompt, never from the
command line, and are never printed back. Heavy modules are imported inside the commands.
"""

import asyncio
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from bot.accounts.book import Accounts
    from bot.settings import Settings
    from planning.store.credentials import StoredAccount

T = TypeVar("T")
NEEDS_TEAM = (
    "--team is required: with several workspaces (SLACK_CLIENT_ID is set) an account connected without naming its "
    "workspace serves nobody; give the Slack team id (T...) it belongs to"
)


@click.group(name="accounts")
def accounts_group() -> None:
    """People's email, calendar and CRM accounts (stored encrypted with PLANBOT_SECRET_KEY)."""


@accounts_group.command(name="list")
@click.option("--team", help="Only this Slack workspace (team id).")
@click.option("--user", help="Only this Slack user id.")
def list_accounts(team: str | None, user: str | None) -> None:
    """Which accounts are connected: who, which kind and service, which account (never the secret)."""

    async def run(accounts: "Accounts", settings: "Settings") -> None:
        found = await accounts.list(team=team, user=user)
        if not found:
            click.echo("no accounts connected")
        for account in found:
            who = account.user or "(whole workspace)"
            line = f"{account.team or '-'}\t{who}\t{account.kind}\t{account.service}\t{account.label}"
            if account.shared:
                line += "\t" + _access(accounts, account, settings)
            click.echo(line)

    _with_accounts(run)


def _access(accounts: "Accounts", account: "StoredAccount", settings: "Settings") -> str:
    """Who changes records through a workspace's CRM (``bot.accounts.workspace_crm``)."""
    from bot.accounts.workspace_crm import stored_sharing

    sharing = stored_sharing(accounts, account, server_allows=settings.workspace_crm_writes)
    by = f"connected by {sharing.connected_by}" if sharing.connected_by else "connected from the command line"
    return f"{by}; " + ("members change records" if sharing.members_write else "read-only for members")


@accounts_group.command()
@click.argument("service")
@click.option("--user", help="The Slack user id whose account this is.")
@click.option("--workspace", is_flag=True, help="A CRM shared by the whole workspace (hubspot).")
@click.option("--team", default="", help="The Slack workspace (team id); default: the install's one workspace.")
@click.option("--url", help="imap: imaps://host[:port]; caldav: the server or calendar URL.")
@click.option("--smtp-url", help="imap: the SMTP server, smtps://host[:port] or smtp://host[:port] (STARTTLS).")
@click.option("--username", help="The account's user name.")
@click.option("--password-stdin", is_flag=True, help="Read the (app) password from standard input.")
@click.option("--token-stdin", is_flag=True, help="Read the CRM's token from standard input (--workspace).")
def connect(
    service: str,
    user: str | None,
    workspace: bool,
    team: str,
    url: str | None,
    smtp_url: str | None,
    username: str | None,
    password_stdin: bool,
    token_stdin: bool,
) -> None:
    """Connect SERVICE for --user (imap, caldav), or for the whole --workspace (a CRM); checked before saving."""
    from bot.accounts import services
    from planning.store.credentials import WORKSPACE

    if workspace:
        if service not in services.SHARED_SERVICES:
            raise click.UsageError(f"only a CRM can be shared by a workspace ({', '.join(services.SHARED_SERVICES)})")
        if user:
            raise click.UsageError("--workspace and --user do not go together")
        if service not in services.TOKEN_SERVICES:
            raise click.UsageError(f"{service} connects with its OAuth flow (from Slack), not with a token")
        token = _secret(token_stdin, "--token-stdin", "Token")
        credentials: dict[str, Any] = {"token": token}
        label, kind, who = f"{service} token", services.SHARED_SERVICES[service], WORKSPACE
    else:
        if not user:
            raise click.UsageError("--user is required (or --workspace for a shared CRM)")
        if service not in services.PASSWORD_SERVICES:
            raise click.UsageError(
                f"from the command line, a person connects {', '.join(services.PASSWORD_SERVICES)}; "
                f"{service} connects with its OAuth flow (from Slack)"
            )
        password = _secret(password_stdin, "--password-stdin", "Password")
        try:
            credentials, label = services.password_credentials(
                service, url=url, smtp_url=smtp_url, username=username, password=password
            )
        except services.AccountInputError as error:
            raise click.UsageError(str(error)) from None
        kind, who = services.PASSWORD_SERVICES[service], user

    async def run(accounts: "Accounts", settings: "Settings") -> None:
        import aiohttp

        if not team and settings.slack_client_id:
            raise click.UsageError(NEEDS_TEAM)

        from integrations.base import ConnectorError
        from integrations.outbound import AddressRefusedError, ServerPolicy

        servers = ServerPolicy.allowing(settings.allowed_server_hosts)
        options = services.Options(
            time_zone=settings.timezone or "UTC", working_hours=settings.working_hours, servers=servers
        )
        async with aiohttp.ClientSession() as http:
            try:
                await services.check(service, credentials, http, options)
            except AddressRefusedError as error:
                hint = "a server on this machine or network: list its host in PLANBOT_ALLOWED_SERVER_HOSTS"
                raise click.ClickException(f"{error} ({hint}). Nothing was saved.") from None
            except ConnectorError as error:
                raise click.ClickException(f"the test connection failed: {error}. Nothing was saved.") from None
        await accounts.save(team=team, user=who, kind=kind, service=service, label=label, credentials=credentials)
        click.echo(f"connected {service} ({kind}) for {who or 'the whole workspace'}: {label}")
        if not who and not settings.workspace_crm_writes:
            click.echo("Members read through it and change no record, unless an admin lets them in App Home.")

    _with_accounts(run)


@accounts_group.command()
@click.argument("service")
@click.option("--user", help="The Slack user id whose account this is.")
@click.option("--workspace", is_flag=True, help="The CRM shared by the whole workspace.")
@click.option("--team", default="", help="The Slack workspace (team id); default: the install's one workspace.")
@click.option(
    "--kind",
    type=click.Choice(["email", "calendar", "crm"]),
    help="Only this kind, for a service that serves two (microsoft: email and calendar); default: every kind.",
)
def disconnect(service: str, user: str | None, workspace: bool, team: str, kind: str | None) -> None:
    """Delete the stored SERVICE account of --user (or the --workspace CRM), revoking its grant where the service
    can; for a service serving two kinds, the --kind named, else both."""
    from bot.accounts.services import SERVICE_KINDS
    from planning.store.credentials import WORKSPACE

    if service not in SERVICE_KINDS:
        raise click.UsageError(f"unknown service {service!r} ({', '.join(SERVICE_KINDS)})")
    if bool(user) == workspace:
        raise click.UsageError("give --user U, or --workspace for a shared CRM")
    served = SERVICE_KINDS[service]
    if kind is not None and kind not in served:
        raise click.UsageError(f"{service} serves {' and '.join(served)}, not {kind}")
    kinds = [kind] if kind is not None else list(served)
    who = WORKSPACE if workspace else str(user)
    whose = who or "the whole workspace"

    async def run(accounts: "Accounts", settings: "Settings") -> None:
        gone = [k for k in kinds if await accounts.disconnect(team=team, user=who, kind=k, service=service)]
        if not gone:
            what = f"{service} {' or '.join(kinds)}" if len(served) > 1 else service
            raise click.ClickException(f"no {what} account is connected for {whose}")
        which = f" ({' and '.join(gone)})" if len(served) > 1 else ""
        click.echo(f"disconnected {service}{which} for {whose}")

    _with_accounts(run)


def _secret(from_stdin: bool, option: str, prompt: str) -> str:
    if from_stdin:
        text = sys.stdin.readline().rstrip("\r\n")
        if not text:
            raise click.UsageError(f"{option}: standard input is empty")
        return text
    if not sys.stdin.isatty():
        raise click.UsageError(f"give the secret with {option} (it is never read from the command line)")
    return str(click.prompt(prompt, hide_input=True))


def _with_accounts(body: Callable[["Accounts", "Settings"], Awaitable[T]]) -> T:
    """Run ``body`` on the accounts of the configured store; setting problems are reported, not raised."""
    from bot.accounts.vault import VaultError
    from bot.compose import StartupError, open_accounts
    from bot.settings import Settings
    from planning.store import StoreError

    settings = Settings()

    async def run() -> T:
        accounts = await open_accounts(settings)
        try:
            return await body(accounts, settings)
        finally:
            await accounts.store.close()

    try:
        return asyncio.run(run())
    except (StartupError, VaultError, StoreError) as error:
        raise click.ClickException(str(error)) from None
