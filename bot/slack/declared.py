"""What the Slack app listens to and needs; the app factory registers exactly these, and the manifest in
``infra/slack-app-manifest.json`` must declare exactly these (a test checks both)."""

BOT_EVENTS: tuple[str, ...] = (
    "app_mention",
    "message.im",
    "message.channels",
    "message.groups",  # thread replies in private channels
    "message.mpim",  # thread replies in group DMs
    "app_home_opened",
    "app_uninstalled",  # the app removed: that workspace's tokens and accounts go (bot/slack/install_events.py)
    "tokens_revoked",
    "assistant_thread_started",  # the assistant panel (bot/slack/assistant.py)
    "user_change",  # a member deactivated: planbot forgets them (bot/slack/access_leaving.py)
)
SLASH_COMMANDS: dict[str, str] = {
    "/plan": "Plan and run a request: /plan email Priya the Q3 deck",
    "/plans": "Your open plans, each with a cancel button",
}
MESSAGE_SHORTCUTS: dict[str, str] = {"plan_from_message": "Plan from this message"}  # callback_id → name
BOT_SCOPES: tuple[str, ...] = (
    "app_mentions:read",
    "assistant:write",  # the assistant panel: its events, status, title and suggested prompts
    "channels:history",  # optional: thread replies without a mention (README, "Scopes")
    "channels:read",  # conversations.info: is a channel shared with other organisations (Slack Connect)
    "chat:write",
    "commands",
    "files:write",  # a result too long for a message, attached whole as a file (files.uploadV2)
    "files:read",  # files.info, and the download of a file shared with a request (bot/slack/files.py)
    "groups:history",  # optional, as channels:history
    "groups:read",  # conversations.info for private channels
    "im:history",
    "im:write",  # conversations.open, for a DM to someone
    "mpim:history",  # optional, as channels:history
    "mpim:read",  # conversations.info for group DMs
    "usergroups:read",  # PLANBOT_ALLOWED_USERS=@group: its members (bot/slack/access.py)
    "users:read",
    "users:read.email",
)
# what only thread replies without a mention need (message.channels, .groups, .mpim events): an install may leave
# them out (PLANBOT_SLACK_THREAD_HISTORY=false), and then a reply in a channel thread mentions the bot
HISTORY_SCOPES: tuple[str, ...] = ("channels:history", "groups:history", "mpim:history")


def install_scopes(thread_history: bool = True) -> tuple[str, ...]:
    """The bot scopes an install asks for: all of ``BOT_SCOPES``, or without ``HISTORY_SCOPES``."""
    return BOT_SCOPES if thread_history else tuple(s for s in BOT_SCOPES if s not in HISTORY_SCOPES)


ACTION_IDS: dict[str, str] = {
    "approve": "step_approve",
    "skip": "step_skip",
    "edit": "step_edit",
    "cancel": "plan_cancel",
    "remove_item": "step_remove_item",
    "free_slot": "step_free_slot",  # book the next free slot instead of a busy time (the card asks again)
    "use_existing": "step_use_existing",  # use the record or event that already exists instead of creating one
    "plans_more": "plans_more",
    "replan": "request_replan",  # a plan's request was edited: re-plan from the new text
    "cancel_deleted": "request_cancel",  # a plan's request was deleted: cancel the plan
    "keep": "request_keep",  # ... or keep the plan as it is
    "forget_me": "forget_me_confirm",  # /plans forget-me, confirmed (bot/slack/access_leaving.py)
    "forget_me_keep": "forget_me_keep",
    "connect": "account_connect",  # the password modal of old Home tabs: shows the Home tab again, with links
    "connect_link": "account_connect_link",  # a Connect link (Slack reports the click too)
    "connect_use": "account_held_use",  # an account signed in as another address than the Slack profile's: use it
    "connect_discard": "account_held_discard",  # ... or forget it
    "disconnect": "account_disconnect",
    "crm_members_write": "account_crm_members_write",  # an admin lets members change records (or not)
    "write": "question_write",  # "Write it": an email's text typed in a modal, not in a channel thread
}
EDIT_CALLBACK_ID = "edit_step"
WRITE_CALLBACK_ID = "write_text"
EVENTS_PATH = "/slack/events"
