"""The fake Gmail and the connector's requests agree with Google's Gmail v1 discovery document: method paths, HTTP
verbs, parameter names and values, request and response JSON. If either drifts from the real API, this fails."""

from datetime import UTC, datetime

from integrations.email.gmail import SCOPES, GmailSettings
from tests.integrations.contract_suite import run
from tests.integrations.email.conftest import GmailRig
from tests.integrations.email.discovery import gmail_discovery, method_for, methods, schema_problems
from tests.integrations.email.fake_gmail import ROUTES, FakeGmail, _resource
from tests.integrations.email.imap_helpers import raw_message, token, with_a_file

USED = {
    "gmail.users.messages.list", "gmail.users.messages.get", "gmail.users.messages.send", "gmail.users.getProfile",
    "gmail.users.drafts.create", "gmail.users.messages.modify",
}  # fmt: skip


def test_every_route_of_the_fake_is_a_documented_method_with_its_verb_and_path() -> None:
    documented = {(m.http_method, m.path): m.name for m in methods()}
    assert {documented.get(route) for route in ROUTES} == USED


def test_the_default_api_url_and_scopes_are_googles() -> None:
    document = gmail_discovery()
    assert GmailSettings.model_fields["api_url"].default == document["rootUrl"] + "gmail/v1"
    assert set(SCOPES) <= set(document["auth"]["oauth2"]["scopes"])
    for method in methods():
        if method.name in USED:
            assert set(SCOPES) & set(method.spec["scopes"]), f"{method.name} needs one of {method.spec['scopes']}"


async def test_every_request_of_the_connector_is_a_documented_call(gmail: GmailRig) -> None:
    tag = token()
    gmail.fake.page_cap = 1
    for n in range(3):
        gmail.fake.deliver(raw_message(f"Subject: {tag} {n}", "From: Priya <priya@example.com>", "To: me@example.com"))
    gmail.fake.deliver(with_a_file(f"File {tag}"))
    connector = gmail.connector(from_address="me@example.com")
    found = await run(
        connector,
        "fetch_emails",
        query=tag,
        sender="Priya",
        to="me@example.com",
        subject=tag,
        since=datetime(2026, 1, 1, tzinfo=UTC).isoformat(),
        until=datetime(2100, 1, 1, tzinfo=UTC).isoformat(),
        unreadOnly=True,
        limit=2,
    )
    assert len(found) == 2
    sent = await run(connector, "send_email", to=["ann@example.org"], cc=["cy@example.com"], subject=tag, body="x")
    await run(connector, "reply_email", messageId=found[0]["id"], body="y")
    await run(connector, "reply_email", messageId=sent["id"], body="z")
    (filed,) = await run(connector, "fetch_emails", subject=f"File {tag}", hasAttachment=True, includeBody=True)
    ref = filed["attachments"][0]["ref"]
    await run(connector, "send_email", to=["ann@example.org"], subject=tag, body="x", attachments=[ref])
    await run(gmail.connector(), "reply_email", messageId=filed["id"], body="y", replyAll=True, attachments=[ref])
    await run(connector, "forward_email", messageId=filed["id"], to=["ann@example.org"], body="FYI")
    await run(connector, "create_draft", replyTo=filed["id"], body="Draft reply")
    await run(connector, "create_draft", to=["ann@example.org"], subject=tag, body="Draft", attachments=[ref])
    await run(connector, "update_email", messageId=filed["id"], unread=False, archived=True)

    called = set()
    for request in gmail.fake.requests:
        method = method_for(request.method, request.path)
        assert method is not None, f"{request.method} {request.path} is not a Gmail v1 method"
        called.add(method.name)
        names = [name for name, _value in request.query]
        assert set(names) <= method.query_parameters, (method.name, names)
        for name, value in request.query:
            allowed = method.spec["parameters"].get(name, {}).get("enum")
            assert allowed is None or value in allowed, (method.name, name, value)
        if "request" in method.spec:
            assert schema_problems(request.json, method.spec["request"]) == [], method.name
        else:
            assert request.json is None, method.name
    assert called == USED


def test_the_fakes_answers_have_the_documented_json_shapes() -> None:
    fake = FakeGmail()
    fake.deliver(raw_message("Subject: s", "From: a@example.com", "To: b@example.com", "Message-ID: <m@x>"))
    stored = next(iter(fake.messages.values()))
    for view in ("minimal", "metadata", "full", "raw"):
        assert schema_problems(_resource(stored, view, []), {"$ref": "Message"}) == [], view
    filed = fake.messages[fake.deliver(with_a_file("with a file"))]
    full = _resource(filed, "full", [])
    assert schema_problems(full, {"$ref": "Message"}) == []
    assert [(p["partId"], p["mimeType"], p["filename"]) for p in full["payload"]["parts"]] == [
        ("0", "multipart/alternative", ""), ("1", "application/pdf", "Deck.pdf"),
    ]  # fmt: skip
    assert [p["partId"] for p in full["payload"]["parts"][0]["parts"]] == ["0.0", "0.1"]
    assert set(full["payload"]["parts"][1]["body"]) == {"attachmentId", "size"}
    profile = {"emailAddress": "me@example.com", "messagesTotal": 2, "threadsTotal": 2, "historyId": "1000"}
    assert schema_problems(profile, {"$ref": "Profile"}) == []
    metadata = _resource(stored, "metadata", [])
    assert [h["name"] for h in metadata["payload"]["headers"]][:3] == ["Subject", "From", "To"]
    listed = {
        "messages": [{"id": stored.id, "threadId": stored.thread_id}],
        "nextPageToken": "1",
        "resultSizeEstimate": 2,
    }
    assert schema_problems(listed, {"$ref": "ListMessagesResponse"}) == []
    sent = {"id": stored.id, "threadId": stored.thread_id, "labelIds": ["SENT"]}
    assert schema_problems(sent, {"$ref": "Message"}) == []


def test_the_schema_check_itself_catches_unknown_fields_and_wrong_types() -> None:
    assert schema_problems({"id": "1", "internalDate": 5, "thread": "x"}, {"$ref": "Message"}) == [
        ".thread is not in the schema",
        ".internalDate should be a string (discovery says int64)",
    ]
    assert method_for("GET", "/gmail/v1/users/me/messages/send") is not None  # get with id "send"
    send = method_for("POST", "/gmail/v1/users/me/messages/send")
    assert send is not None and send.name == "gmail.users.messages.send"
    assert method_for("DELETE", "/gmail/v1/users/me/messages") is None
