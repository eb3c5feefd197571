"""Block Kit for connecting accounts (contract §5.1): the Home tab's rows, the Connect and Disconnect buttons, the
prompt of a plan that waits for an account, and the password services' modal (pure functions).

A button carries only the kind of account (``email``; ``crm:workspace`` for the CRM an admin connects for everyone):
who clicked is always read from the click itself. The modal never shows a password back: after an error its other
fields are filled in again, the password field is empty.
"""

import json
from dataclasses import dataclass
from typing import Any, Literal

from bot.slack.blocks_text import (
    MAX_BUTTON_TEXT,
    clip,
    context,
    escape,
    escape_keeping_mentions,
    message,
    plain,
    section,
)
from bot.slack.declared import ACTION_IDS, CONNECT_CALLBACK_ID
from planning.engine.replies import AskConnect

AccountState = Literal["demo", "connected", "reconnect", "missing", "shared", "environment"]
KIND_TITLES = {"email": "Email", "calendar": "Calendar", "crm": "CRM"}
SERVICE_NAMES = {
    "local": "demo workspace",
    "imap": "IMAP/SMTP",
    "caldav": "CalDAV",
    "gmail": "Gmail",
    "google": "Google Calendar",
    "microsoft": "Microsoft 365",
    "hubspot": "HubSpot",
    "salesforce": "Salesforce",
}
MAX_INPUT = 3000
FIELD_LABELS = {
    "address": "Email address",
    "server": "Server",
    "smtp": "SMTP server (sending mail)",
    "username": "User name",
    "password": "App password",
}


@dataclass(frozen=True)
class AccountRow:
    """One kind of account as the Home tab shows it to one person. ``connect_url``: the sign-in link of an OAuth
    service (else Connect opens the modal); ``can_connect`` False with a ``note`` when it cannot be connected here."""

    kind: str
    service: str
    state: AccountState
    label: str = ""
    workspace: bool = False  # the CRM shared by the whole workspace (shown to admins)
    connect_url: str | None = None
    can_connect: bool = True
    can_disconnect: bool = False
    note: str = ""


def account_value(kind: str, workspace: bool = False) -> str:
    return f"{kind}:workspace" if workspace else kind


def read_account_value(raw: object) -> tuple[str, bool] | None:
    """(kind, workspace) from a button's value; None for anything that is not one of ours."""
    kind, _, scope = str(raw or "").partition(":")
    if kind not in KIND_TITLES or scope not in ("", "workspace"):
        return None
    return kind, scope == "workspace"


def connect_button(
    row_kind: str, *, url: str | None, reconnect: bool = False, workspace: bool = False
) -> dict[str, Any]:
    """Connect (Reconnect): a link to the service's sign-in page, or a button that opens the modal."""
    text = "Reconnect" if reconnect else ("Connect for everyone" if workspace else "Connect")
    element: dict[str, Any] = {
        "type": "button",
        "action_id": ACTION_IDS["connect_link" if url else "connect"],
        "text": plain(text, MAX_BUTTON_TEXT),
        "value": account_value(row_kind, workspace),
        "style": "primary",
    }
    if url:
        element["url"] = url
    return element


def disconnect_button(kind: str, *, workspace: bool = False) -> dict[str, Any]:
    whose = "the workspace's" if workspace else "your"
    return {
        "type": "button",
        "action_id": ACTION_IDS["disconnect"],
        "text": plain("Disconnect", MAX_BUTTON_TEXT),
        "value": account_value(kind, workspace),
        "confirm": {
            "title": plain(f"Disconnect {KIND_TITLES.get(kind, kind)}?", 100),
            "text": plain(
                f"I will delete {whose} {kind} account's stored credentials. Plans that need it will ask to connect "
                "it again.",
                300,
            ),
            "confirm": plain("Disconnect", 30),
            "deny": plain("Keep it", 30),
            "style": "danger",
        },
    }


def account_blocks(rows: list[AccountRow]) -> list[dict[str, Any]]:
    """Each kind with its state and its buttons, for the Home tab."""
    out: list[dict[str, Any]] = []
    for row in rows:
        out.append(section(_row_text(row)))
        elements = []
        if row.can_connect and row.state in ("missing", "reconnect", "shared"):
            elements.append(
                connect_button(
                    row.kind, url=row.connect_url, reconnect=row.state == "reconnect", workspace=row.workspace
                )
            )
        if row.can_disconnect:
            elements.append(disconnect_button(row.kind, workspace=row.workspace))
        if elements:
            out.append(
                {
                    "type": "actions",
                    "block_id": f"account_{account_value(row.kind, row.workspace)}",
                    "elements": elements,
                }
            )
        if row.note:
            out.append(context(escape(clip(row.note, 500))))
    return out


def _row_text(row: AccountRow) -> str:
    title = KIND_TITLES.get(row.kind, row.kind)
    if row.workspace:
        title = f"{title} for everyone in this workspace"
    service = escape(SERVICE_NAMES.get(row.service, row.service))
    label = f"*{escape(clip(row.label, 200))}*" if row.label else ""
    if row.state == "demo":
        return f"*{title}*: the demo workspace — _demo data_, not a real account"
    if row.state == "connected":
        return f"*{title}* ({service}): ✅ connected as {label}"
    if row.state == "environment":
        return f"*{title}* ({service}): ✅ connected in the server's settings"
    if row.state == "reconnect":
        return f"*{title}* ({service}): ⚠️ needs reconnecting ({label})" if label else f"*{title}*: ⚠️ needs reconnecting"
    if row.state == "shared":
        whose = f" ({label})" if label else ""
        return f"*{title}* ({service}): the workspace's CRM{whose}, shared by an admin; you may connect your own"
    return f"*{title}* ({service}): not connected"


