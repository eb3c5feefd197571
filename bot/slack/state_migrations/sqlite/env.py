"""alembic's entry point for this history: the connection comes from ``planning.store.schema.upgrade``."""

from planning.store.schema import run_env

run_env()
