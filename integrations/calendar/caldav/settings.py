"""Settings of the CalDAV connector: ``PLANBOT_CALDAV_*`` (and the shared ``PLANBOT_TIMEZONE``,
``PLANBOT_WORKING_HOURS`` when the CalDAV-specific ones are not set). ``integrations/calendar/README.md``
documents every variable."""

from urllib.parse import quote

from pydantic import AliasChoices, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from integrations.base.records import EmailAddress
from integrations.calendar.workweek import DaysText, HoursText, WorkWeek, ZoneName


class CalDavSettings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="PLANBOT_CALDAV_", env_file=".env", extra="ignore", populate_by_name=True, frozen=True
    )

    url: str = Field(description="the calendar collection, or the server / principal URL to discover it from")
    calendar: str | None = Field(default=None, description="display name or path segment, when url is not a calendar")
    username: str | None = None
    password: SecretStr | None = None
    organizer: EmailAddress | None = Field(
        default=None, description="your address: ORGANIZER of the events planbot creates; tells invitations apart"
    )
    attendee_calendars: dict[str, str] = Field(
        default_factory=dict, description='JSON {"address": "calendar URL"} whose free/busy counts as busy time'
    )
    attendee_calendar_template: str | None = Field(
        default=None, description="calendar URL of an attendee, with {address} / {local} filled in"
    )
    timeout_seconds: float = Field(default=20.0, gt=0)
    time_zone: ZoneName = Field(
        default="UTC", validation_alias=AliasChoices("PLANBOT_CALDAV_TIMEZONE", "PLANBOT_TIMEZONE", "time_zone")
    )
    working_hours: HoursText = Field(
        default="09:00-17:00",
        validation_alias=AliasChoices("PLANBOT_CALDAV_WORKING_HOURS", "PLANBOT_WORKING_HOURS", "working_hours"),
    )
    working_days: DaysText = Field(
        default="mon-fri", validation_alias=AliasChoices("PLANBOT_CALDAV_WORKING_DAYS", "working_days")
    )

    @field_validator("attendee_calendar_template")
    @classmethod
    def _template_fills(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                value.format(address="a@example.com", local="a")
            except (KeyError, IndexError, ValueError) as error:
                raise ValueError("the template may only use {address} and {local}") from error
        return value

    @model_validator(mode="after")
    def _credentials_in_pairs(self) -> "CalDavSettings":
        if (self.username is None) != (self.password is None):
            raise ValueError("set both PLANBOT_CALDAV_USERNAME and PLANBOT_CALDAV_PASSWORD, or neither")
        if not self.url.startswith(("http://", "https://")):
            raise ValueError("PLANBOT_CALDAV_URL must be an http(s) URL")
        return self

    @property
    def work_week(self) -> WorkWeek:
        return WorkWeek.from_settings(self.time_zone, self.working_hours, self.working_days)

    @property
    def own_addresses(self) -> tuple[str, ...]:
        """The user's calendar addresses: the organizer setting, else a user name that is an address."""
        found = [self.organizer] if self.organizer else []
        if self.username and "@" in self.username and self.username.casefold() != (self.organizer or "").casefold():
            found.append(self.username)
        return tuple(found)

    def attendee_calendar(self, address: str) -> str | None:
        """Where ``address``'s calendar is, if configured (the explicit map wins over the template)."""
        for known, url in self.attendee_calendars.items():
            if known.casefold() == address.casefold():
                return url
        if self.attendee_calendar_template:
            local = address.partition("@")[0]
            return self.attendee_calendar_template.format(address=quote(address, safe="@"), local=quote(local))
        return None
