"""Argument models of the contract's tools (contract §3, v2 included), camelCase as on the wire."""

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, ValidationInfo, model_validator

from integrations.base.records import (
    DATE_FIELDS,
    FIELDS_BY_ENTITY,
    WRITE_ONLY_FIELDS,
    About,
    DateRangeFilter,
    Deferred,
    EmailAddress,
    EntityType,
    InFilter,
    RangeFilter,
    check_fields,
    deferred_check,
)

_FILE_REF = re.compile(r"^(?:slack:[A-Za-z0-9]+|email:[^/\s]+/[^/\s]+)$")
_RRULE_FREQ = re.compile(r"(?:^|;)FREQ=(?:SECONDLY|MINUTELY|HOURLY|DAILY|WEEKLY|MONTHLY|YEARLY)(?:;|$)")
MAX_SHIFT_MINUTES = 366 * 24 * 60


def _check_file_ref(value: str) -> str:
    """A file reference (contract §2.7): ``slack:<file id>`` or ``email:<message id>/<attachment id>``."""
    if not _FILE_REF.match(value):
        raise ValueError(f"{value!r} is not a file reference (slack:<file id> or email:<message id>/<attachment id>)")
    return value


def _check_rrule(value: str) -> str:
    """An RFC 5545 RRULE value (``FREQ=WEEKLY;BYDAY=MO``), without the ``RRULE:`` prefix; checked for FREQ."""
    rule = value.strip().upper().removeprefix("RRULE:")
    if not _RRULE_FREQ.search(rule) or any("=" not in part for part in rule.split(";")):
        raise ValueError(f"{value!r} is not a recurrence rule such as FREQ=WEEKLY;BYDAY=MO")
    return rule


FileRef = Annotated[str, AfterValidator(_check_file_ref)]
RecurrenceRule = Annotated[str, AfterValidator(_check_rrule)]
EventResponse = Literal["accepted", "declined", "tentative"]
FieldType = Literal["datetime", "date", "time", "duration", "email", "phone", "number", "text"]

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
    hasAttachment: bool | None = None
    includeBody: bool | None = None


class SendEmailArgs(Arguments):
    to: list[EmailAddress] = Field(min_length=1)
    cc: list[EmailAddress] | None = None
    subject: str = Field(min_length=1)
    body: str = Field(min_length=1)
    attachments: list[FileRef] | None = None


class CreateDraftArgs(Arguments):
    """(v3) A draft saved in the mailbox, not sent: a new mail (``to``, ``subject``), or a reply (``replyTo``: the
    message answered; its sender is the recipient and its subject the subject unless they are given)."""

    to: list[EmailAddress] | None = None
    cc: list[EmailAddress] | None = None
    subject: str | None = Field(default=None, min_length=1)
    body: str = Field(min_length=1)
    attachments: list[FileRef] | None = None
    replyTo: str | None = Field(default=None, min_length=1)

    @model_validator(mode="after")
    def _addressed(self) -> "CreateDraftArgs":
        if self.replyTo is None and not self.to:
            raise ValueError("a draft needs to (a list of addresses) unless it replies to a message (replyTo)")
        if self.replyTo is None and self.subject is None:
            raise ValueError("a draft needs a subject unless it replies to a message (replyTo)")
        return self


class UpdateEmailArgs(Arguments):
    """(v3) Mark a message read or unread, archive it (out of the inbox, still found) or put it back."""

    messageId: str = Field(min_length=1)
    unread: bool | None = None
    archived: bool | None = None

    @model_validator(mode="after")
    def _changes_something(self) -> "UpdateEmailArgs":
        if self.unread is None and self.archived is None:
            raise ValueError("an email update needs unread or archived")
        return self


class ReplyEmailArgs(Arguments):
    messageId: str = Field(min_length=1)
    body: str = Field(min_length=1)
    replyAll: bool | None = None
    attachments: list[FileRef] | None = None


