"""Configuration, read in one place: the environment and an optional ``.env`` file."""

import logging
import os
from pathlib import Path
from typing import Annotated, Literal

from platformdirs import user_data_dir
from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.clock import known_zone

logger = logging.getLogger(__name__)


def default_data_dir() -> Path:
    return Path(user_data_dir("planbot", appauthor=False))


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=True)

    data_dir: Path = Field(default_factory=default_data_dir, validation_alias="PLANBOT_DATA_DIR")
    database_url: str | None = Field(default=None, validation_alias="PLANBOT_DATABASE_URL")
    timezone: str | None = Field(default=None, validation_alias=AliasChoices("PLANBOT_TIMEZONE", "TZ"))
    approval_ttl_minutes: float = Field(default=60, gt=0, validation_alias="PLANBOT_APPROVAL_TTL_MINUTES")
    session_ttl_hours: float = Field(default=24, gt=0, validation_alias="PLANBOT_SESSION_TTL_HOURS")
    approve_reads: bool = Field(default=False, validation_alias="PLANBOT_APPROVE_READS")
    approvers: Annotated[frozenset[str], NoDecode] = Field(default=frozenset(), validation_alias="PLANBOT_APPROVERS")
    working_hours: str = Field(default="09:00-17:00", validation_alias="PLANBOT_WORKING_HOURS")
    max_plans_per_hour: int = Field(default=30, ge=0, validation_alias="PLANBOT_MAX_PLANS_PER_HOUR")
    audit_redact: bool = Field(default=False, validation_alias="PLANBOT_AUDIT_REDACT")
    audit_retention_days: float = Field(default=90, gt=0, validation_alias="PLANBOT_AUDIT_RETENTION_DAYS")
    retention_days: float = Field(default=30, gt=0, validation_alias="PLANBOT_RETENTION_DAYS")
    admins: Annotated[frozenset[str], NoDecode] = Field(default=frozenset(), validation_alias="PLANBOT_ADMINS")
    max_concurrent_turns: int = Field(default=8, ge=1, validation_alias="PLANBOT_MAX_CONCURRENT_TURNS")
    connector_timeout_seconds: float = Field(default=30, gt=0, validation_alias="PLANBOT_CONNECTOR_TIMEOUT_SECONDS")
    claim_lease_seconds: float = Field(default=60, gt=0, validation_alias="PLANBOT_CLAIM_LEASE_SECONDS")
    email: Literal["local", "imap", "gmail", "microsoft"] = Field(default="local", validation_alias="PLANBOT_EMAIL")
    calendar: Literal["local", "caldav", "google", "microsoft"] = Field(
        default="local", validation_alias="PLANBOT_CALENDAR"
    )
    crm: Literal["local", "hubspot", "salesforce"] = Field(default="local", validation_alias="PLANBOT_CRM")
    example_bank: bool = Field(default=False, validation_alias="PLANBOT_EXAMPLE_BANK")
    chroma_url: str | None = Field(default=None, validation_alias="PLANBOT_CHROMA_URL")
    llm: str | None = Field(default=None, validation_alias="PLANBOT_LLM")
    llm_api_key: SecretStr | None = Field(default=None, validation_alias="PLANBOT_LLM_API_KEY")
    llm_base_url: str | None = Field(default=None, validation_alias="PLANBOT_LLM_BASE_URL")
    llm_timeout_seconds: float = Field(default=45, gt=0, validation_alias="PLANBOT_LLM_TIMEOUT_SECONDS")
    slack_bot_token: SecretStr | None = Field(default=None, validation_alias="SLACK_BOT_TOKEN")
    slack_signing_secret: SecretStr | None = Field(default=None, validation_alias="SLACK_SIGNING_SECRET")
    slack_app_token: SecretStr | None = Field(default=None, validation_alias="SLACK_APP_TOKEN")
    slack_api_url: str = Field(default="https://slack.com/api/", validation_alias="SLACK_API_URL")
    # several workspaces: Slack's install flow (bot.slack.install_flow); SLACK_BOT_TOKEN then goes unused
    slack_client_id: str | None = Field(default=None, validation_alias="SLACK_CLIENT_ID")
    slack_client_secret: SecretStr | None = Field(default=None, validation_alias="SLACK_CLIENT_SECRET")
    slack_state_secret: SecretStr | None = Field(default=None, validation_alias="SLACK_STATE_SECRET")
    # the install flow asks for channels:history, groups:history, mpim:history only so that a reply in a channel
    # thread needs no mention; false: it asks for none of them, and replies there mention the bot
    slack_thread_history: bool = Field(default=True, validation_alias="PLANBOT_SLACK_THREAD_HISTORY")
    max_request_chars: int = Field(default=4000, ge=1, validation_alias="PLANBOT_MAX_REQUEST_CHARS")
    max_body_bytes: int = Field(default=4 * 1024 * 1024, ge=64 * 1024, validation_alias="PLANBOT_MAX_BODY_BYTES")
    max_attachment_mb: float = Field(default=20, gt=0, validation_alias="PLANBOT_MAX_ATTACHMENT_MB")
    secret_key: SecretStr | None = Field(default=None, validation_alias="PLANBOT_SECRET_KEY")
    old_secret_keys: SecretStr | None = Field(default=None, validation_alias="PLANBOT_OLD_SECRET_KEYS")
    owner: str | None = Field(default=None, validation_alias="PLANBOT_OWNER")
    allowed_users: Annotated[frozenset[str], NoDecode] = Field(
        default=frozenset(), validation_alias="PLANBOT_ALLOWED_USERS"
    )
    public_url: str | None = Field(default=None, validation_alias="PLANBOT_PUBLIC_URL")
    # a CRM shared by a whole workspace (connected by an admin, or in the environment) is read-only for its members;
    # true: members may change records through it everywhere (an admin may also allow it in App Home, per workspace)
    workspace_crm_writes: bool = Field(default=False, validation_alias="PLANBOT_WORKSPACE_CRM_WRITES")
    # hosts of people's own IMAP/SMTP/CalDAV servers that may be internal (loopback, private): self-hosted, tests
    allowed_server_hosts: Annotated[frozenset[str], NoDecode] = Field(
        default=frozenset(), validation_alias="PLANBOT_ALLOWED_SERVER_HOSTS"
    )
    # Sign in with Slack, before anyone connects an account (``bot.accounts.slack_sign_in``): the Slack app's client
    # id and secret; SLACK_CLIENT_ID and SLACK_CLIENT_SECRET serve when these are not set (several workspaces)
    slack_sign_in_client_id: str | None = Field(default=None, validation_alias="PLANBOT_SLACK_SIGN_IN_CLIENT_ID")
    slack_sign_in_client_secret: SecretStr | None = Field(
        default=None, validation_alias="PLANBOT_SLACK_SIGN_IN_CLIENT_SECRET"
    )
    # OAuth apps people connect their own accounts through (``bot.accounts.oauth_providers``); *_BASE_URL and
    # *_API_URL replace the sign-in server's and the API's scheme and host (a local server in tests)
    oauth_google_client_id: str | None = Field(default=None, validation_alias="PLANBOT_OAUTH_GOOGLE_CLIENT_ID")
    oauth_google_client_secret: SecretStr | None = Field(
        default=None, validation_alias="PLANBOT_OAUTH_GOOGLE_CLIENT_SECRET"
    )
    oauth_google_base_url: str | None = Field(default=None, validation_alias="PLANBOT_OAUTH_GOOGLE_BASE_URL")
    oauth_google_api_url: str | None = Field(default=None, validation_alias="PLANBOT_OAUTH_GOOGLE_API_URL")
    oauth_microsoft_client_id: str | None = Field(default=None, validation_alias="PLANBOT_OAUTH_MICROSOFT_CLIENT_ID")
    oauth_microsoft_client_secret: SecretStr | None = Field(
        default=None, validation_alias="PLANBOT_OAUTH_MICROSOFT_CLIENT_SECRET"
    )
    oauth_microsoft_tenant: str = Field(
        default="common", pattern=r"^[A-Za-z0-9.-]+$", validation_alias="PLANBOT_OAUTH_MICROSOFT_TENANT"
    )
    oauth_microsoft_base_url: str | None = Field(default=None, validation_alias="PLANBOT_OAUTH_MICROSOFT_BASE_URL")
    oauth_microsoft_api_url: str | None = Field(default=None, validation_alias="PLANBOT_OAUTH_MICROSOFT_API_URL")
    oauth_hubspot_client_id: str | None = Field(default=None, validation_alias="PLANBOT_OAUTH_HUBSPOT_CLIENT_ID")
    oauth_hubspot_client_secret: SecretStr | None = Field(
        default=None, validation_alias="PLANBOT_OAUTH_HUBSPOT_CLIENT_SECRET"
    )
    oauth_hubspot_base_url: str | None = Field(default=None, validation_alias="PLANBOT_OAUTH_HUBSPOT_BASE_URL")
    oauth_hubspot_api_url: str | None = Field(default=None, validation_alias="PLANBOT_OAUTH_HUBSPOT_API_URL")
    oauth_salesforce_client_id: str | None = Field(default=None, validation_alias="PLANBOT_OAUTH_SALESFORCE_CLIENT_ID")
    oauth_salesforce_client_secret: SecretStr | None = Field(
        default=None, validation_alias="PLANBOT_OAUTH_SALESFORCE_CLIENT_SECRET"
    )
    oauth_salesforce_base_url: str | None = Field(default=None, validation_alias="PLANBOT_OAUTH_SALESFORCE_BASE_URL")

    @field_validator("approvers", "admins", "allowed_users", "allowed_server_hosts", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return frozenset(part.strip() for part in value.split(",") if part.strip())
        return value

    @field_validator("timezone", mode="after")
    @classmethod
    def _known_zone_or_utc(cls, value: str | None) -> str | None:
        if not value or known_zone(value):
            return value or None
        logger.warning("the time zone setting (PLANBOT_TIMEZONE / TZ) %r is not a known zone; using UTC", value[:64])
        return "UTC"

    @property
    def old_secrets(self) -> list[str]:
        """``PLANBOT_OLD_SECRET_KEYS``, comma-separated: keys that still open what they sealed."""
        text = self.old_secret_keys.get_secret_value() if self.old_secret_keys is not None else ""
        return [part.strip() for part in text.split(",") if part.strip()]

    def credentials_in_environment(self, service: str) -> list[str]:
        """The names (never the values) of the variables holding ``service``'s credentials, in the environment or
        the ``.env`` file (where the connectors read them too)."""
        from dotenv import dotenv_values

        prefixes = _CREDENTIAL_PREFIXES.get(service, ())
        found = {**dotenv_values(".env"), **os.environ} if Path(".env").is_file() else dict(os.environ)
        return sorted(name for name, value in found.items() if name.startswith(prefixes) and value)

    @property
    def slack_sign_in(self) -> tuple[str, SecretStr] | None:
        """The Slack app's client id and secret for Sign in with Slack; None when neither pair is set."""
        if self.slack_sign_in_client_id and self.slack_sign_in_client_secret is not None:
            return self.slack_sign_in_client_id, self.slack_sign_in_client_secret
        if self.slack_client_id and self.slack_client_secret is not None:
            return self.slack_client_id, self.slack_client_secret
        return None

    @property
    def plans_path(self) -> Path:
        return self.data_dir / "plans.sqlite3"

    @property
    def slack_state_path(self) -> Path:
        return self.data_dir / "slack.sqlite3"

    @property
    def workspace_path(self) -> Path:
        return self.data_dir / "workspace.sqlite3"


# the variables of each service's connection (mail servers, calendars, OAuth apps and tokens)
_CREDENTIAL_PREFIXES: dict[str, tuple[str, ...]] = {
    "imap": ("PLANBOT_IMAP_", "PLANBOT_SMTP_"),
    "caldav": ("PLANBOT_CALDAV_URL", "PLANBOT_CALDAV_USERNAME", "PLANBOT_CALDAV_PASSWORD"),
    "gmail": ("PLANBOT_GMAIL_",),
    "google": ("PLANBOT_GCAL_",),
    "microsoft": ("PLANBOT_MICROSOFT_",),
    "hubspot": ("PLANBOT_HUBSPOT_ACCESS_TOKEN", "PLANBOT_HUBSPOT_CLIENT_", "PLANBOT_HUBSPOT_REFRESH_TOKEN"),
    "salesforce": ("PLANBOT_SALESFORCE_CLIENT_", "PLANBOT_SALESFORCE_REFRESH_TOKEN"),
}
