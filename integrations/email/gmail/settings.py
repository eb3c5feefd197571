"""Settings of the Gmail connector: ``PLANBOT_GMAIL_*`` (and an optional ``.env``)."""

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from integrations.base.records import EmailAddress
from integrations.email.settings import check_zone

SCOPES = (
    "https://www.googleapis.com/auth/gmail.readonly",
    "https://www.googleapis.com/auth/gmail.send",
    "https://www.googleapis.com/auth/gmail.modify",  # (v3) drafts.create, messages.modify (read, archive)
)
"""What the refresh token must have been granted: reading (list, get with ``q``) and sending. Nothing more."""


class GmailSettings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="PLANBOT_GMAIL_", env_file=".env", extra="ignore", populate_by_name=True
    )

    client_id: str
    client_secret: SecretStr
    refresh_token: SecretStr
    user_id: str = "me"
    """Whose mailbox: ``me`` (the account that granted the token) or its address."""
    from_address: EmailAddress | None = None
    """Written as From when set (it must be the account or one of its send-as aliases); else Gmail fills it in."""
    from_name: str | None = None
    api_url: str = "https://gmail.googleapis.com/gmail/v1"
    token_url: str = "https://oauth2.googleapis.com/token"
    timeout_seconds: float = Field(default=20.0, gt=0)
    timezone: str | None = Field(default=None, validation_alias=AliasChoices("PLANBOT_TIMEZONE", "TZ"))

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str | None) -> str | None:
        return check_zone(value)
