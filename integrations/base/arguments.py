"""Argument models of the contract's 13 tools (contract §3), camelCase as on the wire."""

from typing import Any

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationInfo, model_validator

from integrations.base.records import (
    FIELDS_BY_ENTITY,
    Deferred,
    EmailAddress,
    EntityType,
    InFilter,
    RangeFilter,
    check_fields,
    deferred_check,
)

# ruff: noqa: N815 - argument names are the contract's camelCase


class Arguments(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FetchEmailsArgs(Arguments):
    query: str | None = None
    sender: str | None = None
    to: str | None = None
    subject: str | None = None
    since: AwareDatetime | None = None
    until: AwareDatetime | None = None
    unreadOnly: bool | None = None
    limit: int | None = Field(default=None, ge=1, le=500)


class SendEmailArgs(Arguments):
    to: list[EmailAddress] = Field(min_length=1)
    cc: list[EmailAddress] | None = None
    subject: str = Field(min_length=1)
    body: str = Field(min_length=1)


class ReplyEmailArgs(Arguments):
    messageId: str = Field(min_length=1)
    body: str = Field(min_length=1)


class SummarizeArgs(Arguments):
    text: Any
    instructions: str | None = None

    @model_validator(mode="after")
    def _has_text(self) -> "SummarizeArgs":
        if self.text in (None, "", [], {}):
            raise ValueError("summarize needs text")
        return self


def _check_filters(entity_type: str, filters: dict[str, Any], deferred: Deferred) -> None:
    known = FIELDS_BY_ENTITY[entity_type].model_fields
    for key, value in filters.items():
        if key not in known:
            raise ValueError(f"{entity_type} has no field {key!r} to filter on")
        if deferred(value):
            continue
        if isinstance(value, dict):
            if "in" in value:
                InFilter.model_validate(value)
            else:
                RangeFilter.model_validate(value)
        elif not isinstance(value, str | int | float | bool):
            raise ValueError(f"filter {key!r} must be text, a number, or a gt/lt/in object")


class FetchEntityArgs(Arguments):
    entityType: EntityType
    filters: dict[str, Any] = Field(default_factory=dict)
    limit: int | None = Field(default=None, ge=1, le=500)

    @model_validator(mode="after")
    def _filters_fit(self, info: ValidationInfo) -> "FetchEntityArgs":
        _check_filters(self.entityType, self.filters, deferred_check(info.context))
        return self


class CreateEntityArgs(Arguments):
    entityType: EntityType
    fields: dict[str, Any]

    @model_validator(mode="after")
    def _fields_fit(self, info: ValidationInfo) -> "CreateEntityArgs":
        check_fields(self.entityType, self.fields, creating=True, deferred=deferred_check(info.context))
        return self


class UpdateEntityArgs(Arguments):
    entityType: EntityType
    id: str = Field(min_length=1)
    fields: dict[str, Any] = Field(min_length=1)

    @model_validator(mode="after")
    def _fields_fit(self, info: ValidationInfo) -> "UpdateEntityArgs":
        check_fields(self.entityType, self.fields, creating=False, deferred=deferred_check(info.context))
        return self


class DeleteEntityArgs(Arguments):
    entityType: EntityType
    id: str = Field(min_length=1)


class FetchCalendarEventsArgs(Arguments):
    start: AwareDatetime | None = None
    end: AwareDatetime | None = None
    query: str | None = None
    attendee: str | None = None
    limit: int | None = Field(default=None, ge=1, le=500)

    @model_validator(mode="after")
    def _ordered(self) -> "FetchCalendarEventsArgs":
        if self.start and self.end and self.end <= self.start:
            raise ValueError("end must be after start")
        return self


class CreateCalendarEventArgs(Arguments):
    title: str = Field(min_length=1)
    startTime: AwareDatetime
    durationMinutes: int = Field(ge=1, le=7 * 24 * 60)
    attendees: list[EmailAddress] | None = None
    location: str | None = None
    description: str | None = None


class UpdateCalendarEventArgs(Arguments):
    eventId: str = Field(min_length=1)
    title: str | None = Field(default=None, min_length=1)
    startTime: AwareDatetime | None = None
    durationMinutes: int | None = Field(default=None, ge=1, le=7 * 24 * 60)
    attendees: list[EmailAddress] | None = None
    location: str | None = None
    description: str | None = None

    @model_validator(mode="after")
    def _changes_something(self) -> "UpdateCalendarEventArgs":
        if not self.model_fields_set - {"eventId"}:
            raise ValueError("an event update needs at least one field to change")
        return self


class DeleteCalendarEventArgs(Arguments):
    eventId: str = Field(min_length=1)


class FindFreeSlotsArgs(Arguments):
    attendees: list[EmailAddress] | None = None
    durationMinutes: int = Field(ge=1, le=24 * 60)
    windowStart: AwareDatetime
    windowEnd: AwareDatetime

    @model_validator(mode="after")
    def _ordered(self) -> "FindFreeSlotsArgs":
        if self.windowEnd <= self.windowStart:
            raise ValueError("windowEnd must be after windowStart")
        return self
