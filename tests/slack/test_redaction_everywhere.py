"""With redaction on (``PLANBOT_AUDIT_REDACT``), nothing a person wrote survives a finished plan in our stores: not
in the plan, its audit trail, the plan message's record, recent results or the inbox; a step's title is kept as
its tool's name in words ("Send an email")."""

import asyncio
import sqlite3
from pathlib import Path

import psycopg
from psycopg import sql

from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.payloads import app_home_opened_event, app_mention_event
from tests.slack.test_scenarios import JOHN, click, plan_ts, until_buttons, wait_text

MARKER = "quixmarker"  # words of the email's body, which the plan also takes as its subject


def rows_with(path: Path, marker: str) -> list[str]:
    """Every table and text column of the SQLite file at ``path`` whose value contains ``marker``."""
    found: list[str] = []
    with sqlite3.connect(path) as db:
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            columns = [row[1] for row in db.execute(f"PRAGMA table_info('{table}')")]
            for row in db.execute(f"SELECT * FROM '{table}'"):
                for column, value in zip(columns, row, strict=True):
                    text = value.decode(errors="replace") if isinstance(value, bytes) else str(value)
                    if marker in text.lower():
                        found.append(f"{path.name}:{table}.{column}: {text[:200]}")
    return found


def postgres_rows_with(url: str, marker: str) -> list[str]:
    """Every table and column of the database at ``url`` whose value, as text, contains ``marker``."""
    found: list[str] = []
    with psycopg.connect(url) as db:
        tables = [row[0] for row in db.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
        for table in tables:
            cursor = db.execute(sql.SQL("SELECT * FROM {}").format(sql.Identifier(table)))
            columns = [column.name for column in cursor.description or ()]
            for row in cursor.fetchall():
                for column, value in zip(columns, row, strict=True):
                    text = (
                        bytes(value).decode(errors="replace") if isinstance(value, bytes | memoryview) else str(value)
                    )
                    if marker in text.lower():
                        found.append(f"{table}.{column}: {text[:200]}")
    return found


async def finish_a_plan_with_an_email_body(bot: Bot) -> None:
    mention = app_mention_event(f"email priya.shah@example.com saying {MARKER.title()} is ready", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    ts = await plan_ts(bot, root)
    await click(bot, "step_approve", await until_buttons(bot, ts, "step_approve"), ts)
    await wait_text(bot, root, "Finished")
    before = len(bot.slack.calls_to("views.publish"))
    await bot.send(app_home_opened_event(user_id=JOHN))  # the Home tab shows recent results from the store
    await bot.slack.wait_for("views.publish", count=before + 1)
    for _ in range(40):  # what is written after the last message (the inbox's receipt) has time to land
        await asyncio.sleep(0.025)


async def test_on_postgresql_nothing_of_an_email_body_is_kept_once_the_plan_is_done(
    tmp_path: Path, postgres_url: str
) -> None:
    async with running_bot(tmp_path, audit_redact=True, database_url=postgres_url) as bot:
        await finish_a_plan_with_an_email_body(bot)
    assert postgres_rows_with(postgres_url, MARKER) == []


async def test_nothing_of_an_email_body_is_kept_once_the_plan_is_done(tmp_path: Path) -> None:
    async with running_bot(tmp_path, audit_redact=True) as bot:
        await finish_a_plan_with_an_email_body(bot)
    stores = [path for path in sorted(tmp_path.glob("*.sqlite3")) if path.name != "workspace.sqlite3"]
    assert {path.name for path in stores} >= {"plans.sqlite3", "slack.sqlite3"}
    # the local workspace is the mailbox itself (the sent email is in it, as in Gmail); our stores keep none of it
    assert [found for path in stores for found in rows_with(path, MARKER)] == []
