"""One way every mail connector runs a tool: each tool's arguments model, and the connector's method of the same
name (``fetch_emails``, ``send_email``, ``reply_email``, ``forward_email``; v3 ``create_draft``, ``update_email``).
A tool the connector does not list in ``tools`` is refused, never run."""

from typing import Any

from pydantic import BaseModel

from integrations.base.arguments import (
    CreateDraftArgs,
    FetchEmailsArgs,
    ForwardEmailArgs,
    ReplyEmailArgs,
    SendEmailArgs,
    UpdateEmailArgs,
)
from integrations.base.errors import PermanentError

MAIL_TOOLS: dict[str, type[BaseModel]] = {
    "fetch_emails": FetchEmailsArgs,
    "send_email": SendEmailArgs,
    "reply_email": ReplyEmailArgs,
    "forward_email": ForwardEmailArgs,
    "create_draft": CreateDraftArgs,  # (v3) offered by the connectors that list it in ``tools``
    "update_email": UpdateEmailArgs,
}


async def run_mail_tool(connector: Any, tool: str, arguments: BaseModel, *, service: str, label: str) -> Any:
    """``connector.<tool>(arguments)`` for a mail tool with its own arguments model; anything else is refused."""
    model = MAIL_TOOLS.get(tool)
    if model is None or tool not in connector.tools or not isinstance(arguments, model):
        raise PermanentError(f"the {label} connector cannot run {tool!r} with these arguments", service=service)
    return await getattr(connector, tool)(arguments)
