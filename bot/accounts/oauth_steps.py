"""A step of connecting an account, as ``oauth_states`` keeps it: under the hash of its key, for one person, with
what it carries sealed with the key of Connect links (``PLANBOT_SECRET_KEY``)."""

from datetime import datetime
from typing import Any

from bot.accounts.oauth_links import Link, seal
from bot.accounts.oauth_states import PendingSignIn, Step, digest
from planning.store.credentials import Kind


def step_row(
    step: Step,
    key: str,
    like: PendingSignIn | Link,
    *,
    secret: str | None,
    service: str,
    kinds: tuple[Kind, ...],
    carried: dict[str, Any],
    browser: str,
    expires_at: datetime,
) -> PendingSignIn:
    """A step kept under ``key`` for the person of ``like`` (a Connect link, or the step before)."""
    return PendingSignIn(
        state_hash=digest(key),
        team=like.team,
        user=like.user,
        shared=like.shared,
        service=service,
        kinds=kinds,
        sealed=seal(secret, carried) if carried else b"",
        browser=browser,
        expires_at=expires_at,
        step=step,
    )
