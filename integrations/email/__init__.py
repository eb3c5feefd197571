"""Email connectors: SMTP/IMAP (``integrations.email.imap``) and the Gmail API (``integrations.email.gmail``).

Each package exposes ``async def connect(session) -> Connector`` configured from its own settings (environment
variables); ``bot.connectors`` picks one by ``PLANBOT_EMAIL``. Both run ``fetch_emails``, ``send_email`` and
``reply_email`` with the local workspace's semantics (``integrations/local/mailbox.py``):

- ``fetch_emails`` searches the inbox and the sent mail, newest first; ``since`` inclusive, ``until`` exclusive;
  results are ``{id, from, to, subject, date, snippet, unread}`` with ``from`` as ``Name <address>``, ``to`` the
  list of To addresses and ``date`` ISO 8601 in the configured time zone;
- ``send_email`` returns ``{id}``, an id that ``fetch_emails`` shows and ``reply_email`` accepts;
- ``reply_email`` answers in the original's thread (``In-Reply-To``/``References``), to its sender (or, replying
  to one's own message, to its recipients), with the subject prefixed by ``Re:`` once.

Shared by both: ``compose`` (building outgoing RFC 5322 messages, reply rules), ``headers`` (every header value
written goes through it: no line break or other control character, whatever its source), ``settings`` (the time zone,
reading settings without echoing secrets) and ``summary`` (a message's headers → the tool's result). Nothing here
logs a token, a password, a subject or a message body.
"""