# --- a plan that waits for an account --------------------------------------------------------------------


def connect_prompt(ask: AskConnect, button: dict[str, Any] | None) -> dict[str, Any]:
    """The waiting step's question with its Connect (Reconnect) button; without one, where to connect instead."""
    text = escape(clip(ask.text, 1500))
    blocks: list[dict[str, Any]] = [section(f"🔌 *{text}*")]
    if button is not None:
        blocks.append({"type": "actions", "block_id": "connect_account", "elements": [button]})
    else:
        blocks.append(context("Connect it in my Home tab (click my name, then Home)."))
    return message(text, blocks)


def connect_waiting(ask: AskConnect, requester: str) -> dict[str, Any]:
    """What a channel sees: whose account the plan waits for (the button goes to that person only)."""
    verb = "reconnect" if ask.reconnect else "connect"
    text = escape_keeping_mentions(f"Waiting for <@{requester}> to {verb} their {ask.account} account.")
    return message(text, [context(text)])


# --- the password services' modal -------------------------------------------------------------------------


@dataclass(frozen=True)
class ConnectForm:
    """What the modal sent back: the service it was for and each field as typed (stripped; "" when empty)."""

    service: str
    fields: dict[str, str]


def connect_modal(service: str, *, values: dict[str, str] | None = None, problem: str | None = None) -> dict[str, Any]:
    """The modal of a password service (``imap``, ``caldav``); ``values`` fills the fields again, except the
    password, and ``problem`` says what went wrong."""
    filled = {k: v for k, v in (values or {}).items() if k != "password"}
    if service == "imap":
        intro = (
            "Connect the mailbox I read and send from for you. Use an *app password* if your provider has them "
            "(Gmail, iCloud, Fastmail, Outlook with two-step sign-in do). I check the login before saving it."
        )
        fields = [
            _input("address", "you@example.com", filled),
            _input("server", "imap.example.com, or imaps://imap.example.com:993", filled),
            _input("smtp", "smtp.example.com:587, or smtps://smtp.example.com:465", filled),
            _input("username", "Leave empty if it is your email address", filled, optional=True),
        ]
    else:
        intro = "Connect the calendar I read and book for you. I check the login before saving it."
        fields = [
            _input("server", "https://caldav.example.com/ or your calendar's URL", filled, label="CalDAV server"),
            _input("username", "", filled),
        ]
    fields.append(_input("password", "Stored encrypted; never shown again", {}))
    blocks: list[dict[str, Any]] = [section(intro)]
    if problem:
        blocks.append(context(f"⚠️ {escape(clip(problem, 500))}"))
    blocks += fields
    return {
        "type": "modal",
        "callback_id": CONNECT_CALLBACK_ID,
        "title": plain(f"Connect {SERVICE_NAMES.get(service, service)}", 24),
        "submit": plain("Connect", 24),
        "close": plain("Cancel", 24),
        "private_metadata": json.dumps({"service": service}),
        "blocks": blocks,
    }


def checking_view(service: str) -> dict[str, Any]:
    text = "Checking the login with the server… this takes a few seconds."
    return _notice(f"Connect {SERVICE_NAMES.get(service, service)}", text)


def connected_view(kind: str, label: str) -> dict[str, Any]:
    text = (
        f"✅ Your {kind} account *{escape(clip(label, 200))}* is connected. Plans that were waiting for it go on "
        "by themselves. You can close this."
    )
    return _notice("Connected", text)


def read_connect_form(view: object) -> ConnectForm | None:
    """The submitted form; None when the payload is not one of our modals. Never raises."""
    if not isinstance(view, dict):
        return None
    try:
        meta = json.loads(str(view.get("private_metadata") or "{}"))
    except (ValueError, RecursionError):
        return None
    service = meta.get("service") if isinstance(meta, dict) else None
    if not isinstance(service, str):
        return None
    values = (view.get("state") or {}).get("values") or {}
    fields: dict[str, str] = {}
    for name in FIELD_LABELS:
        element = (values.get(name) or {}).get("value") if isinstance(values, dict) else None
        typed = element.get("value") if isinstance(element, dict) else None
        fields[name] = typed.strip() if isinstance(typed, str) else ""
    return ConnectForm(service=service, fields=fields)


def _input(
    name: str, placeholder: str, values: dict[str, str], *, optional: bool = False, label: str | None = None
) -> dict[str, Any]:
    element: dict[str, Any] = {"type": "plain_text_input", "action_id": "value", "max_length": MAX_INPUT}
    if placeholder:
        element["placeholder"] = plain(placeholder, 150)
    if values.get(name):
        element["initial_value"] = clip(values[name], MAX_INPUT)
    return {
        "type": "input",
        "block_id": name,
        "optional": optional,
        "label": plain(label or FIELD_LABELS[name], 2000),
        "element": element,
    }


def _notice(title: str, text: str) -> dict[str, Any]:
    return {
        "type": "modal",
        "callback_id": CONNECT_CALLBACK_ID,
        "title": plain(title, 24),
        "close": plain("Close", 24),
        "blocks": [section(text)],
    }
