"""The Outlook mail connector's own behaviour against the Graph stand-in: how it asks (drafts under immutable ids,
$search or $filter, pages), sign-in and refresh, and how Graph's failures reach the error tree."""

from datetime import UTC, datetime, timedelta

import pytest

from integrations.base import AuthError, ConnectorError, NotFoundError, PermanentError, TransientError
from integrations.base.arguments import FetchEmailsArgs, ReplyEmailArgs, SendEmailArgs
from tests.integrations.microsoft.conftest import GraphRig
from tests.integrations.microsoft.fake_graph import ME


def send_args(**overrides: object) -> SendEmailArgs:
    return SendEmailArgs.model_validate(
        {"to": ["ann@example.org"], "subject": "Budget", "body": "Approved.", **overrides}
    )


async def test_a_message_is_sent_as_a_draft_whose_immutable_id_is_returned(microsoft: GraphRig) -> None:
    sent = await microsoft.mail().send_email(send_args())
    calls = [(r.verb, r.path) for r in microsoft.graph.requests]
    assert calls == [("POST", "/v1.0/me/messages"), ("POST", f"/v1.0/me/messages/{sent['id']}/send")]
    assert all('IdType="ImmutableId"' in r.prefer for r in microsoft.graph.requests)
    (stored,) = microsoft.mailbox.in_folder("sentitems")
    assert stored.id == sent["id"] and microsoft.mailbox.in_folder("drafts") == []


async def test_a_slack_file_is_refused_and_leaves_no_draft(microsoft: GraphRig) -> None:
    with pytest.raises(PermanentError, match="Slack"):
        await microsoft.mail().send_email(send_args(attachments=["slack:F0123"]))
    assert microsoft.mailbox.in_folder("drafts") == [] and microsoft.mailbox.in_folder("sentitems") == []


async def test_words_go_to_search_and_dates_and_flags_to_an_ordered_filter(microsoft: GraphRig) -> None:
    mail = microsoft.mail()
    since = datetime(2026, 3, 2, 9, 0, 0, 500000, tzinfo=UTC)
    await mail.fetch_emails(FetchEmailsArgs(query='"Q3 deck" Priya', unreadOnly=True))
    await mail.fetch_emails(FetchEmailsArgs(since=since, hasAttachment=True))
    await mail.fetch_emails(FetchEmailsArgs(unreadOnly=True))
    searched, dated, unread = (r.query for r in microsoft.graph.requests[::3])  # inbox, archive, sent items each
    assert searched["$search"] == '"Q3 deck Priya"' and "$filter" not in searched and "$orderby" not in searched
    assert dated["$filter"] == "receivedDateTime ge 2026-03-02T09:00:00Z and hasAttachments eq true"
    assert unread["$filter"] == "receivedDateTime ge 1900-01-01T00:00:00Z and isRead eq false"
    assert {r.path for r in microsoft.graph.requests} == {
        "/v1.0/me/mailFolders/inbox/messages",
        "/v1.0/me/mailFolders/archive/messages",
        "/v1.0/me/mailFolders/sentitems/messages",
    }


async def test_pages_are_followed_and_the_exact_checks_are_made_here(microsoft: GraphRig) -> None:
    start = datetime(2026, 3, 2, 14, 0, tzinfo=UTC)
    for n in range(120):
        microsoft.mailbox.deliver(
            sender=f"person{n}@example.org", subject=f"Note {n}", body="x", received=start + timedelta(minutes=n)
        )
    mail = microsoft.mail()
    found = await mail.fetch_emails(FetchEmailsArgs(sender="person1", limit=500))
    assert [email["subject"] for email in found][:3] == ["Note 119", "Note 118", "Note 117"]
    assert len(found) == 31  # person1, person10-19, person100-119
    assert sum(r.path.endswith("inbox/messages") for r in microsoft.graph.requests) == 3  # 50 a page
    window = await mail.fetch_emails(
        FetchEmailsArgs(since=start + timedelta(minutes=10), until=start + timedelta(minutes=12))
    )
    assert [email["subject"] for email in window] == ["Note 11", "Note 10"]


