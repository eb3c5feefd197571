"""Finding the calendar collection from ``PLANBOT_CALDAV_URL`` (RFC 4791 §6.2, RFC 5397).

The URL may be the calendar itself (used as it is), a principal or calendar home, or the server's root:
PROPFIND finds ``current-user-principal`` → ``calendar-home-set`` → the calendars there that hold events; the
one whose display name or last path segment is ``PLANBOT_CALDAV_CALENDAR`` (any case), else the first by URL.
"""

from urllib.parse import unquote, urljoin

from integrations.base.errors import NotFoundError, PermanentError
from integrations.calendar.caldav.dav import SERVICE, DavClient
from integrations.calendar.caldav.davxml import CALDAV, DAV, DavResource, parse_multistatus, propfind

_ABOUT = propfind("D:resourcetype", "D:current-user-principal", "C:calendar-home-set")
_ADDRESSES = propfind("D:current-user-principal", "C:calendar-user-address-set")
_CALENDARS = propfind("D:resourcetype", "D:displayname", "C:supported-calendar-component-set")


async def find_calendar(dav: DavClient, url: str, name: str | None) -> str:
    """The calendar collection's URL, ending in ``/``."""
    url = _folder(url)
    about = await _one(dav, url, _ABOUT)
    if about.is_calendar:
        return url
    home, calendars = await _calendars_at(dav, url, about)
    chosen = _named(calendars, name) if name else (calendars[0] if calendars else None)
    if chosen is None:
        wanted = f" named {name!r}" if name else ""
        raise PermanentError(f"no CalDAV calendar{wanted} found under the configured URL", service=SERVICE)
    return _folder(urljoin(home, chosen.href))


async def all_calendars(dav: DavClient, url: str, chosen: str) -> list[tuple[str, str]]:
    """(v3) Every event calendar of the account's calendar home, as (URL ending in ``/``, display name); the
    calendar ``chosen`` (the configured one) comes first, also when the URL named it directly."""
    about = await _one(dav, _folder(url), _ABOUT)
    found: list[tuple[str, str]] = []
    if not about.is_calendar:
        home, calendars = await _calendars_at(dav, _folder(url), about)
        found = [(_folder(urljoin(home, c.href)), _display(c)) for c in calendars]
    else:  # the URL is the calendar: its siblings are the other calendars of the same home
        parent = _folder(url).rstrip("/").rsplit("/", 1)[0] + "/"
        answer = await dav.send("PROPFIND", parent, body=_CALENDARS, depth="1")
        listed = [r for r in parse_multistatus(answer.text) if r.is_calendar and r.holds_events]
        found = [(_folder(urljoin(parent, c.href)), _display(c)) for c in sorted(listed, key=lambda r: r.href)]
    first = [item for item in found if item[0].rstrip("/") == chosen.rstrip("/")]
    return first + [item for item in found if item[0].rstrip("/") != chosen.rstrip("/")]


def _display(calendar: DavResource) -> str:
    return (calendar.text(DAV, "displayname") or "").strip() or unquote(calendar.href.rstrip("/").rsplit("/", 1)[-1])


async def _calendars_at(dav: DavClient, url: str, about: DavResource) -> tuple[str, list[DavResource]]:
    """The calendar home and its event calendars (by URL)."""
    homes = about.hrefs(CALDAV, "calendar-home-set")
    if not homes:
        principals = about.hrefs(DAV, "current-user-principal")
        if principals:
            principal = await _one(dav, urljoin(url, principals[0]), _ABOUT)
            homes = principal.hrefs(CALDAV, "calendar-home-set")
    home = _folder(urljoin(url, homes[0])) if homes else url
    answer = await dav.send("PROPFIND", home, body=_CALENDARS, depth="1")
    calendars = sorted(
        (r for r in parse_multistatus(answer.text) if r.is_calendar and r.holds_events), key=lambda r: r.href
    )
    return home, calendars


async def user_addresses(dav: DavClient, url: str) -> list[str]:
    """The account's own addresses: the ``mailto:`` entries of its principal's ``calendar-user-address-set``
    (RFC 6638 §2.4.1; a server without scheduling may list none, or only URLs)."""
    about = await _one(dav, _folder(url), _ADDRESSES)
    found = about.hrefs(CALDAV, "calendar-user-address-set")
    principals = about.hrefs(DAV, "current-user-principal")
    if not found and principals:
        found = (await _one(dav, _folder(urljoin(url, principals[0])), _ADDRESSES)).hrefs(
            CALDAV, "calendar-user-address-set"
        )
    return [unquote(href[len("mailto:") :]) for href in found if href.lower().startswith("mailto:") and "@" in href]


def _named(calendars: list[DavResource], name: str) -> DavResource | None:
    wanted = name.strip().casefold()
    for calendar in calendars:
        segment = unquote(calendar.href.rstrip("/").rsplit("/", 1)[-1])
        if wanted in ((calendar.text(DAV, "displayname") or "").strip().casefold(), segment.casefold()):
            return calendar
    return None


async def _one(dav: DavClient, url: str, body: str) -> DavResource:
    try:
        answer = await dav.send("PROPFIND", url, body=body, depth="0")
    except NotFoundError as error:
        raise PermanentError("the configured CalDAV URL does not exist", service=SERVICE) from error
    found = parse_multistatus(answer.text)
    if not found:
        raise PermanentError("the CalDAV server gave no answer about the configured URL", service=SERVICE)
    return found[0]


def _folder(url: str) -> str:
    return url if url.endswith("/") else f"{url}/"
