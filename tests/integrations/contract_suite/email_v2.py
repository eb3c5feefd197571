"""Email (v2): thread ids, bodies, every-word queries, reply to all, attachments (contract §2.7, §3)."""

import re

import pytest

from integrations.base import Connector, NotFoundError, PermanentError
from tests.integrations.contract_suite.helpers import ContractBase, run

V2_EMAIL_FIELDS = {"id", "threadId", "from", "to", "subject", "date", "snippet", "unread", "attachments"}


class EmailContractV2(ContractBase):
    async def test_fetched_emails_carry_their_thread_attachments_and_on_request_body(
        self, connector: Connector, token: str
    ) -> None:
        body = f"The plan is ready. Ref {token}."
        sent = await run(connector, "send_email", to=["ann@example.org"], subject=f"Plan {token}", body=body)
        (email,) = await run(connector, "fetch_emails", subject=token)
        assert set(email) >= V2_EMAIL_FIELDS and "body" not in email
        assert email["id"] == sent["id"] and email["attachments"] == []
        assert isinstance(email["threadId"], str) and email["threadId"]
        (full,) = await run(connector, "fetch_emails", subject=token, includeBody=True)
        assert full["id"] == sent["id"] and full["body"].strip() == body

    async def test_query_needs_every_word_in_any_order(self, connector: Connector, token: str) -> None:
        sent = await run(
            connector,
            "send_email",
            to=["ann@example.org"],
            subject=f"Budget approval {token}",
            body="Finance signed off on Tuesday.",
        )
        for query in (f"{token} budget", f"TUESDAY {token} approval", f"approval finance {token}"):
            assert [e["id"] for e in await run(connector, "fetch_emails", query=query)] == [sent["id"]], query
        assert await run(connector, "fetch_emails", query=f"{token} budget december") == []

    async def test_reply_all_keeps_the_recipients_and_the_thread(self, connector: Connector, token: str) -> None:
        original = await run(
            connector,
            "send_email",
            to=["ann@example.org", "bob@example.net"],
            cc=["cy@example.com"],
            subject=f"Terms {token}",
            body="Net 45?",
        )
        plain = await run(connector, "reply_email", messageId=original["id"], body="Only to the To.")
        everyone = await run(connector, "reply_email", messageId=original["id"], body="To all.", replyAll=True)
        found = {email["id"]: email for email in await run(connector, "fetch_emails", subject=token)}
        assert found[everyone["id"]]["to"] == ["ann@example.org", "bob@example.net"]
        assert found[everyone["id"]]["subject"] == f"Re: Terms {token}"
        assert found[everyone["id"]]["threadId"] == found[original["id"]]["threadId"]
        copied = {email["id"] for email in await run(connector, "fetch_emails", subject=token, to="cy@example.com")}
        assert copied == {original["id"], everyone["id"]} and plain["id"] not in copied

    async def test_a_file_goes_along_with_send_reply_and_forward(self, connector: Connector, token: str) -> None:
        try:
            sent = await run(
                connector,
                "send_email",
                to=["ann@example.org"],
                subject=f"Deck {token}",
                body="The deck.",
                attachments=[f"slack:F{token.upper()}"],
            )
        except PermanentError:
            pytest.skip(f"{connector.name} refuses Slack files")  # allowed: it says so (contract §2.7)
        await run(connector, "send_email", to=["ann@example.org"], subject=f"Plain {token}", body="No file.")
        (with_file,) = await run(connector, "fetch_emails", query=token, hasAttachment=True)
        assert with_file["id"] == sent["id"]
        (attachment,) = with_file["attachments"]
        assert attachment["ref"].startswith("email:") and attachment["name"]
        again = await run(
            connector,
            "send_email",
            to=["bob@example.org"],
            subject=f"Again {token}",
            body="x",
            attachments=[attachment["ref"]],
        )
        reply = await run(
            connector, "reply_email", messageId=sent["id"], body="With the file.", attachments=[attachment["ref"]]
        )
        forward = await run(connector, "forward_email", messageId=sent["id"], to=["cy@example.org"])
        found = {email["id"]: email for email in await run(connector, "fetch_emails", query=token)}
        for new in (again, reply, forward):
            assert [file["name"] for file in found[new["id"]]["attachments"]] == [attachment["name"]]

    async def test_an_attachment_reference_of_no_mail_is_not_found(self, connector: Connector, token: str) -> None:
        reference = f"email:no-such-message-{token}/no-such-file"
        with pytest.raises(NotFoundError, match=re.escape(reference)):
            await run(connector, "send_email", to=["ann@example.org"], subject=token, body="x", attachments=[reference])
        assert await run(connector, "fetch_emails", subject=token) == []
