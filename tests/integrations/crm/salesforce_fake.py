"""A local Salesforce org: OAuth token endpoint, SOQL query with ``nextRecordsUrl`` batches, sObject create,
update (PATCH) and delete for Account, Contact, Lead and Opportunity, with Salesforce's error bodies
(``[{"message", "errorCode", "fields"}]``). Queries are parsed (``salesforce_soql``) and evaluated against the
stored records; ``queries`` keeps each SOQL text received and ``parsed`` its parse.

The org's lead statuses are ``LeadStatus`` records (``lead_statuses``: API name, converted, default); a lead's
``Status`` must be one of them, and a converted one (``IsConverted``) is set only by converting the lead, never
by a create or an update. Notes and tasks follow ``salesforce_schema``; records are created at ``now``.
"""

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from aiohttp import web

from tests.integrations.crm.salesforce_schema import (
    LEAD_STATUSES,
    PREFIX,
    READ_ONLY,
    READABLE,
    RELATIONS,
    REQUIRED,
    STATUS_FIELDS,
    TASK_STATUSES,
    UNFILTERABLE,
    WRITABLE,
    StatusRow,
    refusal,
)
from tests.integrations.crm.salesforce_soql import MalformedQueryError, Query, holds, parse

Handler = Callable[[web.Request], Any]
NOW = "2026-03-02T14:00:00.000+0000"


def failure(status: int, code: str, message: str, fields: list[str] | None = None) -> web.Response:
    return web.json_response([{"message": message, "errorCode": code, "fields": fields or []}], status=status)


