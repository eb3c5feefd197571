"""A person's job title in a contact's details: "Rob Kim, rob@x.com, VP Engineering at Globex" → the title
"VP Engineering" at the company Globex (a part of the list that says a role at a company)."""

import re
from dataclasses import dataclass

_PART = re.compile(r"[^,;]+")
_ROLE_AT = re.compile(
    r"^\s*(?:(?:and|who is|who's|is|as)\s+)?(?:(?:the|a|an|our|their)\s+)?"
    r"(?P<title>[A-Za-z][\w&/.+-]*(?:\s+(?!at\b)[\w&/.+-]+){0,5}?)\s+(?:at|@)\s+"
    r"(?P<company>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3})\s*[.!]?\s*$"
)
_NOT_A_ROLE = re.compile(
    r"\b(?:contact|lead|deal|account|meeting|call|lunch|email|e-?mail|phone|number|works?|working|based|"
    r"new|add|save|create)\b",
    re.I,
)


@dataclass(frozen=True, slots=True)
class Role:
    title: str
    company: str
    span: tuple[int, int]  # where the title is (names in it are no company or person)


def role(text: str) -> Role | None:
    """The job title said in a comma-separated part of ``text`` as "<title> at <Company>", if one is."""
    for part in _PART.finditer(text):
        match = _ROLE_AT.match(part.group(0))
        if match is None or part.start() == 0 or "@" in match.group("title"):
            continue  # the first part names the request and the person, not a role
        title = match.group("title")
        if _NOT_A_ROLE.search(title) or not any(ch.isupper() for ch in title):
            continue
        start = part.start() + match.start("title")
        return Role(title, match.group("company"), (start, start + len(title)))
    return None