class ForwardEmailArgs(Arguments):
    messageId: str = Field(min_length=1)
    to: list[EmailAddress] = Field(min_length=1)
    cc: list[EmailAddress] | None = None
    body: str | None = None


class ExtractArgs(Arguments):
    """Values read out of text: ``fields`` maps a name to its type; the result maps each name to a value or null."""

    text: Any
    fields: dict[str, FieldType] = Field(min_length=1, max_length=20)
    instructions: str | None = None

    @model_validator(mode="after")
    def _has_text(self) -> "ExtractArgs":
        if self.text in (None, "", [], {}):
            raise ValueError("extract needs text")
        if any(not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,63}", name) for name in self.fields):
            raise ValueError("extract field names are letters, digits and underscores")
        return self


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
        if key not in known or key in WRITE_ONLY_FIELDS.get(entity_type, frozenset()):
            raise ValueError(f"{entity_type} has no field {key!r} to filter on")
        if deferred(value):
            continue
        if isinstance(value, dict):
            if key == "about":
                About.model_validate(value)
            elif "in" in value:
                InFilter.model_validate(value)
            elif key in DATE_FIELDS:
                DateRangeFilter.model_validate(value)
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
    calendarId: str | None = Field(default=None, min_length=1)  # (v3) default: the primary calendar

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
    recurrence: RecurrenceRule | None = None
    optionalAttendees: list[EmailAddress] | None = None  # (v3)
    onlineMeeting: bool | None = None  # (v3) a Meet or Teams link made by the service, shown as meetingUrl
    calendarId: str | None = Field(default=None, min_length=1)  # (v3) default: the primary calendar


class UpdateCalendarEventArgs(Arguments):
    """``optionalAttendees`` (v3) adds these people as optional (one already invited becomes optional; the other
    attendees stay); ``removeAttendees`` takes people off either list. ``onlineMeeting`` true adds a meeting link,
    false removes it. ``calendarId`` names the event's calendar (default: the primary calendar)."""

    eventId: str = Field(min_length=1)
    title: str | None = Field(default=None, min_length=1)
    startTime: AwareDatetime | None = None
    durationMinutes: int | None = Field(default=None, ge=1, le=7 * 24 * 60)
    attendees: list[EmailAddress] | None = None
    location: str | None = None
    description: str | None = None
    addAttendees: list[EmailAddress] | None = Field(default=None, min_length=1)
    removeAttendees: list[EmailAddress] | None = Field(default=None, min_length=1)
    shiftMinutes: int | None = Field(default=None, ge=-MAX_SHIFT_MINUTES, le=MAX_SHIFT_MINUTES)
    optionalAttendees: list[EmailAddress] | None = Field(default=None, min_length=1)
    onlineMeeting: bool | None = None
    calendarId: str | None = Field(default=None, min_length=1)

    @model_validator(mode="after")
    def _changes_something(self) -> "UpdateCalendarEventArgs":
        if not self.model_fields_set - {"eventId", "calendarId"}:
            raise ValueError("an event update needs at least one field to change")
        if self.attendees is not None and (self.addAttendees or self.removeAttendees):
            raise ValueError("give attendees (the whole list) or addAttendees/removeAttendees, not both")
        if self.startTime is not None and self.shiftMinutes is not None:
            raise ValueError("give startTime or shiftMinutes, not both")
        if self.shiftMinutes == 0:
            raise ValueError("shiftMinutes must move the event")
        return self


class RespondToEventArgs(Arguments):
    eventId: str = Field(min_length=1)
    response: EventResponse
    comment: str | None = None


class DeleteCalendarEventArgs(Arguments):
    eventId: str = Field(min_length=1)


class FetchCalendarsArgs(Arguments):
    """(v3) The user's calendars; ``name`` keeps those whose name contains it (any case)."""

    name: str | None = Field(default=None, min_length=1)


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