async def test_reply_all_to_received_mail_leaves_me_out_and_stays_in_the_conversation(microsoft: GraphRig) -> None:
    original = microsoft.mailbox.deliver(
        sender="maria@example.org", subject="Terms", body="Net 45?", to=(ME.upper(), "john@example.org"),
        cc=("sarah@example.org", ME),
    )  # fmt: skip
    reply = await microsoft.mail().reply_email(ReplyEmailArgs(messageId=original, body="Agreed.", replyAll=True))
    stored = microsoft.mailbox.messages[reply["id"]]
    assert [p["emailAddress"]["address"] for p in stored.to] == ["maria@example.org", "john@example.org"]
    assert [p["emailAddress"]["address"] for p in stored.cc] == ["sarah@example.org"]
    assert stored.subject == "Re: Terms" and stored.conversation == microsoft.mailbox.messages[original].conversation
    assert stored.body.startswith("Agreed.")


async def test_unknown_and_malformed_ids_are_not_found(microsoft: GraphRig) -> None:
    mail = microsoft.mail()
    for message_id in ("AAMkAGI2" + "A" * 40, "not an id/../x"):
        with pytest.raises(NotFoundError):
            await mail.reply_email(ReplyEmailArgs(messageId=message_id, body="x"))


async def test_an_expired_token_is_refreshed_once_with_the_scopes(microsoft: GraphRig) -> None:
    mail = microsoft.mail()
    await mail.fetch_emails(FetchEmailsArgs(limit=1))  # two folders at once: one sign-in
    assert len(microsoft.graph.token_requests) == 1
    microsoft.graph.expire_tokens()
    await mail.send_email(send_args())
    assert len(microsoft.graph.token_requests) == 2 and len(microsoft.mailbox.in_folder("sentitems")) == 1
    scopes = microsoft.graph.token_requests[0]["scope"].split()
    assert "offline_access" in scopes and "https://graph.microsoft.com/Mail.Send" in scopes


async def test_a_revoked_grant_asks_to_reconnect(microsoft: GraphRig) -> None:
    microsoft.graph.grant_revoked = True
    with pytest.raises(AuthError, match="reconnect"):
        await microsoft.mail().fetch_emails(FetchEmailsArgs(limit=1))


@pytest.mark.parametrize(("status", "code"), [(429, "TooManyRequests"), (503, "ServiceUnavailable")])
async def test_throttling_is_transient_with_graphs_retry_after(microsoft: GraphRig, status: int, code: str) -> None:
    mail = microsoft.mail()
    await mail.fetch_emails(FetchEmailsArgs(limit=1))  # signed in
    microsoft.graph.faults.append((status, code, {"Retry-After": "30"}))  # longer than the HTTP layer waits
    with pytest.raises(TransientError) as raised:
        await mail.send_email(send_args())
    assert raised.value.retry_after == 30.0


async def test_a_search_reads_thirty_attachment_lists_within_the_mailboxs_concurrency(microsoft: GraphRig) -> None:
    for n in range(30):
        microsoft.mailbox.deliver(sender=f"p{n}@example.org", subject=f"Invoice {n}", body="x",
                                  files=((f"invoice-{n}.pdf", b"%PDF-1.4 x"),))  # fmt: skip
    found = await microsoft.mail().fetch_emails(FetchEmailsArgs(query="invoice", limit=30))
    assert len(found) == 30 and all(len(email["attachments"]) == 1 for email in found)
    assert microsoft.graph.most_in_flight <= 4  # and nothing was throttled (the fixture checks)


async def test_a_short_retry_after_is_waited_out_by_every_request_of_the_mailbox(microsoft: GraphRig) -> None:
    mail = microsoft.mail()
    await mail.fetch_emails(FetchEmailsArgs(limit=1))  # signed in
    microsoft.graph.faults.append((429, "ApplicationThrottled", {"Retry-After": "1"}))
    sent = await mail.send_email(send_args())  # the draft is refused once, made after the pause, then sent
    assert microsoft.mailbox.in_folder("sentitems")[0].id == sent["id"]
    assert [r.verb for r in microsoft.graph.requests[-3:]] == ["POST", "POST", "POST"]


async def test_access_denied_is_not_retried(microsoft: GraphRig) -> None:
    mail = microsoft.mail()
    await mail.fetch_emails(FetchEmailsArgs(limit=1))
    microsoft.graph.faults.append((403, "ErrorAccessDenied", {}))
    with pytest.raises(ConnectorError) as raised:
        await mail.send_email(send_args())
    assert not isinstance(raised.value, TransientError | NotFoundError)
    assert microsoft.mailbox.in_folder("sentitems") == []
