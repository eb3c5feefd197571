"""The Slack state's alembic histories, one per backend (``sqlite/``, ``postgres/``), run by
``planning.store.schema`` exactly as the plan store's are (see ``planning/store/migrations``). Its own version
table lets it share a PostgreSQL database with the plan store."""

from pathlib import Path

from planning.store.schema import History

_HERE = Path(__file__).parent
SQLITE = History(name="Slack state", directory=_HERE / "sqlite", version_table="slack_state_version", head=6)
POSTGRES = History(name="Slack state", directory=_HERE / "postgres", version_table="slack_state_version", head=5)
