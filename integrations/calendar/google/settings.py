"""Settings of the Google Calendar connector: ``PLANBOT_GCAL_*`` (and the shared ``PLANBOT_TIMEZONE``,
``PLANBOT_WORKING_HOURS`` when the Google-specific ones are not set). ``integrations/calendar/README.md``
documents every variable and how to get an OAuth client and a refresh token."""

from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from integrations.calendar.workweek import DaysText, HoursText, WorkWeek, ZoneName

# The least the connector needs: events.* and freebusy.query (see the discovery document's method scopes).
SCOPES = (
    "https://www.googleapis.com/auth/calendar.events",
    "https://www.googleapis.com/auth/calendar.freebusy",
    "https://www.googleapis.com/auth/calendar.calendarlist.readonly",  # (v3) fetch_calendars: calendarList.list
)


class GoogleCalendarSettings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="PLANBOT_GCAL_", env_file=".env", extra="ignore", populate_by_name=True, frozen=True
    )

    client_id: str | None = None
    client_secret: SecretStr | None = None
    refresh_token: SecretStr | None = None
    access_token: SecretStr | None = Field(default=None, description="a fixed token instead of a refresh token")
    calendar_id: str = "primary"
    api_url: str = "https://www.googleapis.com/calendar/v3"
    token_url: str = "https://oauth2.googleapis.com/token"
    send_updates: Literal["all", "externalOnly", "none"] = "all"
    page_size: int = Field(default=250, ge=1, le=2500)
    time_zone: ZoneName = Field(
        default="UTC", validation_alias=AliasChoices("PLANBOT_GCAL_TIMEZONE", "PLANBOT_TIMEZONE", "time_zone")
    )
    working_hours: HoursText = Field(
        default="09:00-17:00",
        validation_alias=AliasChoices("PLANBOT_GCAL_WORKING_HOURS", "PLANBOT_WORKING_HOURS", "working_hours"),
    )
    working_days: DaysText = Field(
        default="mon-fri", validation_alias=AliasChoices("PLANBOT_GCAL_WORKING_DAYS", "working_days")
    )

    @model_validator(mode="after")
    def _has_credentials(self) -> "GoogleCalendarSettings":
        if self.refresh_token is not None:
            if not self.client_id or self.client_secret is None:
                raise ValueError("a refresh token needs PLANBOT_GCAL_CLIENT_ID and PLANBOT_GCAL_CLIENT_SECRET")
        elif self.access_token is None:
            raise ValueError(
                "set PLANBOT_GCAL_REFRESH_TOKEN (with the client id and secret) or PLANBOT_GCAL_ACCESS_TOKEN"
            )
        return self

    @property
    def work_week(self) -> WorkWeek:
        return WorkWeek.from_settings(self.time_zone, self.working_hours, self.working_days)
