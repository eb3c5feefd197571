"""Someone else's wish told beside a request that acts on it: "john park asked to push the globex pricing review a
week. can you move it to next wednesday, same time?" The first clause is news (what john asked, and which event);
the request is the second. Without this both were planned, the first asking for a time it never said.
"""

from planning.understanding.commands.pointing import points_back
from planning.understanding.cues import Words, cues


def reported_wish(text: str) -> bool:
    """Whether ``text`` tells an action as someone else's wish: a word of data/cues/reported_wish_leads.txt, not
    after "i" / "we" (own_wish_subjects.txt), with words after it."""
    words = Words.of(text)
    for lead in cues("reported_wish_leads").find_all(words):
        own = lead.start > 0 and words.words[lead.start - 1] in cues("own_wish_subjects")
        if not own and lead.start > 0 and lead.end < len(words):
            return True
    return False


def acted_on_after(request: str) -> bool:
    """Whether a request after news points back at what it told ("can you move it …", "do that for friday")."""
    return points_back(request)
