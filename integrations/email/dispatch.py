"""One way every mail connector runs a tool: each tool's arguments model, and the connector's method of the same
name (``fetch_emails``, ``send_email``, ``reply_email``, ``forward_email``)."""

from typing import Any

from pydantic import BaseModel

from integrations.base.arguments import FetchEmailsArgs, ForwardEmailArgs, ReplyEmailArgs, SendEmailArgs
from integrations.base.errors import PermanentError

MAIL_TOOLS: dict[str, type[BaseModel]] = {
    "fetch_emails": FetchEmailsArgs,
    "send_email": SendEmailArgs,
    "reply_email": ReplyEmailArgs,
    "forward_email": ForwardEmailArgs,
}


async def run_mail_tool(connector: Any, tool: str, arguments: BaseModel, *, service: str, label: str) -> Any:
    """``connector.<tool>(arguments)`` for a mail tool with its own arguments model; anything else is refused."""
    model = MAIL_TOOLS.get(tool)
    if model is None or not isinstance(arguments, model):
        raise PermanentError(f"the {label} connector cannot run {tool!r} with these arguments", service=service)
    return await getattr(connector, tool)(arguments)
