"""The composition root: settings → store, connectors, runner, engine. Nothing else builds these."""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, time
from typing import TYPE_CHECKING, Any

import aiohttp

from bot.account_names import LISTINGS
from bot.accounts.book import Accounts
from bot.accounts.connectors import PersonalConnectors
from bot.accounts.environment_token import KeptRefreshToken
from bot.accounts.forget import Forgetting
from bot.accounts.oauth_connectors import revoker
from bot.accounts.oauth_providers import oauth_setup
from bot.accounts.services import Options
from bot.accounts.vault import Vault, VaultError
from bot.connectors import chosen, factory, service_tools
from bot.known_names import NameSource, RefreshedNames
from bot.personal_names import PersonalNames
from bot.retention import prune_plan_store
from bot.settings import Settings
from integrations.base import CATALOG, Connector
from integrations.base.connector import close_connector
from integrations.base.creations import CreationClaims, ScopedClaims
from integrations.base.files import FileSource
from integrations.base.principal import Principal
from integrations.base.registry import ConnectorRegistry
from integrations.local import LocalWorkspace, LocalWorkspaceSettings, WorkingHours, open_workspace
from integrations.outbound import ServerPolicy
from planning.engine.conversation import Conversation
from planning.engine.observe import Observer
from planning.engine.runner import ToolRunner
from planning.engine.settings import EngineSettings
from planning.pipeline import PlanRefiner, RequestPlanner
from planning.store import PlanStore, SqlitePlanStore
from planning.store.creations import SqlCreationClaims, open_creation_claims
from planning.store.credentials import CredentialStore, Kind, open_credentials
from planning.tools.extract import OfflineExtractor
from planning.types import ParseResult, Plan
from planning.understanding.parser import GoalUnderstandingService

if TYPE_CHECKING:
    from planning.index import LazyExampleVoter

logger = logging.getLogger(__name__)
PERSONAL_KINDS = ("email", "calendar")  # always each person's own; a CRM may be shared
CLAIMING_SERVICES = frozenset({"hubspot"})  # connectors that take creation claims (``open_claims``)


class StartupError(Exception):
    """The settings cannot start planbot; the message says what to change (and holds no secret)."""


@dataclass
class App:
    conversation: Conversation
    store: PlanStore
    workspace: LocalWorkspace
    connectors: list[Connector] = field(default_factory=list)
    http: aiohttp.ClientSession | None = None
    registry: ConnectorRegistry | None = None  # which connector runs each tool
    accounts: Accounts | None = None
    personal: PersonalConnectors | None = None
    forgetting: Forgetting | None = None  # a person leaving: their accounts, plan memory and open plans
    claims: SqlCreationClaims | None = None  # creation claims the CRM connectors share with the other replicas
    names: PersonalNames | None = (
        None  # each requester's names grounding the understanding, refreshed in the background
    )

    async def close(self) -> None:
        if self.names is not None:
            await self.names.close()
        if self.personal is not None:
            await self.personal.close()
        if self.accounts is not None:
            await self.accounts.store.close()
        if self.claims is not None:
            await self.claims.close()
        for connector in self.connectors:
            await close_connector(connector)
        if self.http is not None:
            await self.http.close()
        await self.store.close()
        self.workspace.close()


def engine_settings(settings: Settings) -> EngineSettings:
    return EngineSettings(
        approval_ttl_seconds=settings.approval_ttl_minutes * 60,
        session_ttl_seconds=settings.session_ttl_hours * 3600,
        approve_reads=settings.approve_reads,
        approvers=settings.approvers,
        # user ids only: a user group (@sales) is checked by the Slack front end (bot.slack.access)
        allowed_users=frozenset() if any(u.startswith("@") for u in settings.allowed_users) else settings.allowed_users,
        max_plans_per_hour=settings.max_plans_per_hour,
        max_concurrent_turns=settings.max_concurrent_turns,
        audit_redact=settings.audit_redact,
        claim_lease_seconds=settings.claim_lease_seconds,
    )


async def open_store(settings: Settings) -> PlanStore:
    """PostgreSQL when ``PLANBOT_DATABASE_URL`` is set (several replicas), else the SQLite file."""
    if settings.database_url:
        from planning.store import PostgresPlanStore

        return await PostgresPlanStore.open(settings.database_url)
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    return await SqlitePlanStore.open(settings.plans_path)


