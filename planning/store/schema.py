"""Schema migrations with alembic: one history per store and backend, run when a store opens.

A ``History`` is a folder holding alembic's ``env.py`` (which calls ``run_env`` below) and ``versions/``, whose
revision ids are numbers (``"0001"``, ``"0002"``, ...): a revision's number is the schema version reported by
``UnsupportedSchemaVersion``. Each history records its revision in its own table, so several stores can share
one database. Migrations are forward-only: a schema newer than this code (a revision it does not know) is refused
before anything is written, so an older planbot never works on a newer schema.

Concurrency: the whole upgrade runs in one transaction, taken up front (SQLite ``BEGIN IMMEDIATE``; PostgreSQL
``pg_advisory_xact_lock``), so replicas starting together upgrade once and the others wait, then see the head.
Within one process, migrations run one at a time (alembic's ``context`` and ``op`` are module-wide proxies).
Opening a store that is already at its head needs no alembic at all (``at_head_*``: one query), which keeps
start-up fast. The runners are blocking: call them through ``asyncio.to_thread``.
"""

import contextlib
import hashlib
import logging
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from planning.store.protocol import StoreError, UnsupportedSchemaVersion

if TYPE_CHECKING:
    import sqlalchemy

logger = logging.getLogger(__name__)
SQLITE_BUSY_TIMEOUT_S = 5.0
_ALEMBIC = threading.Lock()  # alembic's ``context`` and ``op`` are process-wide: one migration at a time


@dataclass(frozen=True)
class History:
    """One alembic history: the folder of its scripts, its version table and its head revision's number."""

    name: str
    directory: Path
    version_table: str
    head: int

    @property
    def lock_key(self) -> int:
        """The PostgreSQL advisory lock that serialises this history's upgrades."""
        digest = hashlib.blake2b(f"planbot-migrate:{self.version_table}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big", signed=True)


def revision_number(revision: str) -> int:
    if not revision.isdigit():
        raise StoreError(f"schema revision {revision!r} is not one of planbot's numbered revisions")
    return int(revision)


def run_env() -> None:
    """The body of every history's ``env.py``: run the upgrade on the connection ``upgrade`` passed in."""
    from alembic import context

    connection = context.config.attributes.get("connection")
    if connection is None:
        raise StoreError("planbot's migrations run through planning.store.migrate(), which supplies the connection")
    context.configure(connection=connection, version_table=context.config.attributes["version_table"])
    with context.begin_transaction():  # inside the caller's transaction: alembic adds none of its own
        context.run_migrations()


def upgrade(connection: "sqlalchemy.Connection", history: History, *, location: str) -> int:
    """In ``connection``'s open transaction: refuse a newer schema, else upgrade to the head; returns its number."""
    from alembic import command
    from alembic.config import Config
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    script = ScriptDirectory(str(history.directory))
    known = {revision.revision for revision in script.walk_revisions()}
    heads = MigrationContext.configure(connection, opts={"version_table": history.version_table}).get_current_heads()
    for found in heads:
        if found not in known:
            number = revision_number(found)
            raise UnsupportedSchemaVersion(location, found=number, supported=history.head, what=history.name)
    if tuple(heads) != (f"{history.head:04d}",):
        config = Config()
        config.set_main_option("script_location", str(history.directory))
        config.attributes.update(connection=connection, version_table=history.version_table)
        command.upgrade(config, "head")
        logger.info(
            "upgraded the %s schema of %s from %s to %04d", history.name, location, heads or "none", history.head
        )
    return history.head


def _run(location: str, migrate: Callable[[], int]) -> int:
    import sqlalchemy.exc

    try:
        with _ALEMBIC:  # taken before the database's lock, in every thread: no deadlock
            return migrate()
    except StoreError:
        raise
    except (sqlalchemy.exc.SQLAlchemyError, sqlite3.Error, OSError) as exc:
        raise StoreError(f"cannot migrate {location}: {exc}") from exc


def sqlite_at_head(path: str, history: History, *, user_version: bool = False) -> bool:
    """True when the file is at the history's head already (one read, no alembic); False when it needs work."""
    try:
        with contextlib.closing(sqlite3.connect(path, timeout=SQLITE_BUSY_TIMEOUT_S)) as db:
            found = db.execute(f"SELECT version_num FROM {history.version_table}").fetchall()
            version = db.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.Error:
        return False
    return found == [(f"{history.head:04d}",)] and (not user_version or version == history.head)


def migrate_sqlite(path: str, history: History, *, user_version: bool = False) -> int:
    """Bring the SQLite file at ``path`` to the head; with ``user_version``, also keep ``PRAGMA user_version``.

    ``user_version`` is how stores before alembic recorded their version: a file whose ``user_version`` is above the
    head is refused, and after an upgrade it is set to the head, so that such an older planbot refuses the file.
    """
    import sqlalchemy
    from sqlalchemy.pool import NullPool

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(path, timeout=SQLITE_BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)

    engine = sqlalchemy.create_engine("sqlite://", creator=connect, poolclass=NullPool)

    @sqlalchemy.event.listens_for(engine, "begin")
    def begin_immediate(connection: sqlalchemy.Connection) -> None:  # take the write lock before reading versions
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    def migrate() -> int:
        try:
            with engine.begin() as connection:
                if user_version:
                    found = int(connection.exec_driver_sql("PRAGMA user_version").scalar_one())
                    if found > history.head:
                        raise UnsupportedSchemaVersion(path, found=found, supported=history.head, what=history.name)
                head = upgrade(connection, history, location=path)
                if user_version:
                    connection.exec_driver_sql(f"PRAGMA user_version = {int(head)}")
                return head
        finally:
            engine.dispose()

    return _run(path, migrate)


def postgres_at_head(url: str, history: History) -> bool:
    """True when the database is at the history's head already (one read, no alembic); False when it needs work."""
    import psycopg
    from psycopg import sql

    query = sql.SQL("SELECT version_num FROM {}").format(sql.Identifier(history.version_table))
    try:
        with psycopg.connect(url, autocommit=True) as connection:
            found = connection.execute(query).fetchall()
    except psycopg.errors.UndefinedTable:
        return False
    except psycopg.Error as exc:
        raise StoreError(f"cannot open {_safe(url)}: {exc}") from exc
    return found == [(f"{history.head:04d}",)]


def migrate_postgres(url: str, history: History) -> int:
    """Bring the PostgreSQL database at ``url`` to the head, one replica at a time."""
    import psycopg
    import sqlalchemy
    from sqlalchemy.pool import NullPool

    def connect() -> Any:
        return psycopg.connect(url)

    engine = sqlalchemy.create_engine("postgresql+psycopg://", creator=connect, poolclass=NullPool)

    def migrate() -> int:
        try:
            with engine.begin() as connection:
                connection.execute(sqlalchemy.text("SELECT pg_advisory_xact_lock(:key)"), {"key": history.lock_key})
                return upgrade(connection, history, location=_safe(url))
        finally:
            engine.dispose()

    try:
        return _run(_safe(url), migrate)
    except psycopg.Error as exc:
        raise StoreError(f"cannot migrate {_safe(url)}: {exc}") from exc


def _safe(url: str) -> str:
    """A URL fit for messages: without its password."""
    from psycopg.conninfo import conninfo_to_dict

    try:
        parts = conninfo_to_dict(url)
    except Exception:
        return "the PostgreSQL database"
    host, port, name = parts.get("host", ""), parts.get("port", ""), parts.get("dbname", "")
    return f"postgresql://{host}{':' if port else ''}{port}/{name}"
