"""One more of the things the last plan listed, said without their kind ("add one: peter wants 2 more weeks of
pilot", "log another - samir is out until the 20th", "make a new one for friday"): where those words are, so the
request can be said again with the kind (and what the listed things were about) in their place. Grounded in what was
listed by the caller; here only the words (data/kind_again_verbs.txt, data/kind_again.txt, data/kind_again_links.txt).
"""

from planning.understanding.commands._words import Reply, phrases


def kind_again(text: str) -> tuple[int, int] | None:
    """Where in ``text`` the words for one more thing stand (characters: start, end), after a verb that makes one at
    the start of the request; None when it says no such thing."""
    reply = Reply.of(text)
    words = reply.words
    start = reply.after("leads", "polite")
    verb = phrases("kind_again_verbs").at(words, start) if start < len(words) else None
    if verb is None:
        return None
    at = start + verb[0]
    said = phrases("kind_again").at(words, at) if at < len(words) else None
    if said is None:
        return None
    end = at + said[0]
    if end < len(words) and phrases("kind_again_links").at(words, end) is None:
        return None  # "add one more person": not one more of them
    return reply.toks[at].start, reply.toks[end - 1].end
