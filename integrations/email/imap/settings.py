"""Settings of the SMTP/IMAP connector: ``PLANBOT_IMAP_*`` and ``PLANBOT_SMTP_*`` (and an optional ``.env``)."""

import ssl
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from integrations.base.records import EmailAddress
from integrations.email.settings import check_zone

Security = Literal["tls", "starttls", "none"]
"""``tls``: TLS from the first byte (IMAPS 993, SMTPS 465); ``starttls``: plain, then upgraded before login
(IMAP 143, submission 587); ``none``: no encryption at all (a server on this machine, tests)."""

_IMAP_PORTS: dict[str, int] = {"tls": 993, "starttls": 143, "none": 143}
_SMTP_PORTS: dict[str, int] = {"tls": 465, "starttls": 587, "none": 25}


class ImapSettings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="PLANBOT_IMAP_", env_file=".env", extra="ignore", populate_by_name=True
    )

    host: str
    port: int | None = Field(default=None, ge=1, le=65535)
    security: Security = "tls"
    username: str
    password: SecretStr
    inbox_folder: str = "INBOX"
    sent_folder: str | None = None
    """Where sent mail is kept; by default the folder the server marks ``\\Sent`` (RFC 6154), else ``Sent``."""
    save_sent: bool = True
    """Append a copy of each sent message to the sent folder (turn off when the SMTP server does it itself)."""
    timeout_seconds: float = Field(default=15.0, gt=0)
    ca_file: Path | None = None
    timezone: str | None = Field(default=None, validation_alias=AliasChoices("PLANBOT_TIMEZONE", "TZ"))

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str | None) -> str | None:
        return check_zone(value)

    @property
    def effective_port(self) -> int:
        return self.port or _IMAP_PORTS[self.security]


class SmtpSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="PLANBOT_SMTP_", env_file=".env", extra="ignore")

    host: str
    port: int | None = Field(default=None, ge=1, le=65535)
    security: Security = "starttls"
    login: bool = True
    """Authenticate before sending (with ``username``/``password``, by default the IMAP account's)."""
    username: str | None = None
    password: SecretStr | None = None
    from_address: EmailAddress | None = None
    """The From address; by default the IMAP username when it is an email address."""
    from_name: str | None = None
    timeout_seconds: float = Field(default=15.0, gt=0)
    ca_file: Path | None = None

    @property
    def effective_port(self) -> int:
        return self.port or _SMTP_PORTS[self.security]


def tls_context(ca_file: Path | None) -> ssl.SSLContext:
    """Certificates are always verified: against the system's CAs, or ``ca_file`` (a self-signed server's CA)."""
    return ssl.create_default_context(cafile=str(ca_file) if ca_file else None)
