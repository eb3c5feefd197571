"""``planbot chat``: the terminal front end of the conversation engine, interactive or scripted."""

import asyncio
from collections.abc import Callable, Iterable
from datetime import datetime

from rich.console import Console

from bot.compose import App, build_app
from bot.settings import Settings
from bot.terminal_render import render
from integrations.base.principal import Principal
from planning.engine.replies import Reply, ShowPlan

_KEYS = {"a": "approve", "c": "cancel", "q": "cancel"}
_DECISION_KEYS = frozenset({*_KEYS, "s"})
NO_OPEN_PLAN = "There is no plan waiting for you here; type a request."
BANNER = (
    "planbot · local workspace (demo data) · type a request, e.g. “Email Priya the Q3 deck and book 30 minutes "
    "with her Thursday at 2pm”. “help” for more, “quit” or Ctrl-D to leave."
)


def words_for(line: str) -> str:
    """Single keys of the approval prompt → the words the engine understands."""
    stripped = line.strip()
    if stripped.lower() in _KEYS:
        return _KEYS[stripped.lower()]
    if stripped.lower().startswith("e ") and "=" in stripped:
        return "edit " + stripped[2:].strip()
    return stripped


_LEAVE = frozenset({"quit", "exit", ":q"})  # never a plausible answer to a question
GOODBYE = "Bye. A plan still open waits for you here next time."


async def run_chat(
    settings: Settings,
    lines: Iterable[str] | None,
    console: Console,
    *,
    user: str,
    tz: str,
    clock: Callable[[], datetime] | None = None,
) -> None:
    app = await build_app(as_one_person(settings, user), tz, clock)
    if app.names is not None:  # the chat's one person: their own accounts' names listed before the first request
        await app.names.refresh(Principal(team="", user=user, zone=tz))
    thread_key = f"terminal:{user}"
    shown = PlanShown()
    try:
        if lines is None:
            console.print(BANNER, style="dim")
        for replies in (await app.conversation.resume()).values():
            show(console, await _with_its_question(app, replies), shown)
        source = lines if lines is not None else _prompt(console)
        for line in source:
            text = words_for(line)
            if not text:
                continue
            if lines is not None:
                console.print(f"> {line.rstrip()}", style="bold")
            if text.strip().lower().rstrip(".!") in _LEAVE:
                console.print(GOODBYE, style="dim")
                return
            if line.strip().lower() in _DECISION_KEYS and not await app.conversation.is_open(thread_key):
                console.print(NO_OPEN_PLAN)  # a key of the approval prompt is never a new request
                continue
            show(console, await _handle(app, thread_key, user, text, tz), shown)
    finally:
        await app.close()


def as_one_person(settings: Settings, user: str) -> Settings:
    """The terminal chat has one person: the credentials in the environment are theirs (``PLANBOT_OWNER`` is the
    chat's user). Slack (``serve``) has many, and keeps requiring ``PLANBOT_OWNER`` for them."""
    return settings.model_copy(update={"owner": user})


async def _handle(app: App, thread_key: str, user: str, text: str, tz: str) -> list[Reply]:
    who = Principal(team="", user=user, zone=tz, address=app.workspace.settings.owner_address)
    return await app.conversation.message(thread_key=thread_key, text=text, who=who)


async def _with_its_question(app: App, replies: list[Reply]) -> list[Reply]:
    """A plan resumed at a new start says what it is waiting for (the question was asked in an earlier session)."""
    plan = next((r for r in replies if isinstance(r, ShowPlan)), None)
    asked = await app.conversation.open_question(plan.view.session_id) if plan is not None else None
    if asked is not None and not any(isinstance(r, type(asked)) for r in replies):
        return [*replies, asked]
    return replies


def _prompt(console: Console) -> Iterable[str]:
    while True:
        try:
            yield console.input("[bold]you> [/bold]")
        except EOFError:
            return


class PlanShown:
    """The plan panel is drawn when a plan starts and when it ends; in between, the questions speak."""

    def __init__(self) -> None:
        self._seen: set[str] = set()

    def wanted(self, reply: Reply) -> bool:
        if not isinstance(reply, ShowPlan):
            return True
        first = reply.view.session_id not in self._seen
        self._seen.add(reply.view.session_id)
        return first or reply.view.state in ("done", "failed", "cancelled", "expired")


def show(console: Console, replies: list[Reply], shown: PlanShown | None = None) -> None:
    plans = [r for r in replies if isinstance(r, ShowPlan)]
    ordered = plans[-1:] + [r for r in replies if not isinstance(r, ShowPlan)]
    for reply in ordered:
        if shown is None or shown.wanted(reply):
            console.print(render(reply))


def chat_main(
    settings: Settings,
    script: Iterable[str] | None,
    *,
    user: str,
    tz: str,
    clock: Callable[[], datetime] | None = None,
    width: int | None = None,
) -> None:
    console = Console(width=width, soft_wrap=False)
    asyncio.run(run_chat(settings, script, console, user=user, tz=tz, clock=clock))