class FakeSalesforce:
    def __init__(
        self, *, version: str = "v62.0", batch_size: int = 2000, lead_statuses: list[StatusRow] = LEAD_STATUSES
    ) -> None:
        self.now = NOW
        self.version, self.batch_size = version, batch_size
        self.records: dict[str, dict[str, dict[str, Any]]] = {name: {} for name in PREFIX}
        self.deleted: set[str] = set()
        self.counter = 0
        self.tokens: set[str] = set()
        self.issued = 0
        self.refresh_token, self.client = "sf-refresh", ("sf-client", "sf-secret")
        self.fail_next: list[tuple[int, Any, dict[str, str]]] = []
        self.daily_allowance: int | None = None  # API requests in the rolling 24 hours (the org's allocation)
        self.requests: list[dict[str, Any]] = []
        self.queries: list[str] = []
        self.parsed: list[Query] = []
        self.cursors: dict[str, list[dict[str, Any]]] = {}
        self.api_user = self.add(
            "User", {"Name": "Api User", "Email": "api@example.com", "Username": "api@example.com", "IsActive": True}
        )
        self.add(
            "User",
            {"Name": "Dana Owner", "Email": "dana@example.com", "Username": "dana@example.com", "IsActive": True},
        )
        self.add("User", {"Name": "Sarah Lee", "Email": "sarah.lee@example.com", "Username": "sarah.lee@example.com",
                          "IsActive": True})  # fmt: skip
        for order, (name, converted, default) in enumerate(lead_statuses, start=1):
            self.add("LeadStatus", {"MasterLabel": name, "ApiName": name, "IsConverted": converted,
                                    "IsDefault": default, "SortOrder": order})  # fmt: skip
        for order, (name, closed, default) in enumerate(TASK_STATUSES, start=1):
            self.add("TaskStatus", {"MasterLabel": name, "ApiName": name, "IsClosed": closed,
                                    "IsDefault": default, "SortOrder": order})  # fmt: skip

    def add(self, sobject: str, fields: dict[str, Any]) -> str:
        self.counter += 1
        record_id = PREFIX[sobject] + str(self.counter).zfill(15)
        self.records[sobject][record_id] = {"Id": record_id, "CreatedDate": self.now, **fields}
        return record_id

    def expire_tokens(self) -> None:
        self.tokens.clear()

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._gate])
        data = f"/services/data/{self.version}"
        app.router.add_post("/services/oauth2/token", self.token)
        app.router.add_get(f"{data}/query", self.query)
        app.router.add_get(data + "/query/{locator}", self.more)
        app.router.add_post(data + "/sobjects/{sobject}", self.create)
        app.router.add_patch(data + "/sobjects/{sobject}/{id}", self.update)
        app.router.add_delete(data + "/sobjects/{sobject}/{id}", self.delete)
        return app

    @web.middleware
    async def _gate(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path == "/services/oauth2/token":
            response: web.StreamResponse = await handler(request)
            return response
        body = await request.json() if request.can_read_body else None
        self.requests.append(
            {"method": request.method, "path": request.path, "query": dict(request.query), "json": body}
        )
        if request.headers.get("Authorization", "").removeprefix("Bearer ") not in self.tokens:
            return failure(401, "INVALID_SESSION_ID", "Session expired or invalid")
        used = sum(1 for seen in self.requests if seen["path"].startswith("/services/data/"))
        if self.daily_allowance is not None and used > self.daily_allowance:  # REST API reference: status codes
            return failure(403, "REQUEST_LIMIT_EXCEEDED", "TotalRequests Limit exceeded.")
        if self.fail_next:
            status, payload, headers = self.fail_next.pop(0)
            return web.json_response(payload, status=status, headers=headers)
        answered: web.StreamResponse = await handler(request)
        return answered

    async def token(self, request: web.Request) -> web.Response:
        form = await request.post()
        if (form.get("client_id"), form.get("client_secret")) != self.client:
            return web.json_response(
                {"error": "invalid_client", "error_description": "invalid client credentials"}, status=400
            )
        if form.get("grant_type") != "refresh_token" or form.get("refresh_token") != self.refresh_token:
            return web.json_response(
                {"error": "invalid_grant", "error_description": "expired access/refresh token"}, status=400
            )
        self.issued += 1
        access = f"00DFAKE!access-{self.issued}"
        self.tokens.add(access)
        base = f"{request.scheme}://{request.host}"
        return web.json_response(
            {"access_token": access, "instance_url": base, "id": f"{base}/id/00DFAKE/{self.api_user}",
             "token_type": "Bearer", "issued_at": "1772460000000", "signature": "c2lnbmF0dXJl"}
        )  # fmt: skip

    async def query(self, request: web.Request) -> web.Response:
        text = request.query.get("q", "")
        self.queries.append(text)
        try:
            parsed = parse(text)
        except MalformedQueryError as problem:
            return failure(400, "MALFORMED_QUERY", f"unexpected token: {problem}")
        self.parsed.append(parsed)
        if parsed.sobject not in self.records:
            return failure(400, "INVALID_TYPE", f"sObject type '{parsed.sobject}' is not supported.")
        unknown = [f for f in (*parsed.fields, *(c.field for c in parsed.where)) if not self._known(parsed.sobject, f)]
        if unknown:
            return failure(400, "INVALID_FIELD", f"No such column '{unknown[0]}' on entity '{parsed.sobject}'.")
        liked_ids = [c.field for c in parsed.where if c.operator == "LIKE" and c.field.endswith("Id")]
        if liked_ids:  # LIKE takes string fields only; an id field is of type reference
            return failure(400, "INVALID_FIELD", f"invalid operator on id field: {liked_ids[0]}")
        unfiltered = [c.field for c in parsed.where if (parsed.sobject, c.field) in UNFILTERABLE]
        if unfiltered:
            return failure(400, "INVALID_FIELD", f"field '{unfiltered[0]}' can not be filtered in a query call")
        rows = [r for r in self.records[parsed.sobject].values() if r["Id"] not in self.deleted]
        rows = [r for r in rows if all(holds(c, self._value(parsed.sobject, r, c.field)) for c in parsed.where)]
        for field, descending in reversed(parsed.order):

            def key(row: dict[str, Any], name: str = field) -> str:
                return str(self._value(parsed.sobject, row, name) or "")

            rows.sort(key=key, reverse=descending)
        shaped = [self._shape(parsed.sobject, r, parsed.fields) for r in rows[: parsed.limit]]
        return self._batch(shaped, len(shaped))

    async def more(self, request: web.Request) -> web.Response:
        locator, _, offset = request.match_info["locator"].rpartition("-")
        rows = self.cursors.get(locator)
        if rows is None:
            return failure(400, "INVALID_QUERY_LOCATOR", "invalid query locator")
        return self._batch(rows, len(rows), start=int(offset), locator=locator)

    def _batch(self, rows: list[dict[str, Any]], total: int, start: int = 0, locator: str = "") -> web.Response:
        end = start + self.batch_size
        answer: dict[str, Any] = {"totalSize": total, "done": end >= len(rows), "records": rows[start:end]}
        if end < len(rows):
            locator = locator or f"01gFAKE{len(self.cursors) + 1:011d}"
            self.cursors[locator] = rows
            answer["nextRecordsUrl"] = f"/services/data/{self.version}/query/{locator}-{end}"
        return web.json_response(answer)

    async def create(self, request: web.Request) -> web.Response:
        sobject, body = request.match_info["sobject"], await request.json()
        problem = self._invalid(sobject, body, creating=True)
        if problem is not None:
            return problem
        missing = [f for f in REQUIRED[sobject] if body.get(f) in (None, "")]
        if missing:
            return failure(
                400, "REQUIRED_FIELD_MISSING", f"Required fields are missing: [{', '.join(missing)}]", missing
            )
        owned = ("Account", "Note", "Task", "Contact", "Lead", "Opportunity")
        defaults = {"OwnerId": self.api_user} if sobject in owned else {}
        if sobject in ("Lead", "Task"):
            statuses = self.records["LeadStatus" if sobject == "Lead" else "TaskStatus"].values()
            defaults["Status"] = next(r["ApiName"] for r in statuses if r["IsDefault"])
        if sobject == "Task":
            defaults["Priority"] = "Normal"
        record_id = self.add(sobject, {**defaults, **body})
        return web.json_response({"id": record_id, "success": True, "errors": []}, status=201)

    async def update(self, request: web.Request) -> web.Response:
        sobject, record_id, body = request.match_info["sobject"], request.match_info["id"], await request.json()
        missing = self._missing(sobject, record_id)
        if missing is not None:
            return missing
        stored = self.records[sobject][record_id]
        problem = self._invalid(sobject, {**{k: stored.get(k) for k in ("WhatId", "WhoId") if k not in body}, **body}
                                if sobject == "Task" else body, creating=False)  # fmt: skip
        emptied = [f for f in REQUIRED[sobject] if f in body and body[f] in (None, "")]
        if problem is None and emptied:
            problem = failure(
                400, "REQUIRED_FIELD_MISSING", f"Required fields are missing: [{', '.join(emptied)}]", emptied
            )
        if problem is not None:
            return problem
        self.records[sobject][record_id].update(body)
        return web.Response(status=204)

    async def delete(self, request: web.Request) -> web.Response:
        sobject, record_id = request.match_info["sobject"], request.match_info["id"]
        missing = self._missing(sobject, record_id)
        if missing is not None:
            return missing
        self.deleted.add(record_id)
        return web.Response(status=204)

    def _missing(self, sobject: str, record_id: str) -> web.Response | None:
        if record_id in self.deleted:
            return failure(404, "ENTITY_IS_DELETED", "entity is deleted")
        if record_id not in self.records.get(sobject, {}):
            return failure(404, "NOT_FOUND", "The requested resource does not exist")
        return None

    def _invalid(self, sobject: str, body: dict[str, Any], *, creating: bool) -> web.Response | None:
        if sobject not in WRITABLE:
            return failure(404, "NOT_FOUND", f"The requested resource does not exist: {sobject}")
        found = refusal(self.records, self.deleted, sobject, body, creating=creating)
        return failure(400, *found) if found is not None else None

    def _known(self, sobject: str, field: str) -> bool:
        relation = field.split(".", 1)[0]
        return (
            field in READABLE
            or field in WRITABLE.get(sobject, set())
            or field in READ_ONLY.get(sobject, set())
            or field in STATUS_FIELDS.get(sobject, set())
            or ("." in field and relation in RELATIONS and RELATIONS[relation][0] in WRITABLE.get(sobject, {"OwnerId"}))
        )

    def _value(self, sobject: str, record: dict[str, Any], field: str) -> Any:
        if "." in field:
            relation, inner = field.split(".", 1)
            key, target = RELATIONS[relation]
            linked = self.records[target].get(record.get(key) or "")
            return self._value(target, linked, inner) if linked and linked["Id"] not in self.deleted else None
        if field == "Name" and sobject in ("Contact", "Lead"):
            return " ".join(p for p in (record.get("FirstName"), record.get("LastName")) if p) or None
        if field == "IsClosed" and sobject == "Task":
            statuses = self.records["TaskStatus"].values()
            return next(r["IsClosed"] for r in statuses if r["ApiName"] == record.get("Status"))
        if field == "CompletedDateTime" and sobject == "Task":  # set when closed (here: when it was created)
            return record.get("CreatedDate") if self._value("Task", record, "IsClosed") else None
        return record.get(field)

    def _shape(self, sobject: str, record: dict[str, Any], fields: tuple[str, ...]) -> dict[str, Any]:
        url = f"/services/data/{self.version}/sobjects/{sobject}/{record['Id']}"
        shaped: dict[str, Any] = {"attributes": {"type": sobject, "url": url}}
        for field in fields:
            if "." not in field:
                shaped[field] = self._value(sobject, record, field)
                continue
            relation, inner = field.split(".", 1)
            key, target = RELATIONS[relation]
            linked_id = record.get(key)
            if not linked_id or linked_id in self.deleted:
                shaped[relation] = None
                continue
            nested = shaped.get(relation) or {
                "attributes": {"type": target, "url": f"/services/data/{self.version}/sobjects/{target}/{linked_id}"}
            }
            nested[inner] = self._value(target, self.records[target][linked_id], inner)
            shaped[relation] = nested
        return shaped


@asynccontextmanager
async def running(fake: FakeSalesforce) -> AsyncIterator[str]:
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
