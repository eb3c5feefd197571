"""A record named in an answer to "which record is it about?": its kind when the words say it ("the globex deal",
"acme's account", "the lead ravi menon") and the words that name it."""

from planning.understanding.commands._words import Reply, phrases


def record_named(text: str) -> tuple[str | None, str]:
    """ "the globex deal" → ("Deal", "globex"); "Acme's account" → ("Account", "Acme"); "globex" → (None, "globex")."""
    reply = Reply.of(text)
    words = reply.words
    start, end = 0, len(words)
    while start < end and phrases("determiners").value((words[start],)) is not None:
        start += 1
    kind = None
    tail = phrases("record_kinds").ending(words[start:end])
    if tail is not None and end - tail[0] > start:
        kind, end = tail[1], end - tail[0]
    else:
        head = phrases("record_kinds").at(words, start)
        if head is not None and start + head[0] < end:
            kind, start = head[1], start + head[0]
    named = reply.rest(start, end)
    for mark in ("'s", "’s"):
        named = named.removesuffix(mark)
    return kind, (named.strip() or text.strip())
