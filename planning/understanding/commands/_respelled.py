"""At the card of an email, a name said again spelled otherwise ("oops, it's jenn with 2 n's", "should be mikaela,
not mikela") corrects the address it was read into: the recipient whose address starts with the word less one or two
of its letters (or with one or two more) is written to at the new spelling, the others kept."""

from planning.understanding.commands._words import Reply
from planning.understanding.commands.correct import Correct

_SHORTEST = 3  # letters of a name that may be a respelling
_MOST_EDITS = 2


def respelled(reply: Reply, people: tuple[str, ...]) -> Correct | None:
    """The recipients with the one whose name part is respelled in ``reply`` replaced; None when no word is such."""
    addresses = [p for p in people if "@" in p]
    for word in reply.words:
        if not word.isalpha() or len(word) < _SHORTEST:
            continue
        for index, address in enumerate(addresses):
            local, domain = address.split("@", 1)
            name = local.split(".")[0].lower()
            if word != name and word[0] == name[0] and _letters_added(word, name) <= _MOST_EDITS:
                fixed = word + local[len(name) :] + "@" + domain
                kept = [*addresses[:index], fixed, *addresses[index + 1 :]]
                return Correct(", ".join(kept), people=True, adding=False)
    return None


def _letters_added(a: str, b: str) -> int:
    """Letters added to the shorter word to make the longer one, keeping its letters in order ("jen" → "jenn": 1); a
    large number when a letter must change ("make" / "mark"): a respelling doubles or drops letters, it does not
    swap them for a word that merely looks alike."""
    short, long = sorted((a, b), key=len)
    letters = iter(long)
    if not all(char in letters for char in short):  # not a subsequence
        return len(long)
    return len(long) - len(short)