async def open_claims(settings: Settings) -> SqlCreationClaims | None:
    """The creation claims in the plan store, when a configured connector creates under them (HubSpot: a company is
    created once across replicas while its search lags, ``integrations.base.creations``); else None."""
    if not any(service in CLAIMING_SERVICES for _, service in chosen(settings)):
        return None
    return await open_creation_claims(settings.database_url or settings.plans_path)


async def open_accounts(settings: Settings) -> Accounts:
    """The accounts in the plan store, sealed with ``PLANBOT_SECRET_KEY``; ``StartupError`` when accounts are stored
    and the key is missing or wrong. Accounts sealed with an old key are re-encrypted with the current one."""
    vault = None
    if settings.secret_key is not None:
        try:
            vault = Vault(settings.secret_key.get_secret_value(), settings.old_secrets)
        except VaultError as error:
            raise StartupError(str(error)) from None
    if not settings.database_url:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    store: CredentialStore = await open_credentials(settings.database_url or settings.plans_path)
    accounts = Accounts(store, vault, revoke=revoker(settings))  # Disconnect revokes OAuth grants
    try:
        await accounts.check_key()
    except VaultError as error:
        await store.close()
        raise StartupError(str(error)) from None
    return accounts


async def _personal_connectors(
    settings: Settings,
    registry: ConnectorRegistry,
    accounts: Accounts,
    tz: str,
    files: FileSource | None = None,
    claims: CreationClaims | None = None,
) -> tuple[PersonalConnectors | None, list[Connector], aiohttp.ClientSession | None]:
    """Every kind not served by the local workspace runs on each requester's own account. The environment's
    credentials are ``PLANBOT_OWNER``'s (email, calendar) or everyone's (a CRM). ``claims``: the replicas' creation
    claims (``open_claims``), scoped here to each account (the environment's CRM is one account)."""
    picks = chosen(settings)
    if not picks:
        return None, [], None
    for kind, service in picks:
        if kind in PERSONAL_KINDS and settings.credentials_in_environment(service) and not settings.owner:
            raise StartupError(_unowned(kind, service, settings.credentials_in_environment(service)))
    http = aiohttp.ClientSession()
    environment: dict[str, Connector] = {}
    kept: KeptRefreshToken | None = None
    try:
        kept = _kept_token(settings, accounts, picks)
        rotation = {"refresh_token": await kept.current(), "on_rotated": kept.rotated} if kept is not None else {}
        for kind, service in picks:
            if settings.credentials_in_environment(service):
                build = factory(kind, service)
                extra: dict[str, Any] = dict(rotation) if service == "microsoft" else {}
                if service in CLAIMING_SERVICES and claims is not None:
                    extra["claims"] = ScopedClaims(claims, f"{service}:environment")
                environment[kind] = await (
                    build(http, files=files, **extra) if kind == "email" else build(http, **extra)
                )
    except BaseException:
        for connector in environment.values():
            await close_connector(connector)
        await http.close()
        raise
    zone, hours = settings.timezone or tz, settings.working_hours
    servers = ServerPolicy.allowing(settings.allowed_server_hosts)  # people's own servers; the environment's: trusted
    options = Options(
        time_zone=zone, working_hours=hours, files=files, oauth=oauth_setup(settings), servers=servers, claims=claims
    )
    several = bool(settings.slack_client_id)  # several workspaces (bot.slack.install_flow): accounts are per workspace
    personal = PersonalConnectors(
        accounts,
        http,
        options,
        owner=settings.owner,
        environment=environment,
        one_workspace=not several,
        kept=kept,
        members_write=settings.workspace_crm_writes,
    )
    for kind, service in picks:
        registry.register_personal(kind, service_tools(kind, service), personal)
    return personal, list(environment.values()), http


def _kept_token(settings: Settings, accounts: Accounts, picks: list[tuple[str, str]]) -> KeptRefreshToken | None:
    """Microsoft 365 rotates the environment's refresh token: the newest is kept as the owner's account."""
    personal: tuple[Kind, ...] = ("email", "calendar")
    kinds = tuple(kind for kind in personal if (kind, "microsoft") in picks)
    if not kinds or not settings.owner or not settings.credentials_in_environment("microsoft"):
        return None
    from integrations.microsoft import environment_settings

    configured = environment_settings().refresh_token.get_secret_value()
    return KeptRefreshToken(accounts, owner=settings.owner, service="microsoft", kinds=kinds, configured=configured)


