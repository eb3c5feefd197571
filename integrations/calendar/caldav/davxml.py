"""The WebDAV/CalDAV XML planbot speaks: request bodies (PROPFIND, calendar-query, free-busy-query) and
multistatus answers (RFC 4918 §13, RFC 4791 §7.8–7.10)."""

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime

from integrations.base.errors import PermanentError
from integrations.calendar.caldav.dav import SERVICE

DAV = "DAV:"
CALDAV = "urn:ietf:params:xml:ns:caldav"
_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n'
_NAMESPACES = f'xmlns:D="{DAV}" xmlns:C="{CALDAV}"'


def clark(namespace: str, name: str) -> str:
    return f"{{{namespace}}}{name}"


@dataclass(frozen=True, slots=True)
class DavResource:
    """One ``<response>``: its href and the properties found (only those of a 2xx ``<propstat>``)."""

    href: str
    props: Mapping[str, ET.Element] = field(default_factory=dict)

    def text(self, namespace: str, name: str) -> str | None:
        element = self.props.get(clark(namespace, name))
        return element.text if element is not None else None

    def hrefs(self, namespace: str, name: str) -> list[str]:
        element = self.props.get(clark(namespace, name))
        if element is None:
            return []
        return [(href.text or "").strip() for href in element.iter(clark(DAV, "href")) if href.text]

    @property
    def is_calendar(self) -> bool:
        kinds = self.props.get(clark(DAV, "resourcetype"))
        return kinds is not None and kinds.find(clark(CALDAV, "calendar")) is not None

    @property
    def holds_events(self) -> bool:
        """A calendar without a component set holds every component (RFC 4791 §5.2.3)."""
        components = self.props.get(clark(CALDAV, "supported-calendar-component-set"))
        if components is None or len(components) == 0:
            return True
        return any(comp.get("name", "").upper() == "VEVENT" for comp in components)


def parse_multistatus(text: str) -> list[DavResource]:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        raise PermanentError("the CalDAV server answered with XML we cannot read", service=SERVICE) from error
    found: list[DavResource] = []
    for response in root.iter(clark(DAV, "response")):
        href = (response.findtext(clark(DAV, "href")) or "").strip()
        props: dict[str, ET.Element] = {}
        for propstat in response.iter(clark(DAV, "propstat")):
            status = propstat.findtext(clark(DAV, "status")) or ""
            prop = propstat.find(clark(DAV, "prop"))
            if prop is not None and " 2" in status:
                props.update((child.tag, child) for child in prop)
        found.append(DavResource(href=href, props=props))
    return found


def propfind(*names: str) -> str:
    """A PROPFIND body asking for ``names`` (``"D:displayname"``, ``"C:calendar-home-set"``...)."""
    asked = "".join(f"<{name}/>" for name in names)
    return f"{_HEAD}<D:propfind {_NAMESPACES}><D:prop>{asked}</D:prop></D:propfind>"


def calendar_query(start: datetime, end: datetime) -> str:
    """The calendar objects with an event overlapping ``[start, end)``; a recurring event comes as its series."""
    span = f'start="{_utc(start)}" end="{_utc(end)}"'
    return (
        f"{_HEAD}<C:calendar-query {_NAMESPACES}>"
        "<D:prop><D:getetag/><C:calendar-data/></D:prop>"
        '<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">'
        f"<C:time-range {span}/>"
        "</C:comp-filter></C:comp-filter></C:filter></C:calendar-query>"
    )


def free_busy_query(start: datetime, end: datetime) -> str:
    span = f'start="{_utc(start)}" end="{_utc(end)}"'
    return f"{_HEAD}<C:free-busy-query {_NAMESPACES}><C:time-range {span}/></C:free-busy-query>"


def _utc(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
