"""Words the user adds to the text of an email shown at its card, rather than a new text: "add that i can walk him
through it on monday", "also mention the room changed", "add a line on top: can you loop in finance", "tack on at
the end - thanks again". The words are said to the recipient ("him" → "you", :func:`reported.addressed`), and go
after the text there, or above it when a place on top is said (data/added_text_places.txt).

The shape is structural: an adding verb (data/added_text_leads.txt), optionally the thing added ("a line",
added_text_things.txt) and its place, then a link ("that", ":", added_text_links.txt) — or, after a saying verb
("also say"), the words at once."""

from planning.understanding import reported  # a module: reported imports word lists that import this package
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.decide import Decide
from planning.understanding.verbforms import AUXILIARIES

_MAIL_STEPS = ("send_email", "create_draft", "reply_email", "forward_email")
_LEAST_WORDS = 2  # "add that" alone, "also say hi": too little to be words of a message
_ASKED = frozenset({"you", "u"})  # "can you …", "could u …": the words added ask the recipient something


def added_text(reply: Reply, doing: str | None) -> Decide | None:
    """The words a reply at a mail's card adds to its text, as an edit that adds them; None when it adds none."""
    if doing not in _MAIL_STEPS:
        return None
    words = reply.words
    starts = (0, reply.after("polite"), reply.after("leads", "polite"))  # "also say …" after "also" or with it
    found = [(start, lead) for start in starts if (lead := phrases("added_text_leads").at(words, start)) is not None]
    if not found:
        return None
    start, lead = found[0]
    index = start + lead[0]
    thing = phrases("added_text_things").at(words, index)
    index += thing[0] if thing is not None else 0
    place = phrases("added_text_places").at(words, index)
    index += place[0] if place is not None else 0
    while index < len(words) and words[index] == ",":
        index += 1
    link = phrases("added_text_links").at(words, index)
    if link is None and lead[1] != "said":
        return None  # "add tom", "include the deck": people or files, not words
    index += link[0] if link is not None else 0
    if len(words) - index < _LEAST_WORDS:
        return None
    said = _as_asked(reported.addressed(reply.rest(index).strip("\"“”'"), several=False))
    return Decide("edit", field="body", value=said, adding=True, before=place is not None and place[1] == "top")


def _as_asked(said: str) -> str:
    """ "Can you pencil it in" → "Can you pencil it in?": words that ask the recipient end as a question."""
    first = said.split()[:2]
    asked = len(first) == 2 and first[0].lower() in AUXILIARIES and first[1].lower() in _ASKED
    return f"{said.rstrip('.')}?" if asked and not said.endswith("?") else said