def _unowned(kind: str, service: str, names: list[str]) -> str:
    return (
        f"the environment holds {kind} credentials ({', '.join(names)}) but PLANBOT_OWNER is not set: each person "
        f"connects their own {kind} account with `planbot accounts connect {service} --user U ...`; to keep these "
        "credentials for one person (a personal install), set PLANBOT_OWNER to that person's Slack user id"
    )


async def build_app(
    settings: Settings,
    tz: str,
    clock: Callable[[], datetime] | None = None,
    observer: Observer | None = None,
    files: FileSource | None = None,
) -> App:
    """``files``: where the mail connectors read files shared in Slack (the Slack app gives it; none elsewhere)."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    store = await open_store(settings)
    await prune_plan_store(store, settings, clock or _system_clock)  # retention on start (then daily in serve)
    local = LocalWorkspaceSettings(time_zone=tz, working_hours=_working_hours(settings.working_hours))
    workspace = open_workspace(settings.workspace_path, settings=local, clock=clock or _system_clock, files=files)
    registry = ConnectorRegistry(CATALOG, [workspace, OfflineExtractor(clock=clock or _system_clock, zone=tz)])
    claims: SqlCreationClaims | None = None
    try:
        accounts = await open_accounts(settings)
        try:
            claims = await open_claims(settings)
            personal, connectors, http = await _personal_connectors(settings, registry, accounts, tz, files, claims)
        except BaseException:
            if claims is not None:
                await claims.close()
            await accounts.store.close()
            raise
    except BaseException:
        await store.close()
        workspace.close()
        raise
    voter = _example_voter(settings)
    memory = IndexedPlans(voter) if voter is not None else None
    shared = _local_names(settings, workspace)
    own_kinds = {kind for kind, _ in chosen(settings)}
    names = PersonalNames(RefreshedNames(shared), _names_of(shared, personal, own_kinds, clock or _system_clock))
    await names.refresh_shared()  # the workspace's file, read once at start; later listings run in the background
    names.start()
    if accounts is not None:
        accounts.watch(names.changed)
    understanding = GoalUnderstandingService(voter=voter, groundings=names)
    refiner = _llm(settings, registry, connectors, observer, memory, clock=clock or _system_clock, tz=tz)
    planner = RequestPlanner(understanding, refiner=refiner)
    # load the trained classifier now, in a worker thread, not inside the first request (it blocked every ack)
    await asyncio.to_thread(planner.understand, "what's on my calendar tomorrow", datetime.now(UTC))
    runner = ToolRunner(registry, observer=observer, timeout=settings.connector_timeout_seconds)
    conversation = Conversation(
        store=store,
        runner=runner,
        planner=planner,
        settings=engine_settings(settings),
        clock=clock,
        observer=observer,
        memory=memory,
    )
    return App(
        conversation=conversation,
        store=store,
        workspace=workspace,
        connectors=connectors,
        http=http,
        registry=registry,
        accounts=accounts,
        personal=personal,
        forgetting=Forgetting(store=store, conversation=conversation, accounts=accounts, memory=memory),
        claims=claims,
        names=names,
    )


_KINDS_OF_NAMES = {"crm": ("contact", "lead", "account", "deal"), "calendar": ("event",), "email": ("sender",)}


def _local_names(settings: Settings, workspace: LocalWorkspace) -> list[NameSource]:
    """The workspace's names of the kinds it serves (a CRM elsewhere: not its demo people)."""
    elsewhere = {kind for kind, _ in chosen(settings)}
    kinds = {name for kind, names in _KINDS_OF_NAMES.items() if kind not in elsewhere for name in names}
    if not kinds:
        return []

    async def listed() -> list[tuple[str, str]]:
        return [(name, kind) for name, kind in await workspace.names() if kind in kinds]

    return [listed]


