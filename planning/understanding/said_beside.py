"""Context said beside a request: a clause that states something ("priya's got board prep all thursday afternoon",
"we're folding the wednesday sync into the standup", "samir @ initech went dark") rather than asking for it. Beside a
clause that asks with an action of its own, such a clause says why or what about, and picks neither the goal nor
its values (parser.py); what it names may still be what a pronoun of the request points at ("add him as a lead")."""

from planning.understanding.cues import Words, cues
from planning.understanding.lexicon import evidence_in
from planning.understanding.names import people
from planning.understanding.verbforms import past_base
from planning.understanding.word_lists import words as word_list


def states(text: str) -> bool:
    """Whether ``text`` has a verb of a statement: a word of data/cues/stating_verbs.txt ("is", "we're", "wants") or a
    past form ("went", "signed"), not a person's name, and is no question ("did john ever get back to me?": a word of
    data/question_openers.txt first, or a question mark last). The caller has found no action in it."""
    words = Words.of(text).words
    if not words or words[-1] == "?" or words[0] in word_list("question_openers"):
        return False
    if any(cue.kind == "entity" and cue.concept == "availability" for cue in evidence_in(text)):
        return False  # "find 45 mins with sarah when we're both free": when to book, no news
    named = {word for person in people(text) for word in Words.of(person.text).words}
    return any(word not in named and (word in cues("stating_verbs") or past_base(word) is not None) for word in words)
