"""Gmail beyond the contract suite: the search query, pagination, threads, snippets, dates, and failures through
planbot's ToolRunner (401 → refresh → retry, 429 with Retry-After, 5xx then success, a permanent 400)."""

import base64
import logging
from datetime import UTC, datetime
from email import message_from_bytes, policy

import pytest

from integrations.base import CATALOG, AuthError, NotFoundError, PermanentError
from integrations.base.arguments import FetchEmailsArgs
from integrations.base.registry import ConnectorRegistry
from integrations.email.gmail.query import gmail_query
from planning.engine.retry import RetryPolicy
from planning.engine.runner import ToolRunner, describe_failure
from tests.integrations.contract_suite import run
from tests.integrations.email.conftest import GmailRig
from tests.integrations.email.fake_gmail import ACCOUNT
from tests.integrations.email.imap_helpers import raw_message, token

MS = 1000


def test_the_search_query_quotes_user_text_and_uses_epoch_seconds() -> None:
    args = FetchEmailsArgs(
        query='the "launch"  plan',
        sender="Priya Shah",
        to="tom@example.com",
        subject="Q3 (deck)",
        since=datetime(2026, 3, 2, 9, 0, tzinfo=UTC),
        until=datetime(2026, 3, 3, 9, 0, tzinfo=UTC),
        unreadOnly=True,
    )
    assert gmail_query(args) == (
        '-in:drafts -in:spam -in:trash "the" "launch" "plan" from:"Priya Shah" to:"tom@example.com" subject:"Q3 (deck)"'
        " after:1772441999 before:1772528401 is:unread"
    )
    assert gmail_query(FetchEmailsArgs()) == "-in:drafts -in:spam -in:trash"
    assert gmail_query(FetchEmailsArgs(sender='"', subject="a\\b")) == '-in:drafts -in:spam -in:trash subject:"a\\b"'
    assert gmail_query(FetchEmailsArgs(hasAttachment=True)).endswith(" has:attachment")
    assert gmail_query(FetchEmailsArgs(hasAttachment=False)).endswith(" -has:attachment")


async def test_pages_are_followed_until_the_limit_newest_first(gmail: GmailRig) -> None:
    tag = token()
    for n in range(7):
        gmail.fake.deliver(
            raw_message(f"Subject: {tag} {n}", "From: a@example.com"), internal_date_ms=(1_772_000_000 + n) * MS
        )
    gmail.fake.page_cap = 2
    connector = gmail.connector()

    found = await run(connector, "fetch_emails", subject=tag, limit=5)

    assert [e["subject"] for e in found] == [f"{tag} {n}" for n in (6, 5, 4, 3, 2)]
    lists = [dict(r.query) for r in gmail.fake.requests if r.path.endswith("/messages")]
    assert [(q.get("pageToken"), q["maxResults"]) for q in lists] == [(None, "5"), ("2", "3"), ("4", "1")]
    assert all(q["q"] == f'-in:drafts -in:spam -in:trash subject:"{tag}"' for q in lists)
    assert len(await run(connector, "fetch_emails", subject=tag)) == 7
    assert await run(connector, "fetch_emails", subject=f"{tag}-nothing") == []


async def test_a_reply_stays_in_the_thread_with_rfc_headers(gmail: GmailRig) -> None:
    tag = token()
    original = gmail.fake.deliver(
        raw_message(
            "From: Priya Shah <priya.shah@example.com>",
            f"To: {ACCOUNT}",
            f"Subject: RE: Deck {tag}",
            "Message-ID: <orig-1@example.com>",
            "References: <root-1@example.com>",
        )
    )
    connector = gmail.connector(from_address=ACCOUNT, from_name="Planbot Tester")

    reply = await run(connector, "reply_email", messageId=original, body="Thanks!")

    stored = gmail.fake.messages[reply["id"]]
    assert stored.thread_id == gmail.fake.messages[original].thread_id
    sent = [r for r in gmail.fake.requests if r.path.endswith("/send")][-1].json
    assert set(sent) == {"raw", "threadId"} and sent["threadId"] == original
    message = message_from_bytes(base64.urlsafe_b64decode(sent["raw"]), policy=policy.default)
    assert message["To"] == "priya.shah@example.com"
    assert message["From"] == f"Planbot Tester <{ACCOUNT}>"
    assert message["Subject"] == f"RE: Deck {tag}"
    assert message["In-Reply-To"] == "<orig-1@example.com>"
    assert message["References"] == "<root-1@example.com> <orig-1@example.com>"
    assert message.get_content() == "Thanks!\r\n"
    assert message["Date"].datetime.utcoffset().total_seconds() in (-5 * 3600, -4 * 3600)  # New York


