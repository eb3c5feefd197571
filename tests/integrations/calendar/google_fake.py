"""A local Google Calendar API v3 server (aiohttp) speaking the documented paths, parameters and JSON shapes.

Routes come from the discovery document (``google_discovery.USED``); every request is checked against it and
what does not fit is collected in ``problems``. Bearer tokens are issued by ``POST /token`` (a refresh-token
grant); ``scripted`` answers (status, body, headers) replace the next API answers, to test failures.
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time
from typing import Any
from zoneinfo import ZoneInfo

from aiohttp import web

from tests.integrations.calendar.google_discovery import USED, methods, violations

REFRESH_TOKEN = "refresh-1"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
NEW_YORK = ZoneInfo("America/New_York")


@dataclass
class Seen:
    method: str
    verb: str
    path: str
    query: dict[str, str]
    body: Any


@dataclass
class FakeGoogleCalendar:
    zone: ZoneInfo = NEW_YORK
    events: dict[str, dict[str, Any]] = field(default_factory=dict)
    others: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # visible calendars: busy periods
    seen: list[Seen] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    scripted: list[tuple[int, Any, dict[str, str]]] = field(default_factory=list)
    tokens: set[str] = field(default_factory=set)
    issued: int = 0

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._check])
        app.router.add_post("/token", self.token)
        handlers = {
            "calendar.events.list": self.list_events,
            "calendar.events.insert": self.insert,
            "calendar.events.get": self.get,
            "calendar.events.patch": self.patch,
            "calendar.events.delete": self.delete,
            "calendar.freebusy.query": self.freebusy,
        }
        assert set(handlers) == set(USED)
        for method_id, handler in handlers.items():
            method = methods()[method_id]
            app.router.add_route(method.verb, method.path, handler, name=method_id.replace(".", "-"))
        return app

    def api_calls(self, method_id: str) -> list[Seen]:
        return [seen for seen in self.seen if seen.method == method_id]

    @web.middleware
    async def _check(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path == "/token":
            return await handler(request)
        route_name = request.match_info.route.name
        if route_name is None:
            self.problems.append(f"{request.method} {request.path} is not a documented method")
            return _error(404, "Not Found")
        method = methods()[route_name.replace("-", ".")]
        body = await request.json() if request.can_read_body else None
        self.seen.append(Seen(method.id, request.method, request.path, dict(request.query), body))
        self.problems.extend(violations(method, request.query, body))
        if request.headers.get("Authorization", "").removeprefix("Bearer ") not in self.tokens:
            return _error(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED")
        if self.scripted:
            status, answer, headers = self.scripted.pop(0)
            return web.json_response(answer, status=status, headers=headers)
        return await handler(request)

    async def token(self, request: web.Request) -> web.Response:
        form = await request.post()
        if form.get("grant_type") != "refresh_token" or form.get("refresh_token") != REFRESH_TOKEN:
            return web.json_response({"error": "invalid_grant", "error_description": "Bad Request"}, status=400)
        self.issued += 1
        self.tokens.add(f"access-{self.issued}")
        return web.json_response({"access_token": f"access-{self.issued}", "expires_in": 3599, "token_type": "Bearer"})

    async def list_events(self, request: web.Request) -> web.Response:
        query = request.query
        if query.get("orderBy") == "startTime" and query.get("singleEvents") != "true":
            return _error(400, "The requested ordering is not available for the particular query.")
        try:
            low = _parse_instant(query["timeMin"]) if "timeMin" in query else None
            high = _parse_instant(query["timeMax"]) if "timeMax" in query else None
        except ValueError:
            return _error(400, "Bad Request")
        size = min(int(query.get("maxResults", "250")), 2500)
        terms = query.get("q", "").casefold().split()
        zone = ZoneInfo(query.get("timeZone", self.zone.key))
        chosen = [
            event
            for event in self.events.values()
            if event["status"] != "cancelled"
            and (low is None or self._instant(event["end"]) > low)
            and (high is None or self._instant(event["start"]) < high)
            and all(term in _searchable(event) for term in terms)
        ]
        chosen.sort(key=lambda event: (self._instant(event["start"]), event["id"]))
        offset = int(query.get("pageToken", "0"))
        page = chosen[offset : offset + size]
        body: dict[str, Any] = {"kind": "calendar#events", "timeZone": zone.key, "items": [_in(e, zone) for e in page]}
        if offset + size < len(chosen):
            body["nextPageToken"] = str(offset + size)
        return web.json_response(body)

    async def insert(self, request: web.Request) -> web.Response:
        body = await request.json()
        if "dateTime" not in body.get("end", {}) and "date" not in body.get("end", {}):
            return _error(400, "Missing end time.")
        event_id = f"ev{len(self.events) + 1:05d}"
        now = datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        self.events[event_id] = {
            "kind": "calendar#event",
            "id": event_id,
            "status": "confirmed",
            "htmlLink": f"https://www.google.com/calendar/event?eid={event_id}",
            "created": now,
            "updated": now,
            "iCalUID": f"{event_id}@google.com",
            "sequence": 0,
            "organizer": {"email": "me@example.com", "self": True},
            "creator": {"email": "me@example.com", "self": True},
            **body,
            "attendees": _replied(body.get("attendees")),
        }
        return web.json_response(self.events[event_id])

    async def get(self, request: web.Request) -> web.Response:
        event = self.events.get(request.match_info["eventId"])
        return web.json_response(_in(event, self.zone)) if event else _error(404, "Not Found")

    async def patch(self, request: web.Request) -> web.Response:
        event = self.events.get(request.match_info["eventId"])
        if event is None:
            return _error(404, "Not Found")
        body = await request.json()
        event.update(body)
        if "attendees" in body:
            event["attendees"] = _replied(body["attendees"])
        event["sequence"] += 1
        return web.json_response(event)

    async def delete(self, request: web.Request) -> web.Response:
        event = self.events.get(request.match_info["eventId"])
        if event is None:
            return _error(404, "Not Found")
        if event["status"] == "cancelled":
            return _error(410, "Resource has been deleted")
        event["status"] = "cancelled"
        return web.Response(status=204)

    async def freebusy(self, request: web.Request) -> web.Response:
        body = await request.json()
        low, high = _parse_instant(body["timeMin"]), _parse_instant(body["timeMax"])
        calendars: dict[str, Any] = {}
        for item in body.get("items", []):
            if item["id"] in ("primary", "me@example.com"):
                periods = [
                    (self._instant(e["start"]), self._instant(e["end"]))
                    for e in self.events.values()
                    if e["status"] != "cancelled" and e.get("transparency") != "transparent"
                ]
            elif item["id"] in self.others:
                periods = [(_parse_instant(s), _parse_instant(e)) for s, e in self.others[item["id"]]]
            else:
                calendars[item["id"]] = {"errors": [{"domain": "global", "reason": "notFound"}], "busy": []}
                continue
            calendars[item["id"]] = {
                "busy": [
                    {"start": _rfc3339(max(s, low)), "end": _rfc3339(min(e, high))}
                    for s, e in sorted(periods)
                    if e > low and s < high
                ]
            }
        answer = {"kind": "calendar#freeBusy", "timeMin": body["timeMin"], "timeMax": body["timeMax"]}
        return web.json_response({**answer, "calendars": calendars})

    def _instant(self, value: dict[str, str]) -> datetime:
        if "dateTime" in value:
            return _parse_instant(value["dateTime"])
        return datetime.combine(date.fromisoformat(value["date"]), time(), tzinfo=self.zone).astimezone(UTC)


def _in(event: dict[str, Any], zone: ZoneInfo) -> dict[str, Any]:
    """The event with its times shown in ``zone`` (what ``timeZone=`` asks of Google)."""
    shown = dict(event)
    for key in ("start", "end"):
        if "dateTime" in event[key]:
            moment = _parse_instant(event[key]["dateTime"]).astimezone(zone)
            shown[key] = {**event[key], "dateTime": moment.isoformat(timespec="seconds")}
    return shown


def _replied(attendees: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    return [{"responseStatus": "needsAction", **attendee} for attendee in attendees or []]


def _searchable(event: dict[str, Any]) -> str:
    people = [f"{a.get('email', '')} {a.get('displayName', '')}" for a in event.get("attendees") or []]
    return " ".join(
        [event.get("summary", ""), event.get("description", ""), event.get("location", ""), *people]
    ).casefold()


def _parse_instant(text: str) -> datetime:
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        raise ValueError("RFC 3339 needs an offset")
    return moment.astimezone(UTC)


def _rfc3339(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def _error(status: int, message: str, code: str = "INVALID_ARGUMENT") -> web.Response:
    reason = {400: "badRequest", 401: "authError", 404: "notFound", 410: "deleted"}.get(status, "error")
    error = {"code": status, "message": message, "errors": [{"domain": "global", "reason": reason, "message": message}]}
    return web.json_response({"error": {**error, "status": code}}, status=status)
