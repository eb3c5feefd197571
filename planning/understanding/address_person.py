"""What an email address says of its owner: whether a name said is the one it spells ("nina patel" for
nina@brightpath.co or nina.patel@…, "n patel" for npatel@…), and the company its domain names ("brightpath.co" →
Brightpath; none for a public mail service's, ``data/mail_providers.txt``)."""

from planning.understanding.word_lists import words

_INITIAL = 1  # letters of a name's word that an address may keep ("npatel": n for nina)
_SUFFIX = 3  # letters at most of a domain's ending part that names no company ("io", "com", "co", "uk")


def spelled_by(address: str, name: str) -> bool:
    """Whether ``address``'s local part spells ``name``: its parts are the name's first words, in order, each whole
    or as its initial ("nina", "nina.patel", "n.patel"), or one part that joins them ("ninapatel", "npatel")."""
    local = address.strip().lower().split("@", 1)[0]
    parts = _letters(local)
    said = _letters(name.lower())
    if not parts or not said:
        return False
    if len(parts) <= len(said) and all(_part_of(p, w) for p, w in zip(parts, said, strict=False)):
        return any(len(p) > _INITIAL for p in parts)
    joined = "".join(parts)
    first, last = said[0], said[-1]
    return len(said) > 1 and joined in (first + last, first[:_INITIAL] + last, first + last[:_INITIAL])


def company_of(address: str) -> str | None:
    """The company an address's domain names, capitalised; None for a public mail service or no domain."""
    domain = address.strip().lower().rpartition("@")[2]
    if "." not in domain or domain in words("mail_providers"):
        return None
    labels = domain.split(".")
    while len(labels) > 1 and len(labels[-1]) <= _SUFFIX:  # "acme.co.uk": past the country's and kind's parts
        labels.pop()
    return " ".join(part.capitalize() for part in _letters(labels[-1])) or None


def _part_of(part: str, word: str) -> bool:
    return part == word or (len(part) == _INITIAL and word.startswith(part))


def _letters(text: str) -> list[str]:
    """The runs of letters of ``text`` ("nina.patel2" → nina, patel)."""
    return "".join(c if c.isalpha() else " " for c in text).split()
