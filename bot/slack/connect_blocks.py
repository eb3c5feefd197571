"""Block Kit for connecting accounts (contract §5.1): the Home tab's rows, the Connect and Disconnect buttons, the
prompt of a plan that waits for an account, and the question about an account signed in as another address than the
person's Slack profile (pure functions).

Connect is always a link (a Connect link made for the person who sees it, ``bot.accounts.oauth_links``): passwords
are typed on planbot's own page, never in Slack. A button carries only the kind of account (``email``;
``crm:workspace`` for the CRM an admin connects for everyone): who clicked is always read from the click itself.
"""

import re
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
from bot.slack.declared import ACTION_IDS
from planning.engine.replies import AskConnect

_USER_ID = re.compile(r"^[UW][A-Z0-9]{2,20}$")
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


@dataclass(frozen=True)
class AccountRow:
    """One kind of account as the Home tab shows it to one person. ``connect_url``: its Connect link; ``can_connect``
    False with a ``note`` when it cannot be connected here."""

    kind: str
    service: str
    state: AccountState
    label: str = ""
    workspace: bool = False  # the CRM shared by the whole workspace (shown to admins)
    connect_url: str | None = None
    can_connect: bool = True
    can_disconnect: bool = False
    note: str = ""
    sharing: "Shared | None" = None  # a CRM shared by the workspace: how (None: not one)


@dataclass(frozen=True)
class Shared:
    """How a workspace's CRM is shared, as one person sees it: ``connected_by`` (a Slack user id; "" when not known,
    ``None``: the server's settings), whether members may change records, whether the viewer may, and whether
    the viewer (an admin) can change that (not when the server's settings decide it)."""

    connected_by: str | None
    members_write: bool
    viewer_writes: bool
    can_choose: bool = False


def account_value(kind: str, workspace: bool = False) -> str:
    return f"{kind}:workspace" if workspace else kind


def read_account_value(raw: object) -> tuple[str, bool] | None:
    """(kind, workspace) from a button's value; None for anything that is not one of ours."""
    kind, _, scope = str(raw or "").partition(":")
    if kind not in KIND_TITLES or scope not in ("", "workspace"):
        return None
    return kind, scope == "workspace"


def connect_button(row_kind: str, *, url: str, reconnect: bool = False, workspace: bool = False) -> dict[str, Any]:
    """Connect (Reconnect): the person's Connect link (Slack opens it in the browser, and tells the app)."""
    text = "Reconnect" if reconnect else ("Connect for everyone" if workspace else "Connect")
    return {
        "type": "button",
        "action_id": ACTION_IDS["connect_link"],
        "text": plain(text, MAX_BUTTON_TEXT),
        "value": account_value(row_kind, workspace),
        "style": "primary",
        "url": url,
    }


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


def members_write_button(*, allow: bool) -> dict[str, Any]:
    """An admin's choice for the workspace's CRM: let members change records through it, or make it read-only."""
    text = "Let members change records" if allow else "Make it read-only for members"
    button: dict[str, Any] = {
        "type": "button",
        "action_id": ACTION_IDS["crm_members_write"],
        "text": plain(text, MAX_BUTTON_TEXT),
        "value": "allow" if allow else "forbid",
    }
    if allow:
        button["confirm"] = {
            "title": plain("Let members change records?", 100),
            "text": plain(
                "Everyone in this workspace without a CRM of their own will create and change records with the "
                "rights of the account this CRM was connected with. Each change still waits for its requester's "
                "approval.",
                300,
            ),
            "confirm": plain("Let them", 30),
            "deny": plain("Keep it read-only", 30),
            "style": "danger",
        }
    return button


def sharing_text(shared: Shared) -> str:
    """ "Workspace CRM (connected by <@U…>) — read-only for members", as mrkdwn (the mention mentions)."""
    if shared.connected_by is None:
        by = "in the server's settings"
    else:
        by = (
            f"connected by <@{shared.connected_by}>" if _USER_ID.match(shared.connected_by) else "connected by an admin"
        )
    access = "members may change records" if shared.members_write else "read-only for members"
    text = f"Workspace CRM ({by}) — {access}"
    if not shared.members_write and shared.viewer_writes:
        text += "; you may change records, as you connected it" if shared.connected_by else "; you may change records"
    return text


def account_blocks(rows: list[AccountRow]) -> list[dict[str, Any]]:
    """Each kind with its state and its buttons, for the Home tab."""
    out: list[dict[str, Any]] = []
    for row in rows:
        out.append(section(_row_text(row)))
        elements = []
        if row.can_connect and row.connect_url and row.state in ("missing", "reconnect", "shared"):
            elements.append(
                connect_button(
                    row.kind, url=row.connect_url, reconnect=row.state == "reconnect", workspace=row.workspace
                )
            )
        if row.can_disconnect:
            elements.append(disconnect_button(row.kind, workspace=row.workspace))
        if row.workspace and row.sharing is not None and row.sharing.can_choose:
            elements.append(members_write_button(allow=not row.sharing.members_write))
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
    shared = f". {sharing_text(row.sharing)}" if row.sharing is not None else ""
    if row.state == "connected":
        return f"*{title}* ({service}): ✅ connected as {label}{shared}"
    if row.state == "environment":
        return f"*{title}* ({service}): ✅ connected in the server's settings{shared}"
    if row.state == "reconnect":
        return f"*{title}* ({service}): ⚠️ needs reconnecting ({label})" if label else f"*{title}*: ⚠️ needs reconnecting"
    if row.state == "shared" and row.sharing is not None:
        whose = f": {label}" if label else ""
        own = ". Connect your own to change records" if not row.sharing.viewer_writes else ""
        return f"*{title}* ({service}): {sharing_text(row.sharing)}{whose}{own}"
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


# --- an account that waits for its person's word -------------------------------------------------------------


def held_account_message(
    *, title: str, signed_in: str, profile: str | None, kinds: tuple[str, ...], confirm_id: str
) -> dict[str, Any]:
    """The DM that asks whether an account signed in as another address than the Slack profile's is theirs."""
    what = " and ".join(KIND_TITLES.get(k, k).lower() if k != "crm" else "CRM" for k in kinds)
    theirs = f"your Slack profile's address ({escape(profile)})" if profile else "an address on your Slack profile"
    text = (
        f"You just connected {escape(title)} as *{escape(clip(signed_in, 200))}*, which is not {theirs}. "
        f"Is this {what} account yours? I use it only once you say so."
    )
    buttons = [
        {
            "type": "button",
            "action_id": ACTION_IDS["connect_use"],
            "text": plain("Yes, use it", MAX_BUTTON_TEXT),
            "value": confirm_id,
            "style": "primary",
        },
        {
            "type": "button",
            "action_id": ACTION_IDS["connect_discard"],
            "text": plain("No, forget it", MAX_BUTTON_TEXT),
            "value": confirm_id,
        },
    ]
    return message(
        f"Is the {what} account {signed_in} yours?",
        [section(text), {"type": "actions", "block_id": "connect_held", "elements": buttons}],
    )


def held_account_outcome(text: str) -> dict[str, Any]:
    """The DM once answered (buttons cannot be disabled: they are replaced by the outcome)."""
    return message(text, [section(escape(text))])
