"""Gmail's size limits and 403 reasons, against the fake Gmail that enforces them as Google does
(``fake_gmail_limits``): a message with large files goes on the upload path, whole; one Gmail cannot take is refused
before anything is sent; a 403 is told as what it is (a scope, a quota, the daily limit, a rate), not as a wrong id."""

import json
import os

import aiohttp
import pytest

from bot.slack.files import SlackFiles
from integrations.base import NotFoundError, PermanentError
from integrations.base.errors import DailyLimitError, PermissionDeniedError, QuotaError, RateLimitError
from integrations.email.files import attachments_of
from integrations.email.gmail import connector_from
from planning.engine.runner import describe_failure
from tests.integrations.email.conftest import GmailRig
from tests.integrations.email.fake_gmail_limits import METADATA_MOST
from tests.integrations.email.imap_helpers import call, with_a_file
from tests.slack.kit.fake_files import FakeSlackWithFiles

PDF = b"%PDF-1.7\n" + os.urandom(3 * 1024 * 1024)  # 3 MB that do not compress
SEND = "/gmail/v1/users/me/messages/send"
UPLOAD = "/upload/gmail/v1/users/me/messages/send"


def sends(gmail: GmailRig) -> list[tuple[str, list[tuple[str, str]], int]]:
    return [(r.path, r.query, r.size) for r in gmail.fake.requests if r.path.endswith("/messages/send")]


async def test_a_three_mb_slack_file_is_sent_on_the_upload_path_whole(
    gmail: GmailRig, slack: FakeSlackWithFiles, http: aiohttp.ClientSession
) -> None:
    deck = slack.share("Q3 deck.pdf", PDF, mimetype="application/pdf")
    connector = connector_from(gmail.settings(), gmail.session, files=SlackFiles(slack.client(), http))
    sent = await call(
        connector, "send_email", to=["ann@example.org"], subject="Deck", body="x", attachments=[f"slack:{deck}"]
    )
    files = [(f.name, f.content) for _n, f in attachments_of(gmail.fake.messages[sent["id"]].parsed)]
    assert files == [("Q3 deck.pdf", PDF)]
    ((path, query, size),) = sends(gmail)
    assert path == UPLOAD and query == [("uploadType", "multipart")]
    assert size < len(PDF) * 1.4  # the message's own base64, not base64 inside JSON again (5.7 MB before)


async def test_a_forward_and_a_reply_with_large_files_keep_their_thread(gmail: GmailRig) -> None:
    original = gmail.fake.deliver(with_a_file("Big deck", files=(("Deck.pdf", "application/pdf", PDF),)))
    connector = gmail.connector()
    (found,) = await call(connector, "fetch_emails", subject="Big deck", hasAttachment=True, includeBody=True)
    forwarded = await call(connector, "forward_email", messageId=original, to=["ann@example.org"], body="FYI")
    replied = await call(
        connector, "reply_email", messageId=original, body="Back to you", attachments=[found["attachments"][0]["ref"]]
    )
    for sent in (forwarded, replied):
        stored = gmail.fake.messages[sent["id"]]
        assert stored.thread_id == original
        assert [f.content for _n, f in attachments_of(stored.parsed)] == [PDF]
    uploads = [r for r in gmail.fake.requests if r.path == UPLOAD]
    assert [r.json for r in uploads] == [{"threadId": original}, {"threadId": original}]


async def test_a_reply_draft_with_a_large_file_is_saved_on_the_upload_path_in_its_thread(gmail: GmailRig) -> None:
    original = gmail.fake.deliver(with_a_file("Big deck", files=(("Deck.pdf", "application/pdf", PDF),)))
    connector = gmail.connector()
    (found,) = await call(connector, "fetch_emails", subject="Big deck", hasAttachment=True, includeBody=True)
    draft = await call(
        connector, "create_draft", replyTo=original, body="Draft", attachments=[found["attachments"][0]["ref"]]
    )
    stored = gmail.fake.messages[gmail.fake.drafts[draft["id"]]]
    assert stored.thread_id == original and "DRAFT" in stored.labels
    assert [f.content for _n, f in attachments_of(stored.parsed)] == [PDF]
    (upload,) = [r for r in gmail.fake.requests if r.path == "/upload/gmail/v1/users/me/drafts"]
    assert upload.query == [("uploadType", "multipart")] and upload.json == {"message": {"threadId": original}}


async def test_a_small_message_stays_on_the_json_path(gmail: GmailRig) -> None:
    await call(gmail.connector(), "send_email", to=["ann@example.org"], subject="Hi", body="Short.")
    ((path, _query, size),) = sends(gmail)
    assert path == SEND and size < METADATA_MOST


