"""One Slack client for every installed workspace: each call carries the bot token of the workspace it acts for.

The listeners, the delivery and the file downloads are built once, around one ``AsyncWebClient``. With several
workspaces that client is a ``TeamClient``: its ``token`` is the one of the workspace being served, set for the
request being handled (by the app's middleware, from Bolt's authorization of that request) or for work outside a
request (``acting_for``, e.g. a plan resumed after a restart). Outside both it has no token, so a call fails
with ``not_authed`` rather than acting for anyone. ``acting_team()`` says which workspace that is (``""``: none).

The value lives in a ``ContextVar``: each request's task, and the tasks it starts, see their own.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from slack_sdk.web.async_client import AsyncWebClient


@dataclass(frozen=True, slots=True)
class Acting:
    team_id: str
    token: str = field(repr=False)


_acting: ContextVar[Acting | None] = ContextVar("planbot_slack_acting", default=None)


class TeamClient(AsyncWebClient):
    """An ``AsyncWebClient`` whose token is the acting workspace's; it never holds one of its own."""

    @property
    def token(self) -> str | None:
        acting = _acting.get()
        return acting.token if acting is not None else None

    @token.setter
    def token(self, value: str | None) -> None:
        if value:
            raise ValueError("a TeamClient takes its token from the workspace it acts for")


def act_for(team_id: str, token: str) -> None:
    """From now on in this task (and the tasks it starts): act for ``team_id`` with ``token``."""
    _acting.set(Acting(team_id, token))


@contextmanager
def acting_for(team_id: str, token: str) -> Iterator[None]:
    """Act for ``team_id`` with ``token`` inside the block only."""
    reset = _acting.set(Acting(team_id, token))
    try:
        yield
    finally:
        _acting.reset(reset)


def acting_team() -> str:
    acting = _acting.get()
    return acting.team_id if acting is not None else ""
