"""``planbot audit``: the audit trail of a thread or a user, for people or as JSON lines."""

import json

import click

from bot.compose import open_store
from bot.settings import Settings
from planning.store import AuditEntry


def line_for(entry: AuditEntry) -> str:
    step = f" {entry.step_id} ({entry.tool})" if entry.step_id else ""
    who = entry.actor if entry.actor == entry.requester else f"{entry.actor} for {entry.requester}"
    detail = json.dumps(entry.detail, ensure_ascii=False, default=str)
    if len(detail) > 160:
        detail = detail[:159] + "…"
    return f"{entry.at:%Y-%m-%d %H:%M:%S}Z  {entry.action:<9} {who}{step}  [{entry.session_id}] {detail}"


async def print_audit(
    settings: Settings, *, thread_key: str | None, user: str | None, limit: int, as_json: bool
) -> None:
    store = await open_store(settings)
    try:
        entries = await store.audit(thread_key=thread_key, user=user, limit=limit)
    finally:
        await store.close()
    if not entries:
        click.echo("No audit entries." if not as_json else "", nl=not as_json)
        return
    for entry in entries:
        click.echo(entry.model_dump_json() if as_json else line_for(entry))
