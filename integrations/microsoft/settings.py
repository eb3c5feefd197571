"""Settings of the Microsoft 365 connector: ``PLANBOT_MICROSOFT_*`` (and the shared ``PLANBOT_TIMEZONE``,
``PLANBOT_WORKING_HOURS``). ``integrations/microsoft/README.md`` says how to register the app and get a token."""

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from integrations.calendar.workweek import DaysText, HoursText, WorkWeek, ZoneName

GRAPH = "https://graph.microsoft.com"
SCOPES = (
    "offline_access",
    f"{GRAPH}/User.Read",
    f"{GRAPH}/Mail.ReadWrite",
    f"{GRAPH}/Mail.Send",
    f"{GRAPH}/Calendars.ReadWrite",
)
"""What the refresh token must have been granted (delegated permissions): drafts and their attachments need
Mail.ReadWrite, sending Mail.Send, events, answers and getSchedule Calendars.ReadWrite; User.Read gives the
account's own address. ``offline_access`` is what yields a refresh token."""


class MicrosoftSettings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="PLANBOT_MICROSOFT_", env_file=".env", extra="ignore", populate_by_name=True, frozen=True
    )

    client_id: str = Field(min_length=1)
    client_secret: SecretStr
    refresh_token: SecretStr
    tenant: str = Field(default="common", pattern=r"^[A-Za-z0-9.-]+$")
    """The directory (tenant) id or domain; ``common`` for an app that any organisation may use."""
    api_url: str = f"{GRAPH}/v1.0"
    token_url: str | None = None
    """Default: ``https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token``."""
    timeout_seconds: float = Field(default=20.0, gt=0)
    time_zone: ZoneName = Field(
        default="UTC",
        validation_alias=AliasChoices("PLANBOT_MICROSOFT_TIMEZONE", "PLANBOT_TIMEZONE", "time_zone"),
    )
    working_hours: HoursText = Field(
        default="09:00-17:00",
        validation_alias=AliasChoices("PLANBOT_MICROSOFT_WORKING_HOURS", "PLANBOT_WORKING_HOURS", "working_hours"),
    )
    working_days: DaysText = Field(
        default="mon-fri", validation_alias=AliasChoices("PLANBOT_MICROSOFT_WORKING_DAYS", "working_days")
    )

    @property
    def token_endpoint(self) -> str:
        return self.token_url or f"https://login.microsoftonline.com/{self.tenant}/oauth2/v2.0/token"

    @property
    def work_week(self) -> WorkWeek:
        return WorkWeek.from_settings(self.time_zone, self.working_hours, self.working_days)
