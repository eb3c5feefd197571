"""The local workspace connector: CRM, mailbox and calendar in one SQLite file, every tool of the catalog but
``extract`` (a tool of the planner's own).

It needs no account and no network; ``open_workspace`` creates the file (and its demo data) on first use.
"""

import os
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from types import TracebackType
from typing import Any

from pydantic import BaseModel

from integrations.base.arguments import SummarizeArgs
from integrations.base.catalog import CATALOG
from integrations.base.errors import PermanentError
from integrations.base.files import FileSource
from integrations.local import (
    attachments,
    calendar,
    calendar_read,
    calendars,
    crm,
    freebusy,
    mail_compose,
    mailbox,
)
from integrations.local.calendar_rows import Shown
from integrations.local.database import SERVICE, Database, connect
from integrations.local.names import NameKind, list_names
from integrations.local.schema import SCHEMA_VERSION, ensure_schema
from integrations.local.seed import seed
from integrations.local.settings import LocalWorkspaceSettings
from integrations.local.summarize import summarize

Clock = Callable[[], datetime]
"""Returns the current instant (timezone-aware); injectable so that dates of sent mail and demo data are fixed."""


def system_clock() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class _Context:
    settings: LocalWorkspaceSettings
    clock: Clock
    shared: Mapping[str, attachments.AttachmentFile] = field(default_factory=dict)  # this call's Slack files

    @property
    def owner(self) -> mailbox.Mailer:
        return mailbox.Mailer(self.settings.owner_name, self.settings.owner_address)

    @property
    def view(self) -> Shown:
        return Shown(owner_address=self.settings.owner_address, zone=self.settings.zone)

    def now(self) -> datetime:
        """The clock's instant in the workspace's zone."""
        return self.clock().astimezone(self.settings.zone)


_Handler = Callable[[sqlite3.Connection, Any, _Context], Any]

_HANDLERS: dict[str, _Handler] = {
    "fetch_emails": lambda db, args, ctx: mailbox.fetch_messages(db, args, zone=ctx.settings.zone),
    "send_email": lambda db, args, ctx: mail_compose.send_message(
        db, args, owner=ctx.owner, now=ctx.now(), shared=ctx.shared
    ),
    "reply_email": lambda db, args, ctx: mail_compose.reply_to_message(
        db, args, owner=ctx.owner, now=ctx.now(), shared=ctx.shared
    ),
    "forward_email": lambda db, args, ctx: mail_compose.forward_message(
        db, args, owner=ctx.owner, now=ctx.now(), zone=ctx.settings.zone
    ),
    "create_draft": lambda db, args, ctx: mail_compose.save_draft(
        db, args, owner=ctx.owner, now=ctx.now(), shared=ctx.shared
    ),
    "update_email": lambda db, args, _ctx: mailbox.update_message(db, args),
    "fetch_calendars": lambda db, args, _ctx: calendars.fetch_calendars(db, args),
    "fetch_entity": lambda db, args, _ctx: crm.fetch_records(db, args),
    "create_entity": lambda db, args, ctx: crm.create_record(db, args, now=ctx.now()),
    "update_entity": lambda db, args, _ctx: crm.update_record(db, args),
    "delete_entity": lambda db, args, _ctx: crm.delete_record(db, args),
    "fetch_calendar_events": lambda db, args, ctx: calendar_read.fetch_events(db, args, view=ctx.view),
    "create_calendar_event": lambda db, args, ctx: calendar.create_event(db, args, view=ctx.view),
    "update_calendar_event": lambda db, args, ctx: calendar.update_event(db, args, view=ctx.view),
    "respond_to_event": lambda db, args, ctx: calendar.respond_to_event(db, args, view=ctx.view),
    "delete_calendar_event": lambda db, args, ctx: calendar.delete_event(db, args, view=ctx.view),
    "find_free_slots": lambda db, args, ctx: freebusy.find_free_slots(
        db, args, hours=ctx.settings.working_hours, zone=ctx.settings.zone
    ),
}
"""Every tool that touches the database; ``summarize`` needs none."""


class LocalWorkspace:
    """The embedded default connector. Get one from ``open_workspace``; ``close`` it (or use ``with``)."""

    name = SERVICE
    tools: frozenset[str] = frozenset({*_HANDLERS, "summarize"})

    def __init__(
        self, database: Database, *, settings: LocalWorkspaceSettings, clock: Clock, files: FileSource | None = None
    ) -> None:
        self._database = database
        self._context = _Context(settings, clock)
        self._source = files

    @property
    def settings(self) -> LocalWorkspaceSettings:
        return self._context.settings

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        """Run ``tool``; ``arguments`` is an instance of the tool's argument model. Returns the result's ``data``."""
        spec = CATALOG.get(tool)
        if spec is None or tool not in self.tools:
            raise PermanentError(f"the local workspace has no tool {tool!r}", service=SERVICE)
        if not isinstance(arguments, spec.args_model):
            raise PermanentError(f"{tool} needs {spec.args_model.__name__} arguments", service=SERVICE)
        if isinstance(arguments, SummarizeArgs):
            return summarize(arguments.text, arguments.instructions)
        handler, context = _HANDLERS[tool], self._context
        composes = tool in ("send_email", "reply_email", "create_draft")
        refs = getattr(arguments, "attachments", None) if composes else None
        if refs and self._source is not None:  # Slack files are read before the write, outside the database
            context = replace(context, shared=await attachments.fetched(self._source, refs))
        return await self._database.run(lambda db: handler(db, arguments, context), write=spec.kind == "write")

    async def names(self) -> list[tuple[str, NameKind]]:
        """The names of its people, companies, deals, events and mail senders, with their kinds (for grounding)."""
        return await self._database.run(list_names, write=False)

    def close(self) -> None:
        """Close the file; waits for a call in progress. Later calls raise PermanentError."""
        self._database.close()

    @property
    def closed(self) -> bool:
        return self._database.closed

    def __enter__(self) -> "LocalWorkspace":
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()


def open_workspace(
    path: str | os.PathLike[str],
    *,
    settings: LocalWorkspaceSettings | None = None,
    clock: Clock = system_clock,
    files: FileSource | None = None,
) -> LocalWorkspace:
    """Open the workspace stored in the SQLite file at ``path``.

    A new file gets its tables and, unless ``settings.demo_data`` is off, the demo data dated around ``clock()``;
    an existing file is used as it is (never seeded twice), except that a file of an older schema is upgraded
    and, with demo data on, gets the demo items that came with the newer schema.
    """
    chosen = settings or LocalWorkspaceSettings()
    database = Database(connect(path, busy_timeout=chosen.busy_timeout_seconds))
    owner = mailbox.Mailer(chosen.owner_name, chosen.owner_address)

    def prepare(connection: sqlite3.Connection) -> None:
        found = ensure_schema(connection)
        if found < SCHEMA_VERSION and chosen.demo_data:
            seed(connection, now=clock(), zone=chosen.zone, owner=owner, since_version=found)

    try:
        database.run_sync(prepare, write=True)
    except BaseException:
        database.close()
        raise
    return LocalWorkspace(database, settings=chosen, clock=clock, files=files)
