"""CRM (v2): notes and tasks about records, and date filters on closeDate, dueDate and createdAt."""

from datetime import date
from typing import Any

import pytest

from integrations.base import Connector, NotFoundError
from tests.integrations.contract_suite.helpers import ContractBase, run


class CrmContractV2(ContractBase):
    async def test_a_note_is_about_a_record_and_dated_by_the_service(self, connector: Connector, token: str) -> None:
        account = await run(connector, "create_entity", entityType="Account", fields={"name": f"Acct {token}"})
        other = await run(connector, "create_entity", entityType="Account", fields={"name": f"Other {token}"})
        about = {"entityType": "Account", "id": account["id"]}
        note = await run(
            connector, "create_entity", entityType="Note", fields={"body": f"Asked for SSO {token}", "about": about}
        )
        await run(
            connector,
            "create_entity",
            entityType="Note",
            fields={"body": f"Unrelated {token}", "about": {"entityType": "Account", "id": other["id"]}},
        )
        assert note["body"] == f"Asked for SSO {token}" and note["about"] == about
        date.fromisoformat(note["createdAt"][:10])
        assert await run(connector, "fetch_entity", entityType="Note", filters={"about": about}) == [note]
        updated = await run(
            connector, "update_entity", entityType="Note", id=note["id"], fields={"body": f"SSO and SCIM {token}"}
        )
        assert updated == {**note, "body": f"SSO and SCIM {token}"}  # createdAt stays
        assert await run(connector, "delete_entity", entityType="Note", id=note["id"]) == {"id": note["id"]}
        assert await run(connector, "fetch_entity", entityType="Note", filters={"about": about}) == []

    async def test_a_note_or_task_about_a_missing_record_is_not_found(self, connector: Connector) -> None:
        missing = {"entityType": "Account", "id": "missing-404"}
        with pytest.raises(NotFoundError):
            await run(connector, "create_entity", entityType="Note", fields={"body": "x", "about": missing})
        with pytest.raises(NotFoundError):
            await run(connector, "create_entity", entityType="Task", fields={"subject": "x", "about": missing})

    async def test_notes_filter_by_the_day_they_were_created(self, connector: Connector, token: str) -> None:
        account = await run(connector, "create_entity", entityType="Account", fields={"name": f"Acct {token}"})
        about = {"entityType": "Account", "id": account["id"]}
        note = await run(connector, "create_entity", entityType="Note", fields={"body": token, "about": about})
        day = note["createdAt"][:10]
        found = await run(
            connector, "fetch_entity", entityType="Note", filters={"body": token, "createdAt": {"gte": day}}
        )
        assert found == [note]
        assert (
            await run(connector, "fetch_entity", entityType="Note", filters={"body": token, "createdAt": {"lt": day}})
            == []
        )

    async def test_tasks_are_open_by_default_and_filter_by_due_date_and_status(
        self, connector: Connector, token: str
    ) -> None:
        deal = await run(connector, "create_entity", entityType="Deal", fields={"company": f"Co {token}"})
        about = {"entityType": "Deal", "id": deal["id"]}
        first = await run(
            connector,
            "create_entity",
            entityType="Task",
            fields={"subject": f"Call {token}", "dueDate": "2026-03-05", "about": about, "owner": "Sarah Lee"},
        )
        assert (first["status"], first["dueDate"], first["about"], first["owner"]) == (
            "open",
            "2026-03-05",
            about,
            "Sarah Lee",
        )
        for due, status in (("2026-03-06", "done"), ("2026-03-10", "open")):
            await run(
                connector,
                "create_entity",
                entityType="Task",
                fields={"subject": f"Task {token}", "dueDate": due, "status": status},
            )

        async def due_dates(**filters: Any) -> list[str]:
            found = await run(connector, "fetch_entity", entityType="Task", filters={"subject": token, **filters})
            return sorted(task["dueDate"] for task in found)

        assert await due_dates(dueDate={"gte": "2026-03-05", "lt": "2026-03-07"}) == ["2026-03-05", "2026-03-06"]
        assert await due_dates(dueDate={"gt": "2026-03-05", "lte": "2026-03-10"}) == ["2026-03-06", "2026-03-10"]
        assert await due_dates(status="done") == ["2026-03-06"]
        assert await due_dates(status={"in": ["open"]}) == ["2026-03-05", "2026-03-10"]
        assert await due_dates(about=about) == ["2026-03-05"]
        done = await run(connector, "update_entity", entityType="Task", id=first["id"], fields={"status": "done"})
        assert done == {**first, "status": "done"}

    async def test_deals_filter_by_close_date_range(self, connector: Connector, token: str) -> None:
        for close in ("2026-02-28", "2026-03-01", "2026-03-31", "2026-04-01"):
            await run(
                connector, "create_entity", entityType="Deal", fields={"company": f"Co {token}", "closeDate": close}
            )
        march = {"gte": "2026-03-01", "lt": "2026-04-01"}
        found = await run(connector, "fetch_entity", entityType="Deal", filters={"company": token, "closeDate": march})
        assert sorted(deal["closeDate"] for deal in found) == ["2026-03-01", "2026-03-31"]
