"""Open or migrate a plan store by location: a ``postgresql://`` URL, or the path of a SQLite file."""

import os

from planning.store.protocol import Clock, PlanStore, utc_now

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(location: str | os.PathLike[str]) -> bool:
    return isinstance(location, str) and location.startswith(POSTGRES_SCHEMES)


async def migrate(location: str | os.PathLike[str]) -> int:
    """Bring the store at ``location`` to the current schema (as opening it would); returns the schema version.

    ``UnsupportedSchemaVersion`` if it is newer than this code, ``StoreError`` if it cannot be reached.
    """
    if is_postgres_url(location):
        from planning.store.postgres import migrate as migrate_postgres

        return await migrate_postgres(os.fspath(location))
    from planning.store.sqlite import migrate as migrate_sqlite

    return await migrate_sqlite(location)


async def open_store(location: str | os.PathLike[str], *, clock: Clock = utc_now) -> PlanStore:
    """``PostgresPlanStore`` for a ``postgresql://`` URL, else ``SqlitePlanStore`` on that file."""
    if is_postgres_url(location):
        from planning.store.postgres import PostgresPlanStore

        return await PostgresPlanStore.open(os.fspath(location), clock=clock)
    from planning.store.sqlite import SqlitePlanStore

    return await SqlitePlanStore.open(location, clock=clock)
