"""Another answer to an invitation said at the card that shows one ("actually make it tentative instead", "accept it
then", "no, maybe"): the answer sent changes. The answers and their words are the understanding's
(``data/cues/invitation_responses.txt``)."""

from planning.understanding.commands._corrections import past_leads
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.correct import Correct
from planning.understanding.existing import invitation_response

ANSWERS = ("accepted", "declined", "tentative")
_NEAR_START = 3  # an answer said within the first words after the leads ("tentative then", "accept it instead")


def answer_changed(reply: Reply, doing: str | None) -> Correct | None:
    """The answer ``reply`` gives instead of ``doing`` (the answer the card shows), as a correction of the step's
    ``response``; None when it says none, the same one ("yes, decline it"), or says it in passing."""
    if doing not in ANSWERS:
        return None
    said = invitation_response(reply.text)
    if said is None or said == doing:
        return None
    words, start = reply.words, past_leads(reply)
    changing = start > 0 or phrases("change_verbs").at(words, start) is not None
    instead = any(phrases("instead").value((word,)) is not None for word in words)
    early = invitation_response(" ".join(words[start : start + _NEAR_START])) is not None
    return Correct(said, field="response") if changing or instead or early else None
