"""A local HubSpot: the CRM objects and search endpoints, properties, associations and association labels of
HubSpot's date-based API version 2026-09 (``VERSION``), v3 owners and the OAuth token endpoint. The legacy v3/v4
object, property and association paths are not served (404, as after their end of support: v4 on 2027-03-30, v1-v3
in September 2027); the 2026-09 request and answer shapes are those of v3/v4, so ``hubspot-api-client``'s models
check them. A record's associations come ``association_page`` at a time (paging ``next.after`` per record).

It speaks HubSpot's paths, JSON shapes and error bodies (``{"status": "error", "message", "correlationId",
"category"}``), checks every request body and every answer against ``hubspot-api-client``'s models
(``shape_errors`` collects failures), requires a bearer token, and can be told to fail the next requests
(``fail_next``). Property values are checked against HubSpot's definitions (``hubspot_schema``, ``hubspot_rules``):
an enumeration takes only its options' values. Search pages hold ``page_limit`` results at most (HubSpot: 200),
continue with ``after``, and read an index that trails writes by ``index_lag`` searches (``hubspot_store``).
A contact whose email another contact has is a 409 naming the existing id, as HubSpot answers.
"""

import asyncio
import json
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from aiohttp import web

from tests.integrations.crm.hubspot_rules import (
    ASSOCIATION_TYPES,
    invalid_association,
    invalid_properties,
    search_problem,
)
from tests.integrations.crm.hubspot_schema import PROPERTIES, definition
from tests.integrations.crm.hubspot_shapes import conform
from tests.integrations.crm.hubspot_store import HubSpotStore, normalized

Handler = Callable[[web.Request], Any]


def error(status: int, category: str, message: str, **extra: Any) -> web.Response:
    body = {"status": "error", "message": message, "correlationId": str(uuid.uuid4()), "category": category, **extra}
    return web.json_response(body, status=status)


DAILY_LIMIT_REACHED = {
    "status": "error", "message": "You have reached your daily limit.", "errorType": "RATE_LIMIT",
    "correlationId": "9c1ba3e4-6f1a-4f0e-8f5d-0c2d0b3f2a11", "policyName": "DAILY", "groupName": "api-calls-daily:1234",
}  # fmt: skip


VERSION = "2026-09"
ASSOCIATION_PAGE = 500  # a record's associations per page in a batch read (the largest page HubSpot documents)


