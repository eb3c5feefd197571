"""Settings of the local workspace: whose it is, its time zone and working hours, how long to wait on a lock."""

from datetime import time
from typing import Annotated
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from integrations.base.records import EmailAddress

Weekday = Annotated[int, Field(ge=0, le=6)]
"""Monday = 0 ... Sunday = 6, as ``date.weekday()``."""


class WorkingHours(BaseModel):
    """The hours free slots may fall in, as local wall-clock times of the workspace's time zone."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    start: time = time(9)
    end: time = time(17)
    days: frozenset[Weekday] = frozenset(range(5))

    @model_validator(mode="after")
    def _ordered(self) -> "WorkingHours":
        if self.end <= self.start:
            raise ValueError("working hours must end after they start (no overnight shifts)")
        return self


class LocalWorkspaceSettings(BaseModel):
    """What the composition root may configure; every default works out of the box."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    time_zone: str = "America/New_York"
    working_hours: WorkingHours = WorkingHours()
    owner_name: str = "Me"
    owner_address: EmailAddress = "me@example.com"
    demo_data: bool = True
    busy_timeout_seconds: float = Field(default=5.0, gt=0)

    @field_validator("time_zone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError) as error:
            raise ValueError(f"unknown time zone {value!r}") from error
        return value

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)
