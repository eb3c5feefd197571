"""The Bolt AsyncApp, built by a factory from injected dependencies (no globals, no environment)."""

import re
from typing import Any

from bot.slack.access import AccessPolicy, AllowedList
from bot.slack.access_gate import AccessGate
from bot.slack.access_leaving import Leaving
from bot.slack.assistant import AssistantPanel
from bot.slack.declared import ACTION_IDS, EDIT_CALLBACK_ID, MESSAGE_SHORTCUTS, WRITE_CALLBACK_ID
from bot.slack.delivery import Delivery
from bot.slack.inbox import Inbox, InboxApp
from bot.slack.install_events import Uninstalls
from bot.slack.install_flow import Workspaces
from bot.slack.listeners import Listeners, SlackDeps, event_thread_key
from bot.slack.sending import SlackSender
from bot.slack.too_long import refuse_long_requests
from planning.engine.lease import process_owner

INBOX_LEASE_SECONDS = 60.0  # without an inbox of the composition's making: the engine's default claim lease


def build_slack_app(
    deps: SlackDeps,
    *,
    signing_secret: str | None,
    max_request_chars: int,
    uninstalls: Uninstalls | None = None,
    workspaces: Workspaces | None = None,
    inbox: Inbox | None = None,
) -> InboxApp:
    """``signing_secret`` is required for HTTP mode; Socket Mode connections are authenticated by the app token.
    Requests longer than ``max_request_chars`` are refused before any other listener sees them. ``workspaces``:
    several workspaces through the install flow (``deps.client`` is then their ``TeamClient``). ``inbox``: where
    requests are recorded before their ack (``bot.slack.inbox``; by default one held by this process, with the
    engine's default lease)."""
    app = InboxApp(
        client=deps.client,
        signing_secret=signing_secret,
        request_verification_enabled=signing_secret is not None,
        ignoring_self_events_enabled=True,
        **(workspaces.bolt_options() if workspaces is not None else {}),
    )
    if workspaces is not None:  # first: every later step calls Slack as the request's workspace
        app.middleware(workspaces.middleware)
    listeners = Listeners(deps)
    # Slack retries an event it thinks failed, and does not send again what was answered 200: record each request
    # on receipt (with what it asks), act on it once, and again if this process stops before it is done
    app.inbox = inbox or Inbox(
        deps.state, owner=process_owner(), lease_seconds=INBOX_LEASE_SECONDS, thread_key_of=event_thread_key
    )
    app.middleware(app.inbox.middleware)
    app.inbox.watch(app)

    policy = AccessPolicy(listeners.people, deps.client, AllowedList.parse(deps.allowed_users))
    gate = AccessGate(
        policy,
        deps.client,
        deps.state,
        is_open=deps.conversation.is_open,
        plan_workspace=deps.conversation.workspace_of_plan,
        after_ack=app.inbox.after_ack,  # a person Slack must be asked about is looked up after the ack
    )
    app.middleware(gate.middleware)
    length = refuse_long_requests(app, deps, max_request_chars)

    async def dm_message(event: dict[str, Any], context: dict[str, Any], body: dict[str, Any]) -> None:
        if await length.event_too_long(body, context):
            await length.refuse_event(body, event)
        else:
            await listeners.message(event, context, body)

    panel = AssistantPanel(
        SlackSender(deps.client, deps.retry),
        on_message=dm_message,
        is_open=deps.conversation.is_open,
        thread_key_of=event_thread_key,
        usable=deps.connect.usable_kinds if deps.connect is not None else None,
    )
    app.assistant(panel.middleware)
    app.middleware_takes = (panel.takes,)  # a new assistant thread of someone not cached: acknowledged first too
    app.event("app_mention")(listeners.app_mention)
    app.event("message")(listeners.message)
    app.event("app_home_opened")(listeners.home_opened)
    if deps.forgetting is not None:  # ahead of /plans' own listener
        delivery = Delivery(
            deps.client,
            deps.state,
            requester_of=deps.conversation.requester_of,
            retry=deps.retry,
            connect_button=deps.connect.button if deps.connect is not None else None,
        )
        leaving = Leaving(deps.forgetting, delivery=delivery, state=deps.state, people=listeners.people)
        leaving.register(app)
    app.command("/plan")(listeners.plan_command)
    app.command("/plans")(listeners.plans_command)
    for callback_id in MESSAGE_SHORTCUTS:
        app.message_shortcut(callback_id)(listeners.plan_from_message)
    app.action(re.compile(f"^({ACTION_IDS['approve']}|{ACTION_IDS['skip']})$"))(listeners.step_decision)
    app.action(ACTION_IDS["edit"])(listeners.edit_step)
    app.action(ACTION_IDS["remove_item"])(listeners.remove_item)
    app.action(re.compile(f"^({ACTION_IDS['free_slot']}|{ACTION_IDS['use_existing']})$"))(listeners.step_choice)
    app.action(ACTION_IDS["cancel"])(listeners.cancel_plan)
    app.action(ACTION_IDS["plans_more"])(listeners.plans_more)
    app.action(ACTION_IDS["replan"])(listeners.edits.replan)
    app.action(ACTION_IDS["cancel_deleted"])(listeners.edits.cancel_deleted)
    app.action(ACTION_IDS["keep"])(listeners.edits.keep)
    app.view(EDIT_CALLBACK_ID)(gate.form(EDIT_CALLBACK_ID, listeners.edit_submitted))
    app.action(ACTION_IDS["write"])(listeners.writing.clicked)
    app.view(WRITE_CALLBACK_ID)(gate.form(WRITE_CALLBACK_ID, listeners.writing.submitted))
    if uninstalls is not None:
        app.event("app_uninstalled")(uninstalls.app_uninstalled)
        app.event("tokens_revoked")(uninstalls.tokens_revoked)
    if deps.connect is not None:
        deps.connect.register(app)
    return app
