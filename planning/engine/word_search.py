"""A record looked for by a name of several words that no record holds as said ("globex quote"): looked for again by
each word in turn, the longest first, keeping the records whose name holds every word, in any order and among other
words ("Prepare the 250-seat quote for Globex"). The first recovery tried (``machine``), before the broader ones; not
for people, whose names have their own (the first name only)."""

from collections.abc import Awaitable, Callable
from typing import Any

from planning.types import Step
from planning.understanding.record_words import holds_words, search_words

STRATEGY = "a search by each word of the name, in any order,"
_TRIES = 3  # searches at most, one per word
_PEOPLE = ("Contact", "Lead")

Search = Callable[[dict[str, Any]], Awaitable[Any]]


async def found_by_words(step: Step, arguments: dict[str, Any], search: Search) -> tuple[dict[str, Any], list[Any]]:
    """The arguments that find the records whose name holds every word of the one text filter, and those records;
    ``({}, [])`` when the lookup is not of that kind or nothing holds them all. One record found: the arguments
    name it by its whole name, so that reading it again finds it alone."""
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
