"""Whether names said are among the people an open plan writes to or invites (``Context.people``): "take tom off"
while a subject is asked (Tom is one of them); "sarah not tom" (one of them replaced) is read by :mod:`.grounded`."""

from planning.understanding import names


def among(value: str, people: tuple[str, ...]) -> bool:
    """Whether every name in ``value`` ("tom", "tom and priya") is one of ``people`` (names looked up, addresses)."""
    named = names.listed(value)
    return bool(named) and all(any(_same(name, person) for person in people) for name in named)


def _same(name: str, person: str) -> bool:
    """Whether ``name`` names ``person``: its first word is a word of the person's name or of an address's local
    part ("tom" → "tom.reyes@example.com", "john smith" → "john")."""
    said = name.lower().split()
    if not said:
        return False
    local = person.lower().split("@", 1)[0] if "@" in person else person.lower()
    parts = local.replace(".", " ").replace("_", " ").replace("-", " ").split()
    return said[0] in parts


def named_among(words: tuple[str, ...], people: tuple[str, ...]) -> list[str]:
    """The words that name some of the people of the open plan ("dana can skip this one": dana), each once; none when
    they name every one of them (then the step itself is what is left out)."""
    named = list(dict.fromkeys(word for word in words if word.isalpha() and among(word, people)))
    others = [person for person in people if not any(_same(name, person) for name in named)]
    return named if others else []