OVER_35_MB = [
    ("send_email", "Gmail sends at most 35 MB: nothing was sent; share the largest files as links"),
    ("create_draft", "Gmail keeps at most 35 MB: nothing was saved"),
]


@pytest.mark.parametrize(("tool", "told"), OVER_35_MB)
async def test_a_message_or_draft_over_35_mb_is_refused_before_anything_is_sent_or_saved(
    gmail: GmailRig, slack: FakeSlackWithFiles, http: aiohttp.ClientSession, tool: str, told: str
) -> None:
    huge = slack.share("archive.zip", os.urandom(19 * 1024 * 1024), mimetype="application/zip")
    more = slack.share("more.zip", os.urandom(19 * 1024 * 1024), mimetype="application/zip")
    connector = connector_from(gmail.settings(), gmail.session, files=SlackFiles(slack.client(), http))
    with pytest.raises(PermanentError) as raised:
        await call(
            connector, tool, to=["a@example.org"], subject="s", body="x",
            attachments=[f"slack:{huge}", f"slack:{more}"],
        )  # fmt: skip
    assert told in describe_failure(raised.value).message
    assert sends(gmail) == [] and gmail.fake.messages == {} and gmail.fake.drafts == {}


async def test_the_stand_in_refuses_a_large_json_body_as_google_does(gmail: GmailRig) -> None:
    """Before: aiohttp's own 1 MiB default answered 413 in plain text, by accident."""
    token = await _token(gmail)
    body = {"raw": "A" * (METADATA_MOST + 10)}
    async with gmail.session.post(
        f"{gmail.base_url}{SEND}", json=body, headers={"Authorization": f"Bearer {token}"}
    ) as answer:
        assert answer.status == 400
        error = json.loads(await answer.text())["error"]
    assert error["errors"][0]["reason"] == "badRequest"
    assert error["message"] == "Request payload size exceeds the limit: 1048576 bytes."


async def _token(gmail: GmailRig) -> str:
    from tests.integrations.email import fake_gmail

    form = {
        "grant_type": "refresh_token",
        "client_id": fake_gmail.CLIENT[0],
        "client_secret": fake_gmail.CLIENT[1],
        "refresh_token": fake_gmail.REFRESH_TOKEN,
    }
    async with gmail.session.post(f"{gmail.base_url}/token", data=form) as answer:
        return str((await answer.json())["access_token"])


# --- 403 -------------------------------------------------------------------------------------------------------

REASONS = [
    ("insufficientPermissions", PermissionDeniedError, "does not allow this to your account"),
    ("quotaExceeded", QuotaError, "a usage limit of your account is reached"),
    ("dailyLimitExceeded", DailyLimitError, "the daily limit of Gmail is used up; it resets at midnight Pacific Time"),
    ("rateLimitExceeded", RateLimitError, "gmail is not answering right now"),
    ("userRateLimitExceeded", RateLimitError, "gmail is not answering right now"),
]


@pytest.mark.parametrize(("reason", "kind", "said"), REASONS)
@pytest.mark.parametrize("tool", ["reply_email", "forward_email"])
async def test_a_403_on_reading_the_email_is_told_as_its_reason_not_as_a_wrong_id(
    gmail: GmailRig, reason: str, kind: type[Exception], said: str, tool: str
) -> None:
    original = gmail.fake.deliver(with_a_file("Deck"))
    arguments = {"to": ["ann@example.org"]} if tool == "forward_email" else {}
    gmail.fake.refusals = [reason]
    with pytest.raises(kind) as raised:
        await call(gmail.connector(), tool, messageId=original, body="x", **arguments)
    assert not isinstance(raised.value, NotFoundError)
    assert said in describe_failure(raised.value).message
    assert "no email with id" not in str(raised.value)


async def test_a_missing_scope_says_the_access_granted_does_not_cover_it(gmail: GmailRig) -> None:
    original = gmail.fake.deliver(with_a_file("Deck"))
    gmail.fake.refusals = ["insufficientPermissions"]
    with pytest.raises(PermissionDeniedError, match="the access granted to planbot does not cover it"):
        await call(gmail.connector(), "reply_email", messageId=original, body="x")


async def test_an_unknown_id_is_still_not_found(gmail: GmailRig) -> None:
    with pytest.raises(NotFoundError, match="no email with id 'abc123'"):
        await call(gmail.connector(), "reply_email", messageId="abc123", body="x")