class FakeHubSpot:
    def __init__(
        self,
        *,
        token: str = "pat-test",
        page_limit: int = 200,
        index_lag: int | None = None,
        association_page: int = ASSOCIATION_PAGE,
    ) -> None:
        self.store = HubSpotStore(index_lag=index_lag)
        self.tokens = {token}
        self.page_limit = page_limit
        self.association_page = association_page
        self.fail_next: list[tuple[int, dict[str, Any], dict[str, str]]] = []
        self.daily_allowance: int | None = None  # API calls per day (the account's daily limit)
        self.requests: list[dict[str, Any]] = []
        self.shape_errors: list[str] = []
        self.refresh_token = "refresh-1"
        self.issued = 0
        self.delay = 0.0  # seconds every API answer takes (a slow account, for benchmarks)
        self.owners = [
            {"id": "71", "email": "dana@example.com", "firstName": "Dana", "lastName": "Owner", "userId": 9071},
            {"id": "72", "email": "lee@example.com", "firstName": "Lee", "lastName": "Seller", "userId": 9072},
            {"id": "73", "email": "sarah.lee@example.com", "firstName": "Sarah", "lastName": "Lee", "userId": 9073},
        ]

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._gate])
        objects = f"/crm/objects/{VERSION}/{{type}}"
        app.router.add_post(f"{objects}/search", self.search)
        app.router.add_post(f"{objects}/batch/read", self.batch_read)
        app.router.add_post(objects, self.create)
        app.router.add_get(objects + "/{id}", self.read)
        app.router.add_patch(objects + "/{id}", self.update)
        app.router.add_delete(objects + "/{id}", self.archive)
        associations = f"/crm/associations/{VERSION}/{{from}}/{{to}}"
        app.router.add_post(f"{associations}/batch/read", self.associations)
        app.router.add_put(
            f"/crm/objects/{VERSION}/{{from}}/{{id}}/associations/default/{{to}}/{{to_id}}", self.associate
        )
        app.router.add_delete(f"/crm/objects/{VERSION}/{{from}}/{{id}}/associations/{{to}}/{{to_id}}", self.dissociate)
        app.router.add_get("/crm/v3/owners", self.list_owners)
        app.router.add_get(f"/crm/properties/{VERSION}/{{type}}/{{name}}", self.property)
        app.router.add_get(f"{associations}/labels", self.association_labels)
        app.router.add_post("/oauth/v1/token", self.token)
        app.router.add_post("/oauth/2026-03/token", self.token)  # the dated OAuth API, as planbot uses it
        return app

    @web.middleware
    async def _gate(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path in ("/oauth/v1/token", "/oauth/2026-03/token"):
            response: web.StreamResponse = await handler(request)
            return response
        body = await request.json() if request.can_read_body else None
        self.requests.append(
            {"method": request.method, "path": request.path, "query": dict(request.query), "json": body}
        )
        if request.headers.get("Authorization", "").removeprefix("Bearer ") not in self.tokens:
            return error(401, "INVALID_AUTHENTICATION", "Authentication credentials not found.")
        if self.daily_allowance is not None and len(self.requests) > self.daily_allowance:
            return web.json_response(DAILY_LIMIT_REACHED, status=429)  # the usage guidelines' daily 429, no Retry-After
        if self.fail_next:
            status, payload, headers = self.fail_next.pop(0)
            return web.json_response(payload, status=status, headers=headers)
        if self.delay:
            await asyncio.sleep(self.delay)
        response = await handler(request)
        if response.status >= 400 and isinstance(response, web.Response) and response.text:
            self.check(json.loads(response.text), "Error", undocumented=frozenset({"status"}))
        return response

    def check(self, data: Any, model: str, api: str = "objects", *, undocumented: frozenset[str] = frozenset()) -> None:
        try:
            conform(data, model, api, undocumented=undocumented)
        except Exception as problem:  # every failure is a finding
            self.shape_errors.append(f"{model}: {problem}")

    def answer(self, data: Any, model: str, *, status: int = 200, api: str = "objects") -> web.Response:
        self.check(data, model, api)
        return web.json_response(data, status=status)

    async def search(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.check(body, "PublicObjectSearchRequest")
        groups = body.get("filterGroups") or []
        problem = search_problem(body)
        if problem:
            return error(400, "VALIDATION_ERROR", problem)
        limit = min(int(body.get("limit") or 10), self.page_limit)
        try:
            found = self.store.search_index(request.match_info["type"], groups)
        except (KeyError, ValueError) as problem:
            return error(400, "VALIDATION_ERROR", f"Invalid search: {problem}")
        start = int(body.get("after") or 0)
        page = found[start : start + limit]
        result: dict[str, Any] = {
            "total": len(found),
            "results": [o.public(body.get("properties") or []) for o in page],
        }
        if start + limit < len(found):
            result["paging"] = {"next": {"after": str(start + limit), "link": "?after=" + str(start + limit)}}
        return self.answer(result, "CollectionResponseWithTotalSimplePublicObjectForwardPaging")

    async def batch_read(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.check(body, "BatchReadInputSimplePublicObjectId")
        found = [self.store.live(request.match_info["type"], str(i["id"])) for i in body["inputs"]]
        results = [o.public(body["properties"]) for o in found if o is not None]
        return self.answer(
            {"status": "COMPLETE", "results": results, "startedAt": NOW_ISO, "completedAt": NOW_ISO},
            "BatchResponseSimplePublicObject",
        )

    async def create(self, request: web.Request) -> web.Response:
        object_type = request.match_info["type"]
        body = await request.json()
        self.check(body, "SimplePublicObjectInputForCreate")
        properties = body.get("properties") or {}
        problem = self._invalid(object_type, properties, creating=True)
        links = [(str(a["to"]["id"]), a["types"][0]) for a in body.get("associations") or []]
        for to_id, kind in links:
            target = self.store.objects.get(to_id)
            to_type = target.type if target is not None and not target.archived else None
            problem = problem or invalid_association(
                object_type, to_type, kind["associationTypeId"], kind["associationCategory"]
            )
        if object_type == "leads" and not any(kind["associationTypeId"] == 578 for _, kind in links):
            problem = problem or "A lead must be associated with a contact (association type 578)"
        if problem:
            return error(400, "VALIDATION_ERROR", problem)
        email = (properties.get("email") or "").casefold()
        if object_type == "contacts" and email:
            twin = [
                o for o in self.store.search("contacts", []) if (o.properties.get("email") or "").casefold() == email
            ]
            if twin:
                return error(409, "CONFLICT", f"Contact already exists. Existing ID: {twin[0].id}")
        stored = self.store.add(object_type, properties, indexed=False)
        for to_id, kind in links:
            to_type = self.store.objects[to_id].type
            self.store.associate(object_type, stored.id, to_type, to_id, kind["associationTypeId"])
        return self.answer(stored.public(list(properties)), "SimplePublicObject", status=201)

    async def read(self, request: web.Request) -> web.Response:
        stored = self._found(request)
        if stored is None:
            return _not_found(request)
        names = [n for n in request.query.get("properties", "").split(",") if n]
        return self.answer(stored.public(names), "SimplePublicObjectWithAssociations")

    async def update(self, request: web.Request) -> web.Response:
        stored = self._found(request)
        if stored is None:
            return _not_found(request)
        body = await request.json()
        self.check(body, "SimplePublicObjectInput")
        problem = self._invalid(stored.type, body["properties"], creating=False)
        if problem:
            return error(400, "VALIDATION_ERROR", problem)
        stored.properties.update({k: normalized(k, v) for k, v in body["properties"].items()})
        self.store.changed(stored)
        return self.answer(stored.public(list(body["properties"])), "SimplePublicObject")

    async def archive(self, request: web.Request) -> web.Response:
        stored = self._found(request)
        if stored is not None:  # HubSpot answers 204 for unknown ids too
            stored.archived = True
            self.store.changed(stored)
        return web.Response(status=204)

    async def associations(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.check(body, "BatchInputPublicFetchAssociationsBatchRequest", "associations")
        from_type, to_type = request.match_info["from"], request.match_info["to"]
        results, errors = [], []
        for item in body["inputs"]:
            linked = self.store.associated(from_type, str(item["id"]), to_type)
            if not linked:
                errors.append(
                    {
                        "status": "error",
                        "category": "OBJECT_NOT_FOUND",
                        "message": f"No {to_type} is associated with {from_type} {item['id']}.",
                        "context": {"fromObjectId": [str(item["id"])]},
                        "errors": [],
                        "links": {},
                    }
                )
                continue
            start = int(item.get("after") or 0)
            page = list(linked.items())[start : start + self.association_page]
            to = [
                {"toObjectId": to_id, "associationTypes": [{"category": "HUBSPOT_DEFINED", "typeId": t} for t in ids]}
                for to_id, ids in page
            ]
            result: dict[str, Any] = {"from": {"id": str(item["id"])}, "to": to}
            if start + self.association_page < len(linked):
                after = str(start + self.association_page)
                result["paging"] = {"next": {"after": after, "link": f"?after={after}"}}
            results.append(result)
        data: dict[str, Any] = {"status": "COMPLETE", "results": results, "startedAt": NOW_ISO, "completedAt": NOW_ISO}
        if errors:
            data.update(errors=errors, numErrors=len(errors))
            return self.answer(
                data, "BatchResponsePublicAssociationMultiWithLabelWithErrors", status=207, api="associations"
            )
        return self.answer(data, "BatchResponsePublicAssociationMultiWithLabel", api="associations")

    async def associate(self, request: web.Request) -> web.Response:
        m = request.match_info
        if not self.store.live(m["from"], m["id"]) or not self.store.live(m["to"], m["to_id"]):
            return _not_found(request)
        self.store.associate(m["from"], m["id"], m["to"], m["to_id"], ASSOCIATION_TYPES.get((m["from"], m["to"]), 0))
        return web.json_response({"status": "COMPLETE", "results": []})

    async def dissociate(self, request: web.Request) -> web.Response:
        m = request.match_info
        self.store.dissociate(m["from"], m["id"], m["to"], m["to_id"])
        return web.Response(status=204)

    async def list_owners(self, request: web.Request) -> web.Response:
        start, limit = int(request.query.get("after") or 0), int(request.query.get("limit") or 100)
        owners = [
            {**o, "archived": False, "type": "PERSON", "createdAt": NOW_ISO, "updatedAt": NOW_ISO} for o in self.owners
        ]
        data: dict[str, Any] = {"results": owners[start : start + limit]}
        if start + limit < len(owners):
            data["paging"] = {"next": {"after": str(start + limit)}}
        return self.answer(data, "CollectionResponsePublicOwnerForwardPaging", api="owners")

    async def property(self, request: web.Request) -> web.Response:
        object_type, name = request.match_info["type"], request.match_info["name"]
        if name not in PROPERTIES.get(object_type, {}):
            return error(404, "OBJECT_NOT_FOUND", f"Unable to find property {name} for object type {object_type}")
        return self.answer(definition(object_type, name, NOW_ISO), "ModelProperty", api="properties")

    async def association_labels(self, request: web.Request) -> web.Response:
        pair = (request.match_info["from"], request.match_info["to"])
        found = [{"category": "HUBSPOT_DEFINED", "typeId": t, "label": None} for p, t in ASSOCIATION_TYPES.items()
                 if p == pair]  # fmt: skip
        return self.answer({"results": found}, "CollectionResponseAssociationSpecWithLabelNoPaging", api="labels")

    async def token(self, request: web.Request) -> web.Response:
        form = await request.post()
        if form.get("grant_type") != "refresh_token" or form.get("refresh_token") != self.refresh_token:
            return web.json_response({"status": "BAD_REFRESH_TOKEN", "error": "invalid_grant"}, status=400)
        self.issued += 1
        access = f"oauth-access-{self.issued}"
        self.tokens.add(access)
        return web.json_response({"access_token": access, "refresh_token": self.refresh_token, "expires_in": 1800})

    def _found(self, request: web.Request) -> Any:
        return self.store.live(request.match_info["type"], request.match_info["id"])

    def _invalid(self, object_type: str, properties: dict[str, Any], *, creating: bool) -> str | None:
        owners = {str(o["id"]) for o in self.owners}
        return invalid_properties(object_type, properties, creating=creating, owners=owners)


NOW_ISO = "2026-03-02T14:00:00.000Z"


def _not_found(request: web.Request) -> web.Response:
    return error(404, "OBJECT_NOT_FOUND", "Object not found.  objectId are usually numeric.")


@asynccontextmanager
async def running(fake: FakeHubSpot) -> AsyncIterator[str]:
    """Serves ``fake`` on 127.0.0.1 at a free port; yields its base URL."""
    runner = web.AppRunner(fake.app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()