async def test_unknown_and_malformed_ids_are_not_found(gmail: GmailRig) -> None:
    connector = gmail.connector()
    with pytest.raises(NotFoundError):
        await run(connector, "reply_email", messageId="18e0000000000abc", body="x")
    before = len(gmail.fake.requests)
    with pytest.raises(NotFoundError):
        await run(connector, "reply_email", messageId="../send", body="x")
    assert len(gmail.fake.requests) == before


async def test_snippets_are_unescaped_and_dates_shown_in_the_zone(gmail: GmailRig) -> None:
    tag = token()
    body = 'Tom\'s "plan" & <more>'
    summer = datetime(2026, 7, 1, 12, 0, 5, 250_000, tzinfo=UTC)
    gmail.fake.deliver(
        raw_message(f"Subject: {tag}", "From: a@example.com", body=body), internal_date_ms=int(summer.timestamp() * MS)
    )
    connector = gmail.connector()
    (email,) = await run(connector, "fetch_emails", subject=tag)
    assert email["snippet"] == body
    assert email["date"] == "2026-07-01T08:00:05-04:00"
    assert email["unread"] is True
    assert len(await run(connector, "fetch_emails", subject=tag, since=email["date"])) == 1
    assert await run(connector, "fetch_emails", subject=tag, until=email["date"]) == []
    assert await run(connector, "fetch_emails", subject=tag, since="2026-07-01T08:00:06-04:00") == []


def runner_for(gmail: GmailRig, sleeps: list[float]) -> ToolRunner:
    async def no_sleep(seconds: float) -> None:
        sleeps.append(seconds)

    registry = ConnectorRegistry(CATALOG, [gmail.connector()])
    return ToolRunner(registry, RetryPolicy(max_attempts=3, jitter=False), sleep=no_sleep)


async def test_an_expired_access_token_is_refreshed_once_and_the_call_retried(gmail: GmailRig) -> None:
    sleeps: list[float] = []
    runner = runner_for(gmail, sleeps)
    await runner.run("fetch_emails", {"subject": "x"})
    gmail.fake.expire_tokens()

    assert await runner.run("fetch_emails", {"subject": "x"}) == []

    assert gmail.fake.tokens_issued == 2
    assert [r.token for r in gmail.fake.requests] == [
        "Bearer ya29.access-1", "Bearer ya29.access-1", "Bearer ya29.access-2",
    ]  # fmt: skip
    assert sleeps == []


async def test_a_revoked_grant_asks_the_user_to_reconnect(gmail: GmailRig) -> None:
    gmail.fake.grant_revoked = True
    with pytest.raises(AuthError) as raised:
        await runner_for(gmail, []).run("fetch_emails", {})
    failure = describe_failure(raised.value)
    assert failure.reconnect is True and failure.transient is False
    assert gmail.fake.requests == []


async def test_rate_limits_wait_for_retry_after_and_server_errors_are_retried(gmail: GmailRig) -> None:
    sleeps: list[float] = []
    runner = runner_for(gmail, sleeps)
    gmail.fake.faults = [(429, {"Retry-After": "1"})]
    sent = await runner.run("send_email", {"to": ["ann@example.org"], "subject": "Hi", "body": "x"})
    assert sleeps == []  # a short Retry-After is waited out by the HTTP layer (integrations.http.limits)
    assert list(gmail.fake.messages) == [sent["id"]]

    gmail.fake.faults = [(503, {}), (500, {})]
    assert [e["id"] for e in await runner.run("fetch_emails", {"subject": "Hi"})] == [sent["id"]]
    assert sleeps == [0.5, 1.0]


async def test_a_permanent_400_is_not_retried(gmail: GmailRig) -> None:
    sleeps: list[float] = []
    gmail.fake.faults = [(400, {})]
    with pytest.raises(PermanentError, match="Injected failure 400"):
        await runner_for(gmail, sleeps).run("send_email", {"to": ["ann@example.org"], "subject": "Hi", "body": "x"})
    assert sleeps == [] and len(gmail.fake.requests) == 1 and gmail.fake.messages == {}


async def test_no_token_secret_subject_or_body_reaches_the_logs(
    gmail: GmailRig, caplog: pytest.LogCaptureFixture
) -> None:
    tag = token()
    connector = gmail.connector()
    with caplog.at_level(logging.DEBUG):
        sent = await run(connector, "send_email", to=["ann@example.org"], subject=tag, body=f"Body {tag}")
        await run(connector, "reply_email", messageId=sent["id"], body=f"Reply {tag}")
        gmail.fake.expire_tokens()
        gmail.fake.faults = [(503, {})]
        with pytest.raises(Exception):  # noqa: B017 - any failure: only the logs matter here
            await run(connector, "fetch_emails", query=tag)
    ours = [r for r in caplog.records if r.name != "aiohttp.access"]  # the fake server's own access log
    logged = "".join(f"{r.getMessage()} {r.args}" for r in ours)
    assert "sent an email to 1 recipient(s) through Gmail" in logged
    for private in (tag, "ya29.", "refresh-token-1", "client-secret-1"):
        assert private not in logged
