"""The fields a question about a deal asks for ("how much is it worth", "when does it close", "what stage is it
in"), so that the answer says each of them (contract §2.8), a second question of the request included."""

import re

_DEAL_FIELDS = (
    ("amount", re.compile(r"\bhow (?:much|big|large)\b|\bworth\b|\bvalue\b|\bamount\b|\bsize\b", re.I)),
    ("closeDate", re.compile(r"\bclos(?:e|es|ing)\b|\bclose ?date\b", re.I)),
    ("stage", re.compile(r"\bstage\b|\bstatus\b|\bwhere (?:is|does) it stand\b", re.I)),
    ("owner", re.compile(r"\bowner\b|\bwho owns\b", re.I)),
)


def deal_fields(text: str) -> tuple[str, ...]:
    """ "how much is the Globex deal worth and when does it close?" → ("amount", "closeDate")."""
    return tuple(name for name, pattern in _DEAL_FIELDS if pattern.search(text))
