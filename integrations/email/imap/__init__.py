"""Email over SMTP (sending, with aiosmtplib) and IMAP (search, fetch, the sent copy, with aioimaplib).

Configured by ``PLANBOT_IMAP_*`` and ``PLANBOT_SMTP_*`` (see ``integrations/email/README.md``); chosen with
``PLANBOT_EMAIL=imap``.
"""

import aiohttp

from integrations.base.connector import Connector
from integrations.base.files import FileSource
from integrations.email.imap.connector import ImapSmtpConnector, MailAccount
from integrations.email.imap.settings import ImapSettings, SmtpSettings
from integrations.email.settings import load_settings

__all__ = ["ImapSettings", "ImapSmtpConnector", "MailAccount", "SmtpSettings", "connect"]


async def connect(session: aiohttp.ClientSession, *, files: FileSource | None = None) -> Connector:
    """The connector configured from the environment (the HTTP session is not used: mail has its own protocols);
    ``files``: where ``slack:`` files are read."""
    del session
    imap = load_settings(ImapSettings, "PLANBOT_IMAP_")
    smtp = load_settings(SmtpSettings, "PLANBOT_SMTP_")
    return ImapSmtpConnector(MailAccount.from_settings(imap, smtp), files=files)
