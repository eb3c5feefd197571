"""A person's job title in a contact's details: "Rob Kim, rob@x.com, VP Engineering at Globex" → the title
"VP Engineering" at the company Globex (a part of the list that says a role at a company)."""

from dataclasses import dataclass

from planning.understanding.cues import cues
from planning.understanding.lead_spans import Atoms

_TITLE_CHARS = frozenset("&/.+-_")  # besides letters and digits, what a word of a title may hold ("R&D", "Sr.")
_COMPANY_CHARS = frozenset("&.'-_")
_MOST_TITLE_WORDS = 6
_MOST_COMPANY_WORDS = 4


@dataclass(frozen=True, slots=True)
class Role:
    title: str
    company: str
    span: tuple[int, int]  # where the title is (names in it are no company or person)


def role(text: str) -> Role | None:
    """The job title said in a comma-separated part of ``text`` as "<title> at <Company>", if one is."""
    for start, part in _parts(text):
        said = _role_in(part)
        if said is None or start == 0:
            continue  # the first part names the request and the person, not a role
        (first, last), company = said
        title = part[first:last]
        if "@" in title or _not_a_role(title) or not any(ch.isupper() for ch in title):
            continue
        return Role(title, company, (start + first, start + last))
    return None


def _parts(text: str) -> list[tuple[int, str]]:
    """The parts of ``text`` between commas and semicolons, each with where it starts (empty ones left out)."""
    out, start = [], 0
    for index, char in enumerate([*text, ","]):
        if char in ",;":
            if index > start:
                out.append((start, text[start:index]))
            start = index + 1
    return out


def _chunks(part: str) -> list[tuple[int, int]]:
    """Where each run of characters between spaces is."""
    out, index = [], 0
    while index < len(part):
        if part[index].isspace():
            index += 1
            continue
        end = index
        while end < len(part) and not part[end].isspace():
            end += 1
        out.append((index, end))
        index = end
    return out


def _role_in(part: str) -> tuple[tuple[int, int], str] | None:
    """Where the title is in ``part`` and the company: [a word of data/cues/role_at_leads.txt] [one of
    role_at_articles.txt] title (up to six words) then one of role_at_links.txt then the company (up to four
    capitalised words), and at most a closing mark; a lead or an article is taken where the rest still reads."""
    chunks = _chunks(part)
    words = tuple(part[start:end].casefold().replace("’", "'") for start, end in chunks)
    leads = [len(found) for found, _ in cues("role_at_leads").entries if words[: len(found)] == found]
    for lead in [*leads[:1], 0]:
        article = 1 if lead < len(words) and words[lead] in cues("role_at_articles") else 0
        for begin in dict.fromkeys((lead + article, lead)):
            said = _title_and_company(part, chunks, words, begin)
            if said is not None:
                return said
    return None


def _title_and_company(
    part: str, chunks: list[tuple[int, int]], words: tuple[str, ...], begin: int
) -> tuple[tuple[int, int], str] | None:
    links = cues("role_at_links")
    link = next((at for at in range(begin + 1, len(words)) if words[at] in links), None)
    if link is None or link - begin > _MOST_TITLE_WORDS:
        return None
    title = [part[start:end] for start, end in chunks[begin:link]]
    if not (title[0][:1].isascii() and title[0][:1].isalpha()) or not all(_made_of(w, _TITLE_CHARS) for w in title):
        return None
    if any(_opens_with_link(word) for word in title[1:]):
        return None
    company_chunks = list(chunks[link + 1 :])
    company = [part[start:end] for start, end in company_chunks]
    if company and company[-1] in (".", "!"):
        company_chunks, company = company_chunks[:-1], company[:-1]
    elif company and company[-1].endswith("!"):
        company[-1] = company[-1][:-1]
        company_chunks[-1] = (company_chunks[-1][0], company_chunks[-1][1] - 1)
    if not 0 < len(company) <= _MOST_COMPANY_WORDS:
        return None
    if not all(w[:1].isascii() and w[:1].isupper() and _made_of(w, _COMPANY_CHARS) for w in company):
        return None
    return (chunks[begin][0], chunks[link - 1][1]), part[company_chunks[0][0] : company_chunks[-1][1]]


def _opens_with_link(word: str) -> bool:
    """ "at", "at&t", "at.": a word of data/cues/role_at_links.txt where a word boundary puts words (no word of a
    title after its first)."""
    return cues("role_at_links", "atoms").at(tuple(t.word for t in Atoms.of(word).toks)) is not None


def _made_of(word: str, marks: frozenset[str]) -> bool:
    return bool(word) and all(ch.isalnum() or ch in marks for ch in word)


def _not_a_role(title: str) -> bool:
    """Whether a word of data/cues/not_a_role.txt is in ``title`` (words where a word boundary puts them)."""
    atoms = Atoms.of(title)
    return cues("not_a_role", "atoms").find(tuple(t.word for t in atoms.toks)) is not None