def _names_of(
    shared: list[NameSource], personal: PersonalConnectors | None, kinds: set[str], clock: Callable[[], datetime]
) -> Callable[[Principal], list[NameSource]] | None:
    """Each person's listings: the shared ones, and those of the accounts they act with of every kind that runs on
    people's own accounts (``PersonalConnectors``: their own, their workspace's CRM, the owner's environment). None:
    no kind does, everyone has the shared names."""
    if personal is None or not kinds:
        return None

    def of(who: Principal) -> list[NameSource]:
        own = [listing(_opener(personal, kind, who), clock) for kind, listing in LISTINGS.items() if kind in kinds]
        return [*shared, *own]

    return of


def _opener(personal: PersonalConnectors, kind: str, who: Principal) -> Callable[[], Awaitable[Connector | None]]:
    async def opened() -> Connector | None:
        return await personal.connector(kind, who)

    return opened


def _system_clock() -> datetime:
    return datetime.now(UTC)


def _working_hours(text: str) -> WorkingHours:
    """``"09:00-17:00"`` → working hours, Monday to Friday."""
    start, _, end = text.partition("-")
    return WorkingHours(start=time.fromisoformat(start.strip()), end=time.fromisoformat(end.strip()))


def _llm(
    settings: Settings,
    registry: ConnectorRegistry,
    connectors: list[Connector],
    observer: Observer | None,
    memory: "IndexedPlans | None",
    *,
    clock: Callable[[], datetime],
    tz: str,
) -> "PlanRefiner | None":
    """With ``PLANBOT_LLM`` set: the LLM's summarize and extract (they win the tools) and the LLM planner over
    the tools of the connected integrations only. Without it: nothing (no langchain import)."""
    if not settings.llm:
        return None
    from integrations.llm import llm_extractor_from_settings, llm_summarizer_from_settings
    from planning.planner.llm import llm_planner_from_settings

    options: dict[str, str] = {}
    if settings.llm_api_key is not None:
        options["api_key"] = settings.llm_api_key.get_secret_value()
    if settings.llm_base_url:
        options["base_url"] = settings.llm_base_url
    summarizer = llm_summarizer_from_settings(settings.llm, max_retries=0, **options)
    extractor = llm_extractor_from_settings(settings.llm, clock=clock, zone=tz, max_retries=0, **options)
    for tool in (summarizer, extractor):
        if tool is not None:
            registry.register(tool)
            connectors.append(tool)
    connected = set(registry.available_tools())
    tools = [spec for spec in registry.catalog if spec.name in connected]

    def report(event: Any) -> None:
        if observer is not None:
            observer.count(str(event.name), model=str(event.model))

    return llm_planner_from_settings(
        settings.llm,
        tools=tools,
        timeout_seconds=settings.llm_timeout_seconds,
        observer=report,
        examples=memory.examples if memory is not None else (),
        **options,
    )


def _example_voter(settings: Settings) -> "LazyExampleVoter | None":
    """The example bank as a second opinion when ``PLANBOT_EXAMPLE_BANK`` is on (opened lazily, off the start)."""
    if not settings.example_bank:
        return None
    from planning.index import IndexSettings, LazyExampleVoter

    return LazyExampleVoter(IndexSettings.in_data_dir(settings.data_dir, url=settings.chroma_url))


class IndexedPlans:
    """Plan memory on the semantic index: approved plans in, nearest approved plans out as LLM examples."""

    def __init__(self, voter: "LazyExampleVoter") -> None:
        self._voter = voter

    def remember(self, text: str, parse: ParseResult, plan: Plan, *, scope: str, requester: str = "") -> None:
        index = self._voter.index()
        if index is not None:
            index.remember_approved(text, parse, plan_json(plan), scope=scope, requester=requester)

    def forget(self, requester: str) -> int:
        """Delete what was remembered from ``requester``'s requests (``bot.accounts.forget``)."""
        index = self._voter.index()
        return index.forget(requester) if index is not None else 0

    def examples(self, text: str) -> list[Any]:
        from planning.planner.llm_schema import PlanExample

        index = self._voter.index()
        if index is None:
            return []
        return [PlanExample(text=m.text, plan=m.plan) for m in index.plans.similar(text, k=3, max_distance=0.6)]


def plan_json(plan: Plan) -> dict[str, Any]:
    return {"steps": [step.contract_json() for step in plan.steps]}
