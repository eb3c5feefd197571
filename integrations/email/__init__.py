"""Email connectors: SMTP/IMAP (``integrations.email.imap``) and the Gmail API (``integrations.email.gmail``).

Each package exposes ``async def connect(session) -> Connector`` configured from its own settings (environment
variables); ``bot.connectors`` picks one by ``PLANBOT_EMAIL``. Both run ``fetch_emails``, ``send_email``,
``reply_email`` and ``forward_email`` with the local workspace's semantics (``integrations/local/mailbox.py`` and
``mail_compose.py``); ``README.md`` here says what each service supports and what it does not.

Shared by both:

- ``compose``: outgoing RFC 5322 messages, the reply and reply-to-all rules, threads;
- ``forwarding``: a forward's subject and text;
- ``files``: which MIME parts are attachments and their numbers (as IMAP numbers parts), files to attach;
- ``references``: ``email:<message id>/<part>`` file references, and the refusal of ``slack:`` ones;
- ``headers``: every header value written goes through it (no line break or other control character);
- ``summary``: a message → the ``fetch_emails`` result; ``html_text``: HTML mail as text (inscriptis);
- ``search_words``: a query's words; ``settings``: the time zone, reading settings without echoing secrets.

Nothing here logs a token, a password, a subject, an address list, a file name or a message body.
"""
