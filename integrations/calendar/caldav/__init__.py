"""CalDAV calendar connector (Radicale, Nextcloud, Fastmail, iCloud, ...): WebDAV over planbot's aiohttp session
and iCalendar through ``icalendar``. Configure it with ``PLANBOT_CALENDAR=caldav`` and ``PLANBOT_CALDAV_*``
(``integrations/calendar/README.md``)."""

import aiohttp

from integrations.base import Connector
from integrations.calendar.caldav.connector import CalDavCalendar
from integrations.calendar.caldav.settings import CalDavSettings

__all__ = ["CalDavCalendar", "CalDavSettings", "connect"]


async def connect(session: aiohttp.ClientSession) -> Connector:
    """The connector configured from the environment; the calendar itself is found on first use."""
    return CalDavCalendar.from_settings(session, CalDavSettings())
