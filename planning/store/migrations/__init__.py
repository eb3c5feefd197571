"""The plan store's alembic histories, one per backend (``sqlite/``, ``postgres/``); see ``planning.store.schema``.

To change the schema: add ``versions/vNNNN_what.py`` to each backend with ``revision = "NNNN"`` (the next number)
and ``down_revision`` the previous one, raw SQL through ``op.execute``, then raise ``HISTORY.head`` in the backend's
module. ``tests/planning/store/test_migrations.py`` checks that the chain and the heads agree. Forward-only: a
release that needs to go back restores a backup.
"""

from pathlib import Path

from planning.store.schema import History

_HERE = Path(__file__).parent
SQLITE = History(name="plan store", directory=_HERE / "sqlite", version_table="plan_store_version", head=6)
POSTGRES = History(name="plan store", directory=_HERE / "postgres", version_table="plan_store_version", head=5)
