"""Local CRM specifics: ids, Unicode-aware matching, required fields."""

import pytest

from integrations.base import NotFoundError, PermanentError
from integrations.base.arguments import UpdateEntityArgs
from integrations.local import LocalWorkspace
from tests.integrations.contract_suite import run


async def test_ids_name_the_kind_and_are_never_reused(workspace: LocalWorkspace) -> None:
    created = await run(workspace, "create_entity", entityType="Contact", fields={"name": "Ana Ruiz"})
    assert created == {
        "id": "contact-10",
        "name": "Ana Ruiz",
        "email": None,
        "phone": None,
        "company": None,
        "title": None,
        "accountId": None,
        "owner": None,
    }
    await run(workspace, "delete_entity", entityType="Contact", id="contact-10")
    again = await run(workspace, "create_entity", entityType="Contact", fields={"name": "Ana Ruiz"})
    assert again["id"] == "contact-11"


@pytest.mark.parametrize("record_id", ["contact-999", "lead-1", "contact-x", "garbage", "contact-1 OR 1=1"])
async def test_ids_of_no_contact_are_not_found(workspace: LocalWorkspace, record_id: str) -> None:
    with pytest.raises(NotFoundError, match="no Contact"):
        await run(workspace, "update_entity", entityType="Contact", id=record_id, fields={"title": "CEO"})
    with pytest.raises(NotFoundError):
        await run(workspace, "delete_entity", entityType="Contact", id=record_id)


async def test_text_filters_fold_case_beyond_ascii(workspace: LocalWorkspace) -> None:
    created = await run(workspace, "create_entity", entityType="Contact", fields={"name": "Jürgen Straße"})
    for text in ("JÜRGEN", "strasse", "STRASSE"):
        found = await run(workspace, "fetch_entity", entityType="Contact", filters={"name": text})
        assert found == [created], text


async def test_filter_values_are_data_not_sql(workspace: LocalWorkspace) -> None:
    found = await run(workspace, "fetch_entity", entityType="Contact", filters={"name": "' OR 1=1 --"})
    assert found == []
    assert len(await run(workspace, "fetch_entity", entityType="Contact", filters={"name": "%"})) == 0


async def test_an_update_may_not_remove_the_required_name(workspace: LocalWorkspace) -> None:
    with pytest.raises(PermanentError, match="cannot lose its name"):
        await run(workspace, "update_entity", entityType="Account", id="account-1", fields={"name": None})
    (acme,) = await run(workspace, "fetch_entity", entityType="Account", filters={"domain": "acme.com"})
    assert acme["name"] == "Acme"


async def test_an_update_may_clear_an_optional_field(workspace: LocalWorkspace) -> None:
    updated = await run(workspace, "update_entity", entityType="Contact", id="contact-1", fields={"phone": None})
    assert updated["phone"] is None and updated["name"] == "Priya Shah"


async def test_a_deal_named_by_the_user_keeps_its_name(workspace: LocalWorkspace) -> None:
    created = await run(
        workspace,
        "create_entity",
        entityType="Deal",
        fields={"name": "Globex expansion", "company": "Globex", "amount": 7},
    )
    assert (created["name"], created["amount"], created["stage"]) == ("Globex expansion", 7.0, None)


@pytest.mark.parametrize(
    ("fields", "wrong"),
    [({"closeDate": "April 30"}, "closeDate"), ({"amount": "$18k"}, "amount"), ({"stage": "won"}, "stage")],
)
async def test_a_value_not_in_the_fields_type_is_refused_and_nothing_written(
    workspace: LocalWorkspace, fields: dict[str, str], wrong: str
) -> None:
    (before,) = await run(workspace, "fetch_entity", entityType="Deal", filters={"name": "Initech deal"})
    # as a connector is called with arguments built without the planner's checks (model_construct skips them)
    arguments = UpdateEntityArgs.model_construct(entityType="Deal", id=before["id"], fields=fields)
    with pytest.raises(PermanentError, match=rf"invalid Deal fields \({wrong}: .*nothing was written"):
        await workspace.call("update_entity", arguments)
    (after,) = await run(workspace, "fetch_entity", entityType="Deal", filters={"name": "Initech deal"})
    assert after == before


async def test_a_close_date_is_stored_as_an_iso_date(workspace: LocalWorkspace) -> None:
    (deal,) = await run(workspace, "fetch_entity", entityType="Deal", filters={"name": "Initech deal"})
    fields = {"closeDate": "2026-04-30"}
    updated = await run(workspace, "update_entity", entityType="Deal", id=deal["id"], fields=fields)
    assert updated["closeDate"] == "2026-04-30"
    with pytest.raises(ValueError, match="'April 30' is not a date as YYYY-MM-DD"):
        await run(workspace, "update_entity", entityType="Deal", id=deal["id"], fields={"closeDate": "April 30"})


async def test_a_lead_made_without_a_status_is_new(workspace: LocalWorkspace) -> None:
    """User test s14 c16: a lead added without a status showed "null" in the lead list."""
    made = await run(workspace, "create_entity", entityType="Lead", fields={"name": "Ola Berg", "company": "Fjord"})
    assert made["status"] == "new"
    said = await run(workspace, "create_entity", entityType="Lead", fields={"name": "Kim Ode", "status": "qualified"})
    assert said["status"] == "qualified"
