"""The words of a ``fetch_emails`` query (contract §2.6): each must occur, in any order and any case, as in the
local workspace (``integrations/local/search_words.py``); both connectors send one search term per word."""

_SURROUNDING = "\"'“”‘’,;:()"


def query_words(query: str | None) -> list[str]:
    """``'"Acme call"'`` → ``["Acme", "call"]``: quotes and punctuation around a word are not part of it."""
    return [word for word in (part.strip(_SURROUNDING) for part in (query or "").split()) if word]
