import pytest
from pydantic import ValidationError

from integrations.base import CATALOG, ToolCatalog
from integrations.base.arguments import (
    CreateCalendarEventArgs,
    CreateEntityArgs,
    FetchEntityArgs,
    FindFreeSlotsArgs,
    SendEmailArgs,
    UpdateCalendarEventArgs,
)

CONTRACT_TOOLS = {
    "fetch_emails": "read",
    "send_email": "write",
    "reply_email": "write",
    "summarize": "read",
    "fetch_entity": "read",
    "create_entity": "write",
    "update_entity": "write",
    "delete_entity": "write",
    "fetch_calendar_events": "read",
    "create_calendar_event": "write",
    "update_calendar_event": "write",
    "delete_calendar_event": "write",
    "find_free_slots": "read",
    "forward_email": "write",
    "extract": "read",
    "respond_to_event": "write",
    # v3 (contract §3)
    "create_draft": "write",
    "update_email": "write",
    "fetch_calendars": "read",
}


def test_catalog_holds_exactly_the_contract_tools_with_their_kinds():
    assert {spec.name: spec.kind for spec in CATALOG} == CONTRACT_TOOLS


def test_registering_a_tool_twice_is_refused():
    spec = CATALOG.get("send_email")
    assert spec is not None
    with pytest.raises(ValueError, match="registered twice"):
        ToolCatalog([spec, spec])


def test_connectors_can_extend_the_catalog_without_changing_it():
    extra = CATALOG.get("summarize").model_copy(update={"name": "translate"})  # type: ignore[union-attr]
    bigger = CATALOG.with_tools([extra])
    assert "translate" in bigger and "translate" not in CATALOG


def test_send_email_needs_real_addresses():
    with pytest.raises(ValidationError, match="not an email address"):
        SendEmailArgs.model_validate({"to": ["John"], "subject": "Hi", "body": "x"})
    assert SendEmailArgs.model_validate({"to": ["john@example.com"], "subject": "Hi", "body": "x"}).to


def test_event_start_must_carry_an_offset():
    with pytest.raises(ValidationError):
        CreateCalendarEventArgs.model_validate(
            {"title": "x", "startTime": "2026-03-03T15:00:00", "durationMinutes": 30}
        )


def test_unknown_argument_is_refused():
    with pytest.raises(ValidationError, match="Extra inputs"):
        SendEmailArgs.model_validate({"to": ["a@b.co"], "subject": "s", "body": "b", "bcc": ["x@y.co"]})


def test_entity_filters_must_name_fields_of_that_entity():
    with pytest.raises(ValidationError, match="no field 'stage'"):
        FetchEntityArgs.model_validate({"entityType": "Contact", "filters": {"stage": "proposal"}})
    ok = FetchEntityArgs.model_validate(
        {"entityType": "Deal", "filters": {"stage": {"in": ["proposal"]}, "amount": {"gt": 5}}}
    )
    assert ok.filters["amount"] == {"gt": 5}


def test_new_records_need_their_required_fields():
    with pytest.raises(ValidationError, match="needs company"):
        CreateEntityArgs.model_validate({"entityType": "Deal", "fields": {"amount": 5}})
    with pytest.raises(ValidationError, match="needs name or company"):
        CreateEntityArgs.model_validate({"entityType": "Lead", "fields": {"email": "a@b.co"}})
    assert CreateEntityArgs.model_validate({"entityType": "Lead", "fields": {"company": "Globex"}})


def test_closed_value_sets_are_enforced():
    with pytest.raises(ValidationError):
        CreateEntityArgs.model_validate({"entityType": "Deal", "fields": {"company": "A", "stage": "won-ish"}})


def test_free_slot_window_must_be_ordered():
    with pytest.raises(ValidationError, match="windowEnd must be after"):
        FindFreeSlotsArgs.model_validate(
            {
                "durationMinutes": 30,
                "windowStart": "2026-03-03T10:00:00-05:00",
                "windowEnd": "2026-03-03T09:00:00-05:00",
            }
        )


def test_event_update_must_change_something():
    with pytest.raises(ValidationError, match="at least one field"):
        UpdateCalendarEventArgs.model_validate({"eventId": "e1"})
