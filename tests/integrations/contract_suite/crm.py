"""CRM: create, fetch with text, set and range filters, update, delete."""

from typing import Any

import pytest

from integrations.base import Connector, NotFoundError
from tests.integrations.contract_suite.helpers import ContractBase, run


class CrmContract(ContractBase):
    async def test_created_contact_is_found_by_name_in_any_case(self, connector: Connector, token: str) -> None:
        fields = {
            "name": f"Zed {token}",
            "email": f"{token}@example.org",
            "company": f"Co{token}",
            "phone": "+1 555 0100",
            "title": "Buyer",
        }
        created = await run(connector, "create_entity", entityType="Contact", fields=fields)
        assert isinstance(created["id"], str) and created["id"]
        assert {key: created[key] for key in fields} == fields
        found = await run(connector, "fetch_entity", entityType="Contact", filters={"name": f"ZED {token.upper()}"})
        assert found == [created]
        by_company = await run(connector, "fetch_entity", entityType="Contact", filters={"company": f"co{token}"})
        assert [record["id"] for record in by_company] == [created["id"]]

    async def test_update_changes_only_the_given_fields(self, connector: Connector, token: str) -> None:
        created = await run(
            connector,
            "create_entity",
            entityType="Account",
            fields={"name": f"Acct {token}", "industry": "Retail", "domain": "shop.example"},
        )
        updated = await run(
            connector, "update_entity", entityType="Account", id=created["id"], fields={"industry": "Logistics"}
        )
        # A service with a closed list of industries stores the option the text names and reads back its name
        # (HubSpot: "Logistics and Supply Chain"); the record still answers to the text given.
        assert "logistics" in updated["industry"].casefold()
        assert updated == {**created, "industry": updated["industry"]}
        assert await run(connector, "fetch_entity", entityType="Account", filters={"name": token}) == [updated]
        by_industry = await run(
            connector, "fetch_entity", entityType="Account", filters={"name": token, "industry": "logistics"}
        )
        assert by_industry == [updated]

    async def test_delete_removes_the_record(self, connector: Connector, token: str) -> None:
        created = await run(connector, "create_entity", entityType="Lead", fields={"company": f"Lead{token}"})
        assert await run(connector, "delete_entity", entityType="Lead", id=created["id"]) == {"id": created["id"]}
        assert await run(connector, "fetch_entity", entityType="Lead", filters={"company": token}) == []
        with pytest.raises(NotFoundError):
            await run(connector, "delete_entity", entityType="Lead", id=created["id"])
        with pytest.raises(NotFoundError):
            await run(connector, "update_entity", entityType="Lead", id=created["id"], fields={"status": "new"})

    async def test_lead_status_filters_by_text_and_by_set(self, connector: Connector, token: str) -> None:
        for status in ("new", "contacted", "qualified", "unqualified"):
            await run(
                connector,
                "create_entity",
                entityType="Lead",
                fields={"name": f"{status} {token}", "company": token, "status": status},
            )

        async def names(**filters: Any) -> list[str]:
            found = await run(connector, "fetch_entity", entityType="Lead", filters={"company": token, **filters})
            return sorted(record["name"].split()[0] for record in found)

        assert await names(status="qualified") == ["qualified", "unqualified"]  # containment
        assert await names(status={"in": ["new", "QUALIFIED"]}) == ["new", "qualified"]  # exact, any case

    async def test_deals_filter_by_stage_set_and_amount_range(self, connector: Connector, token: str) -> None:
        for stage, amount in (
            ("prospecting", 1_000),
            ("proposal", 5_000),
            ("negotiation", 20_000),
            ("closed_won", 50_000),
            ("closed_lost", 3_000),
        ):
            created = await run(
                connector,
                "create_entity",
                entityType="Deal",
                fields={"company": f"Co {token}", "stage": stage, "amount": amount},
            )
            assert created["name"] == f"Co {token} deal" and created["amount"] == amount

        async def amounts(**filters: Any) -> list[float]:
            found = await run(connector, "fetch_entity", entityType="Deal", filters={"company": token, **filters})
            return sorted(record["amount"] for record in found)

        open_stages = ["prospecting", "qualification", "proposal", "negotiation"]
        assert await amounts(stage={"in": open_stages}) == [1_000, 5_000, 20_000]
        assert await amounts(stage="closed") == [3_000, 50_000]
        assert await amounts(amount={"gt": 4_000}) == [5_000, 20_000, 50_000]
        assert await amounts(amount={"lt": 5_000}) == [1_000, 3_000]
        assert await amounts(amount={"gt": 1_000, "lt": 50_000}) == [3_000, 5_000, 20_000]
        assert await amounts(amount=5_000) == [5_000]
        assert len(await run(connector, "fetch_entity", entityType="Deal", filters={"company": token}, limit=2)) == 2

    async def test_unknown_record_ids_are_not_found(self, connector: Connector) -> None:
        with pytest.raises(NotFoundError):
            await run(connector, "update_entity", entityType="Contact", id="missing-404", fields={"title": "x"})
        with pytest.raises(NotFoundError):
            await run(connector, "delete_entity", entityType="Deal", id="missing-404")
