"""Calendar connectors: CalDAV (``integrations.calendar.caldav``) and Google Calendar (``...google``).

Each package exposes ``async def connect(session) -> Connector`` and reads its own settings
(``PLANBOT_CALDAV_*``, ``PLANBOT_GCAL_*``). What they share lives here and imports neither service:

- ``workweek``  the owner's time zone and working hours (settings types, parsed once);
- ``events``    the contract's event shape, the search range, query / attendee matching, start order;
- ``slots``     free slots = window ∩ working hours − busy time, as consecutive slots of the duration;
- ``changes``   what an update does to times (shifts, all-day ↔ timed) and attendees (add / remove);
- ``rules``     recurrence rules: which are taken, a series' first occurrence, a rule following its series.

The semantics are those of the local workspace (``integrations/local/calendar.py`` and ``freebusy.py``),
which the connector contract suite checks for every calendar connector.
"""
