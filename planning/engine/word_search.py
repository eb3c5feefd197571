"""A record looked for by a name of several words that no record holds as said ("globex quote"): looked for again by
each word in turn, the longest first, keeping the records whose name holds every word, in any order and among other
words ("Prepare the 250-seat quote for Globex"). The first recovery tried (``machine``), before the broader ones; not
for people, whose names have their own (the first name only). A file looked for in mail ("the signed acme msa john
sent") the same way: the mails with files from its sender whose subject, text or file names hold every word
("Acme_MSA_signed.pdf")."""

from collections.abc import Awaitable, Callable
from typing import Any

from planning.types import Step
from planning.understanding.record_words import holds_words, search_words, stem

STRATEGY = "a search by each word, in any order,"
WORD_FORMS = "a search by each word in any of its forms"
_TRIES = 3  # searches at most, one per word
_PEOPLE = ("Contact", "Lead")

Search = Callable[[dict[str, Any]], Awaitable[Any]]


async def found_by_words(step: Step, arguments: dict[str, Any], search: Search) -> tuple[dict[str, Any], list[Any]]:
    """The arguments that find the records whose name holds every word of the one text filter, and those records;
    ``({}, [])`` when the lookup is not of that kind or nothing holds them all. One record found: the arguments
    name it by its whole name, so that reading it again finds it alone."""
    if step.tool == "fetch_emails" and arguments.get("hasAttachment"):
        return await _file_by_words(arguments, search)
    if step.tool == "fetch_emails":
        return await _mail_by_stems(arguments, search)
    filters = arguments.get("filters")
    if step.tool != "fetch_entity" or not isinstance(filters, dict) or len(filters) != 1:
        return {}, []
    if arguments.get("entityType") in _PEOPLE:  # a person's name: the broader search by the first name
        return {}, []
    [(field, said)] = filters.items()
    words = search_words(said) if isinstance(said, str) else []
    if len(words) < 2:
        return {}, []
    for word in sorted(words, key=len, reverse=True)[:_TRIES]:
        tried = {**arguments, "filters": {field: word}}
        data = await search(tried)
        kept = [r for r in data if isinstance(r, dict) and holds_words(str(r.get(field) or ""), words)]
        if len(kept) == 1 and isinstance(kept[0].get(field), str):
            return {**arguments, "filters": {field: kept[0][field]}}, kept
        if kept:
            return tried, kept
    return {}, []


async def _file_by_words(arguments: dict[str, Any], search: Search) -> tuple[dict[str, Any], list[Any]]:
    """The mails with files, of the sender and dates asked, whose subject, snippet, text and file names hold every
    word of the query; one found: the arguments that find it by its subject."""
    query = arguments.get("query")
    words = search_words(query) if isinstance(query, str) else []
    if len(words) < 2:
        return {}, []
    wider, kept = await _mails_holding(arguments, words, search)
    limit = arguments.get("limit")
    if len(kept) == 1 and isinstance(kept[0].get("subject"), str):
        return {**wider, "subject": kept[0]["subject"], **({"limit": limit} if limit else {})}, kept
    return (wider, kept) if kept else ({}, [])


async def _mails_holding(
    arguments: dict[str, Any], words: list[str], search: Search
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The arguments without the query, and the mails they find that hold every one of ``words`` (at most the limit
    asked)."""
    wider = {k: v for k, v in arguments.items() if k not in ("query", "limit")}
    data = await search(wider)
    found = data if isinstance(data, list) else []
    kept = [m for m in found if isinstance(m, dict) and holds_words(_said_in(m), words)]
    limit = arguments.get("limit")
    return wider, kept[:limit] if isinstance(limit, int) and limit > 0 else kept


def _said_in(mail: dict[str, Any]) -> str:
    files = mail.get("attachments")
    names = [str(f.get("name") or "") for f in files if isinstance(f, dict)] if isinstance(files, list) else []
    return " ".join(str(mail.get(k) or "") for k in ("subject", "snippet", "body")) + " " + " ".join(names)


async def _mail_by_stems(arguments: dict[str, Any], search: Search) -> tuple[dict[str, Any], list[Any]]:
    """The mails, of the sender and dates asked, whose subject and text hold the stem of every word of the query in
    any form ("about rehearsing for the summit" finds "Re: Partner summit … shall we rehearse it"): a question about
    mail is rarely worded as the mail is. Needs a sender or dates, or two words or more that every mail kept holds
    ("the signed acme msa": "Contract: Acme master services agreement (signed)"): never one loose word over every
    mail."""
    query = arguments.get("query")
    words = [stem(word) for word in search_words(query)] if isinstance(query, str) else []
    narrowed = any(arguments.get(key) for key in ("sender", "to", "since", "until"))
    if not words or (len(words) < 2 and not narrowed):
        return {}, []
    wider, kept = await _mails_holding(arguments, words, search)
    return (wider, kept) if kept else ({}, [])
