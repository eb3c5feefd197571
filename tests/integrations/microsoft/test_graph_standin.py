"""The Graph stand-in refuses what Graph refuses, by Microsoft's own description (msgraph-sdk), not by our guesses:
undocumented paths and methods, query options a path does not take, bodies with unknown properties, enum values
the models do not list, values of the wrong type; and Graph's documented query restrictions."""

from typing import Any

import aiohttp
import pytest
from msgraph.generated.models.event import Event

from tests.integrations.microsoft.conftest import GraphRig
from tests.integrations.microsoft.graph_schema import UndocumentedError, operation, problems_of_body

EVENT = {
    "subject": "Review",
    "start": {"dateTime": "2026-03-03T15:00:00", "timeZone": "America/New_York"},
    "end": {"dateTime": "2026-03-03T15:30:00", "timeZone": "America/New_York"},
}


async def call(rig: GraphRig, verb: str, path: str, **options: Any) -> tuple[int, dict[str, Any]]:
    refresh = next(iter(rig.graph.refresh_tokens))  # the one that works now (each sign-in rotates it)
    async with aiohttp.ClientSession() as session:
        async with session.post(
            f"{rig.base_url}/common/oauth2/v2.0/token",
            data={"grant_type": "refresh_token", "client_id": "11111111-2222-3333-4444-555555555555",
                  "client_secret": "client-secret-1", "refresh_token": refresh, "scope": "offline_access"},
        ) as answer:  # fmt: skip
            token = (await answer.json())["access_token"]
        headers = {"Authorization": f"Bearer {token}", **options.pop("headers", {})}
        async with session.request(verb, f"{rig.base_url}/v1.0{path}", headers=headers, **options) as answer:
            return answer.status, await answer.json(content_type=None) if answer.status != 204 else {}


def test_paths_methods_and_bodies_come_from_the_sdk() -> None:
    assert operation("GET", "/me/mailFolders/inbox/messages").query >= {"$filter", "$search", "$orderby", "$top"}
    assert operation("GET", "/me/calendarView").query >= {"startDateTime", "endDateTime"}
    assert operation("POST", "/me/events/AAMkx/accept").body.__name__ == "AcceptPostRequestBody"  # type: ignore[union-attr]
    assert operation("POST", "/me/messages/AAMkx/send").query == frozenset()
    for verb, path in (("PUT", "/me/events/AAMkx"), ("GET", "/me/mailboxes"), ("POST", "/me/messages/AAMkx/undo")):
        with pytest.raises(UndocumentedError):
            operation(verb, path)


def test_a_body_is_checked_by_the_sdk_model() -> None:
    assert problems_of_body(Event, EVENT) == []
    wrong = {
        **EVENT,
        "showAs": "bussy",
        "isReminderOn": "yes",
        "attendees": [{"emailAddress": {"address": "a@example.org"}, "type": "mandatory", "role": "chair"}],
        "recurrence": {"pattern": {"type": "weekly", "daysOfWeek": ["monday", "funday"]}},
    }
    problems = problems_of_body(Event, wrong)
    assert any("showAs" in p for p in problems) and any("isReminderOn" in p for p in problems)
    assert any("attendees[0].type" in p for p in problems) and any("role is not a property" in p for p in problems)
    assert any("daysOfWeek[1]" in p for p in problems)


async def test_the_stand_in_refuses_what_graph_refuses(microsoft: GraphRig) -> None:
    refused = [
        ("POST", "/me/events", {"json": {**EVENT, "showAs": "bussy"}}),
        ("POST", "/me/events", {"json": {**EVENT, "colour": "red"}}),
        ("GET", "/me/messages/AAMkx", {"params": {"$filter": "isRead eq false"}}),  # not a collection
        ("GET", "/me/calendarView", {"params": {"startDateTime": "2026-03-01T00:00:00Z", "top": "5"}}),
        ("GET", "/me/inbox/messages", {}),
        ("PUT", "/me/events/AAMkx", {"json": EVENT}),
    ]
    for verb, path, options in refused:
        status, answer = await call(microsoft, verb, path, **options)
        assert status == 400 and answer["error"]["message"], (verb, path)
    assert len(microsoft.graph.problems) == len(refused)
    microsoft.graph.problems.clear()


async def test_documented_query_restrictions_hold(microsoft: GraphRig) -> None:
    inbox = "/me/mailFolders/inbox/messages"
    ordered = {"$orderby": "receivedDateTime desc"}
    status, answer = await call(microsoft, "GET", inbox, params={"$filter": "isRead eq false", **ordered})
    assert (status, answer["error"]["code"]) == (400, "InefficientFilter")
    first = {"$filter": "receivedDateTime ge 1900-01-01T00:00:00Z and isRead eq false", **ordered}
    assert (await call(microsoft, "GET", inbox, params=first))[0] == 200
    assert (await call(microsoft, "GET", inbox, params={"$search": '"budget"', **ordered}))[0] == 400
    assert (await call(microsoft, "GET", inbox, params={"$search": "budget"}))[0] == 400  # not quoted
    assert (await call(microsoft, "GET", inbox, params={"$select": "subject,colour"}))[0] == 400
    assert (await call(microsoft, "GET", inbox, params={"$filter": "colour eq 'red'"}))[0] == 400
    assert (await call(microsoft, "GET", inbox, params={"$top": "5000"}))[0] == 400
    view = {"startDateTime": "2026-03-01T00:00:00Z", "endDateTime": "2026-03-02T00:00:00Z"}
    assert (await call(microsoft, "GET", "/me/calendarView", params={**view, "$search": '"x"'}))[0] == 400
    assert (await call(microsoft, "GET", "/me/calendarView", params={"$top": "5"}))[0] == 400
    assert microsoft.graph.problems == []


async def test_a_sent_draft_keeps_its_id_only_with_immutable_ids(microsoft: GraphRig) -> None:
    draft = {"subject": "Hi", "toRecipients": [{"emailAddress": {"address": "ann@example.org"}}]}
    for prefer, kept in (({}, False), ({"Prefer": 'IdType="ImmutableId"'}, True)):
        status, created = await call(microsoft, "POST", "/me/messages", json=draft, headers=prefer)
        assert status == 201
        assert (await call(microsoft, "POST", f"/me/messages/{created['id']}/send", headers=prefer))[0] == 202
        status, _ = await call(microsoft, "GET", f"/me/messages/{created['id']}", headers=prefer)
        assert (status == 200) is kept
