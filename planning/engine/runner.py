"""Running one tool: arguments checked against the tool's schema, the connector called with retries."""

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from integrations.base import ConnectorError, PermanentError, ToolCatalog, TransientError
from integrations.base.context import in_zone
from integrations.base.errors import PermissionDeniedError
from integrations.base.principal import Principal
from integrations.base.read_only import ReadOnlyConnector
from integrations.base.registry import ConnectorRegistry
from planning.engine.observe import NoObserver, Observer
from planning.engine.retry import RetryPolicy, Sleep, safe_to_repeat, with_retries
from planning.engine.wording import name_in_words

logger = logging.getLogger(__name__)
CALL_TIMEOUT_SECONDS = 30.0


@dataclass(frozen=True, slots=True)
class ToolFailure:
    """Why a tool call failed, in words for the user, and whether trying again could help."""

    message: str
    transient: bool
    reconnect: bool = False


class OutcomeUnknownError(TransientError):
    """A change was sent but no answer came back: it may or may not have happened."""


class InvalidArgumentsError(Exception):
    def __init__(self, problems: dict[str, str]) -> None:
        super().__init__("; ".join(f"{k}: {v}" for k, v in problems.items()))
        self.problems = problems


def argument_errors(catalog: ToolCatalog, tool: str, arguments: dict[str, Any]) -> dict[str, str]:
    """Field → problem for concrete arguments (no templates); empty when they are valid."""
    spec = catalog.get(tool)
    if spec is None:
        return {"tool": f"unknown tool {tool!r}"}
    try:
        spec.args_model.model_validate(arguments)
    except ValidationError as error:
        return {".".join(str(p) for p in e["loc"]) or "arguments": str(e["msg"]) for e in error.errors()}
    return {}


class ToolRunner:
    def __init__(
        self,
        registry: ConnectorRegistry,
        policy: RetryPolicy | None = None,
        sleep: Sleep = asyncio.sleep,
        observer: Observer | None = None,
        timeout: float = CALL_TIMEOUT_SECONDS,
    ) -> None:
        self._registry = registry
        self._timeout = timeout
        self._policy = policy or RetryPolicy()
        self._sleep = sleep
        self._observer = observer or NoObserver()

    @property
    def catalog(self) -> ToolCatalog:
        return self._registry.catalog

    def kind_of(self, tool: str) -> str | None:
        """The personal kind (email, calendar, crm) whose account runs ``tool``, if it runs on each person's own."""
        return self._registry.kind_of(tool)

    async def account_error(self, tool: str, principal: Principal | None) -> ConnectorError | None:
        """Why ``tool`` cannot run on ``principal``'s own account (not connected, cannot be opened), or why it may
        not change anything there (``PermissionDeniedError``: a workspace's CRM shared read-only); None when it
        can, or when ``tool`` is not a personal kind's. Nothing is called on the service."""
        if self._registry.kind_of(tool) is None:
            return None
        try:
            connector = await self._registry.resolve(tool, principal)
        except ConnectorError as error:
            return error
        spec = self.catalog.get(tool)
        writes = spec is None or spec.kind == "write"
        if writes and isinstance(connector, ReadOnlyConnector) and connector.refuses(tool):
            return PermissionDeniedError(connector.refusal, service=connector.name)
        return None

    async def run(
        self, tool: str, arguments: dict[str, Any], *, zone: str | None = None, principal: Principal | None = None
    ) -> Any:
        """Reads are retried on any transient error; writes only when the service surely did not act (a
        rate limit). A write that timed out or hit a server error raises ``OutcomeUnknownError``: it may have
        happened, so the user decides whether to run it again. ``zone``: the requester's time zone, which the
        connector reads with ``integrations.base.context.request_zone``. ``principal``: who the call acts for; a tool
        of a personal kind runs on their own account only (the registry resolves it)."""
        with in_zone(zone):
            return await self._run_kind(tool, arguments, principal)

    async def _run_kind(self, tool: str, arguments: dict[str, Any], principal: Principal | None) -> Any:
        spec = self.catalog.get(tool)
        if spec is not None and spec.kind == "write":
            try:
                return await self._run(tool, arguments, principal, retryable=safe_to_repeat)
            except TransientError as error:
                if safe_to_repeat(error):
                    raise
                raise OutcomeUnknownError(str(error), service=error.service) from error
        return await self._run(tool, arguments, principal, retryable=lambda _error: True)

    async def _run(
        self,
        tool: str,
        arguments: dict[str, Any],
        principal: Principal | None,
        retryable: Callable[[TransientError], bool],
    ) -> Any:
        """The tool's ``data``; raises ``InvalidArgumentsError`` or a ``ConnectorError``."""
        problems = argument_errors(self.catalog, tool, arguments)
        if problems:
            raise InvalidArgumentsError(problems)
        spec = self.catalog.get(tool)
        assert spec is not None
        model = spec.args_model.model_validate(arguments)
        connector = await self._registry.resolve(tool, principal)

        async def attempt() -> Any:
            try:
                return await asyncio.wait_for(connector.call(tool, model), self._timeout)
            except TimeoutError as error:
                raise TransientError(f"{connector.name} did not answer in time", service=connector.name) from error

        started = time.perf_counter()
        try:
            result, attempts = await with_retries(attempt, self._policy, self._sleep, retryable)
        except Exception as error:
            elapsed = time.perf_counter() - started
            self._observer.timing("connector_call", elapsed, tool=tool, outcome=error.__class__.__name__)
            raise
        self._observer.timing("connector_call", time.perf_counter() - started, tool=tool, outcome="ok")
        if attempts > 1:
            logger.info("tool %s succeeded after %d attempts", tool, attempts)
        return result


def _fields_in_words(problems: dict[str, str]) -> str:
    """ "query" for ``{"query": "Extra inputs are not permitted"}``; "fields.dueDate" → "due date"."""
    names = []
    for key in problems:
        parts = [part for part in key.split(".") if part and not part.isdigit() and part != "input"]
        names.append(name_in_words(parts[-1]) if parts else "values")
    named = list(dict.fromkeys(names))
    return " and ".join(named) if len(named) <= 2 else ", ".join(named[:-1]) + " and " + named[-1]


def describe_failure(error: Exception) -> ToolFailure:
    from integrations.base import AuthError, NotFoundError
    from integrations.base.errors import AccountNotConnectedError

    if isinstance(error, AccountNotConnectedError):
        kind = error.kind
        return ToolFailure(f"this needs your own {kind} account: connect your {kind} account, then ask again", False)
    if isinstance(error, InvalidArgumentsError):  # the validator's own words stay in the log, never said
        logger.warning("arguments refused by the tool's schema: %s", error)
        return ToolFailure(f"I could not use the {_fields_in_words(error.problems)} given for it", transient=False)
    if isinstance(error, AuthError):
        return ToolFailure(f"{error.service or 'the service'} needs you to reconnect your account", False, True)
    if isinstance(error, NotFoundError):
        return ToolFailure(f"not found: {error}", transient=False)
    if isinstance(error, TransientError):
        return ToolFailure(f"{error.service or 'the service'} is not answering right now ({error})", transient=True)
    if isinstance(error, PermanentError | ConnectorError):
        return ToolFailure(str(error), transient=False)
    return ToolFailure(f"unexpected error: {error.__class__.__name__}", transient=False)
