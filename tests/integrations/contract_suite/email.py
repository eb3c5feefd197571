"""Email: send, fetch with filters, newest first, since/until, replies, unread; (v2) forwarding, or its refusal."""

from datetime import timedelta

import pytest

from integrations.base import Connector, NotFoundError
from tests.integrations.contract_suite.helpers import ContractBase, instant, refused, run


class EmailContract(ContractBase):
    async def test_sent_email_is_found_with_its_fields(self, connector: Connector, token: str) -> None:
        sent = await run(
            connector,
            "send_email",
            to=["ann@example.org", "bob@example.net"],
            cc=["cy@example.com"],
            subject=f"Budget {token}",
            body=f"The budget is approved. Ref {token}.",
        )
        found = await run(connector, "fetch_emails", subject=token)
        assert [email["id"] for email in found] == [sent["id"]]
        email = found[0]
        assert set(email) >= {"id", "from", "to", "subject", "date", "snippet", "unread"}  # v2 adds fields
        assert email["to"] == ["ann@example.org", "bob@example.net"]
        assert email["cc"] == ["cy@example.com"]
        assert email["subject"] == f"Budget {token}"
        assert email["snippet"] == f"The budget is approved. Ref {token}."
        assert email["unread"] is False
        instant(email["date"])

    async def test_email_filters_match_body_recipient_and_subject(self, connector: Connector, token: str) -> None:
        sent = await run(
            connector,
            "send_email",
            to=["Dora.Quill@example.org"],
            subject="Hello",
            body=f"Body mentions {token.upper()} here.",
        )
        assert [e["id"] for e in await run(connector, "fetch_emails", query=token)] == [sent["id"]]
        assert [e["id"] for e in await run(connector, "fetch_emails", query=token, to="dora.quill")] == [sent["id"]]
        assert await run(connector, "fetch_emails", query=token, to="someone.else@example.org") == []
        assert await run(connector, "fetch_emails", query=token, subject="Goodbye") == []
        assert await run(connector, "fetch_emails", query=token, sender=f"nobody-{token}") == []

    async def test_emails_come_newest_first_and_limit_keeps_the_newest(self, connector: Connector, token: str) -> None:
        for word in ("one", "two", "three"):
            await run(connector, "send_email", to=["ann@example.org"], subject=f"{token} {word}", body="x")
        found = await run(connector, "fetch_emails", subject=token)
        assert [email["subject"] for email in found] == [f"{token} three", f"{token} two", f"{token} one"]
        dates = [instant(email["date"]) for email in found]
        assert dates == sorted(dates, reverse=True)
        latest = await run(connector, "fetch_emails", subject=token, limit=2)
        assert [email["subject"] for email in latest] == [f"{token} three", f"{token} two"]

    async def test_since_is_inclusive_and_until_exclusive(self, connector: Connector, token: str) -> None:
        await run(connector, "send_email", to=["ann@example.org"], subject=token, body="x")
        (email,) = await run(connector, "fetch_emails", subject=token)
        sent_at = instant(email["date"])
        minute = timedelta(minutes=1)
        assert len(await run(connector, "fetch_emails", subject=token, since=sent_at.isoformat())) == 1
        assert len(await run(connector, "fetch_emails", subject=token, since=(sent_at - minute).isoformat())) == 1
        assert await run(connector, "fetch_emails", subject=token, since=(sent_at + minute).isoformat()) == []
        assert await run(connector, "fetch_emails", subject=token, until=sent_at.isoformat()) == []
        assert len(await run(connector, "fetch_emails", subject=token, until=(sent_at + minute).isoformat())) == 1

    async def test_reply_goes_in_the_thread_with_a_re_subject(self, connector: Connector, token: str) -> None:
        original = await run(connector, "send_email", to=["ann@example.org"], subject=f"Offer {token}", body="x")
        reply = await run(connector, "reply_email", messageId=original["id"], body="Following up.")
        assert reply["id"] != original["id"]
        found = await run(connector, "fetch_emails", subject=token)
        assert [email["id"] for email in found] == [reply["id"], original["id"]]
        assert found[0]["subject"] == f"Re: Offer {token}"
        assert found[0]["to"] == ["ann@example.org"]
        again = await run(connector, "reply_email", messageId=reply["id"], body="And again.")
        (newest, *_) = await run(connector, "fetch_emails", subject=token)
        assert newest["id"] == again["id"] and newest["subject"] == f"Re: Offer {token}"

    async def test_reply_to_an_unknown_message_is_not_found(self, connector: Connector) -> None:
        with pytest.raises(NotFoundError):
            await run(connector, "reply_email", messageId="no-such-message-0", body="x")

    async def test_unread_only_leaves_out_read_mail(self, connector: Connector, token: str) -> None:
        await run(connector, "send_email", to=["ann@example.org"], subject=token, body="x")
        assert await run(connector, "fetch_emails", subject=token, unreadOnly=True) == []
        assert len(await run(connector, "fetch_emails", subject=token, unreadOnly=False)) == 1
        unread = await run(connector, "fetch_emails", unreadOnly=True)
        assert all(email["unread"] is True for email in unread)

    async def test_forward_prefixes_fwd_once_and_puts_the_note_first(self, connector: Connector, token: str) -> None:
        original = await run(
            connector, "send_email", to=["ann@example.org"], subject=f"Agenda {token}", body=f"Item one {token}."
        )
        forward = await run(
            connector,
            "forward_email",
            messageId=original["id"],
            to=["dora@example.org"],
            cc=["eve@example.org"],
            body="See the agenda below.",
        )
        assert forward["id"] != original["id"]
        (shown,) = await run(connector, "fetch_emails", subject=token, to="dora@example.org")
        assert shown["id"] == forward["id"] and shown["to"] == ["dora@example.org"]
        assert shown["subject"] == f"Fwd: Agenda {token}"
        assert shown["snippet"].startswith("See the agenda below.")
        with_text = await run(connector, "fetch_emails", query=token, to="eve@example.org")
        assert [email["id"] for email in with_text] == [forward["id"]]  # the forwarded text, and cc
        again = await run(connector, "forward_email", messageId=forward["id"], to=["fay@example.org"])
        (twice,) = await run(connector, "fetch_emails", subject=token, to="fay@example.org")
        assert twice["id"] == again["id"] and twice["subject"] == f"Fwd: Agenda {token}"

    async def test_forward_of_an_unknown_message_is_not_found(self, connector: Connector) -> None:
        with pytest.raises(NotFoundError):
            await run(connector, "forward_email", messageId="no-such-message-0", to=["ann@example.org"])

    async def test_v2_email_tools_it_does_not_offer_are_refused(self, connector: Connector) -> None:
        if "forward_email" in connector.tools:
            pytest.skip(f"{connector.name} offers forward_email")
        await refused(connector, "forward_email", messageId="any-message", to=["ann@example.org"])
