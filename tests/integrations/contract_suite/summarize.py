"""Summarize: fetched results and plain text give a summary."""

from integrations.base import Connector
from tests.integrations.contract_suite.helpers import ContractBase, run


class SummarizeContract(ContractBase):
    async def test_summarize_covers_fetched_emails_and_text(self, connector: Connector, token: str) -> None:
        await run(connector, "send_email", to=["ann@example.org"], subject=f"Launch {token}", body="We launch soon.")
        emails = await run(connector, "fetch_emails", subject=token)
        summary = await run(connector, "summarize", text=emails)
        assert set(summary) == {"summary"} and f"Launch {token}" in summary["summary"]
        text = await run(connector, "summarize", text="The launch moved to May. Marketing agrees.")
        assert text["summary"].strip()
