"""Words of a new request that point back at the last plan: "it", "that meeting", "with him"."""

from typing import Literal

from planning.understanding.commands._words import Reply, phrases, tokens
from planning.understanding.cues import cues


def points_back(text: str) -> bool:
    """ "push it back an hour", "move that meeting to 3pm", "reply to it"."""
    return any(phrases("pointing").value((w,)) is not None for w in Reply.of(text).words)


def points_with_pronoun(text: str) -> bool:
    """ "decline it", "push them back a day": a pronoun standing for the thing itself (data/pointing_pronouns.txt)."""
    return any(phrases("pointing_pronouns").value((w,)) is not None for w in Reply.of(text).words)


def names_them(text: str) -> bool:
    """ "book a follow-up with them", "send it to her"."""
    return any(phrases("them").value((w,)) is not None for w in Reply.of(text).words)


def points_by_owner(text: str) -> bool:
    """ "a note on his lead", "their deal": a record pointed at by whose it is (data/owner_pointers.txt)."""
    return any(phrases("owner_pointers").value((w,)) is not None for w in Reply.of(text).words)


def points_at_one(text: str) -> bool:
    """ "email him to bring the deck", "let her know": the request's people named only by a word for one person
    (data/uninvite_pronouns.txt), and none for several ("them")."""
    found = {phrases("uninvite_pronouns").value((w,)) for w in Reply.of(text).words}
    return "one" in found and "several" not in found


def pointed_people(value: str) -> Literal["one", "several"] | None:
    """How many people a value that only points at them stands for ("her": one, "them": several; data/
    uninvite_pronouns.txt); None when the value names them."""
    found = phrases("uninvite_pronouns").value(Reply.of(value).words)
    return "one" if found == "one" else "several" if found == "several" else None


def follows_up(text: str) -> bool:
    """ "send a follow up saying …": a mail said to follow the last one (data/mail_follow_ups.txt)."""
    words = Reply.of(text).words
    return any(phrases("mail_follow_ups").at(words, index) is not None for index in range(len(words)))


def names_nothing(value: str) -> bool:
    """Whether a value a request gave names no particular thing ("that meeting", "it", "the same one", "")."""
    words = Reply.of(value).words
    index = 0
    while index < len(words):
        found = phrases("no_name").at(words, index)
        if found is None:
            return False
        index += found[0]
    return True


def people_named(who: str) -> tuple[list[str], list[str]]:
    """The addresses in ``who`` ("tom@x.com"), else the names ("Tom and Priya", "Tom, Priya")."""
    words = Reply.of(who)
    addresses = [t.word for t in words.toks if "@" in t.word and "." in t.word.split("@")[-1]]
    if addresses:
        return addresses, []
    names: list[str] = []
    current: list[int] = []
    for index, token in enumerate(words.toks):
        if token.word in (",", "and", "&"):
            if current:
                names.append(words.rest(current[0], index))
            current = []
        else:
            current.append(index)
    if current:
        names.append(words.rest(current[0]))
    return [], [n for n in names if n]


def named_instead(text: str, name: str) -> str:
    """``text`` with each word that points at a person ("him", "her", "them": data/cues/recipient_pronouns.txt)
    replaced by ``name`` ("Follow up w/ him" → "Follow up w/ Hank Scorpio")."""
    pieces, last = [], 0
    for tok in tokens(text):
        if tok.word in cues("recipient_pronouns"):
            pieces += [text[last : tok.start], name]
            last = tok.end
    return "".join(pieces) + text[last:]
