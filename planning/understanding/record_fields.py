"""The fields of a new CRM record given as a list: "add a contact: ana lee, ana@lumen.it, cfo at lumen", "new lead -
raj patel from brightpath, raj@brightpath.co", "an account for hollis & finch, domain hollisfinch.com, industry
retail", "a deal for northwind at $120k" (contract §3, create_entity fields).

The details start after the record's noun (``data/record_nouns.txt``) and its introducing words
(``record_intros.txt``) and are cut into parts at commas, semicolons and dashes. Each part is read by its form: an
address is the email, a web domain the domain, a labelled part ("industry retail", ``record_labels.txt``) that field,
"<title> at <company>" a title (a word of ``job_words.txt``) and a company, "<name> from <company>" a person and a
company (``record_company_links.txt``), an industry of ``industries.txt`` the industry; the first plain part is the
record's name. What follows "for" in a lead or a deal is its company, up to a word of ``record_ends.txt``.
"""

import re
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

from planning.types import TimeRange
from planning.understanding import names
from planning.understanding.commands._words import Phrases, Token, tokens
from planning.understanding.cues import cues
from planning.understanding.described_by import describing
from planning.understanding.word_lists import listed, words
from planning.understanding.words import PRONOUNS, TIME_WORDS

_ADDRESS = re.compile(r"[\w.%+'-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}", re.I)
_DOMAIN = re.compile(r"(?:https?://)?(?:www\.)?((?:[a-z0-9-]+\.)+[a-z]{2,})/?", re.I)
_CUTS = frozenset({",", ";", "-", "–", "—", "|", "(", ")", "[", "]"})
_NAMED_BY_FOR = frozenset({"lead", "deal"})  # "a lead for Globex": the company; "a contact for …": no
_COMPANY_INTROS = frozenset({"for", "with", "w"})
_LEAD_IN_ENDS = frozenset({":", "-", "–", "—"})  # "a deal with Initech", "a deal w/ Initech"


@dataclass(frozen=True, slots=True)
class RecordFields:
    name: str | None = None  # the person of a contact or lead; the account's name; a deal's own name
    company: str | None = None
    email: str | None = None
    title: str | None = None
    domain: str | None = None
    industry: str | None = None

    def found(self) -> bool:
        return any((self.name, self.company, self.email, self.title, self.domain, self.industry))


@dataclass(frozen=True, slots=True)
class _Part:
    text: str
    toks: tuple[Token, ...]

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(t.word for t in self.toks)

    def cut(self, start: int, end: int | None = None) -> "_Part":
        toks = self.toks[start:end]
        return _Part(self.text, toks)

    def said(self) -> str:
        return self.text[self.toks[0].start : self.toks[-1].end].strip(" .") if self.toks else ""


def listed_fields(text: str, entity: str) -> RecordFields:
    """The fields a request to make a ``entity`` record (contact, lead, account, deal) lists; empty when it lists
    none (no record noun, or nothing after it)."""
    toks = tokens(text)
    named_as = _named_as(text, toks) if entity in ("contact", "lead", "account") else None
    fields = RecordFields(name=named_as)  # "add wren co as an account, …": named before the noun
    linked = _linked(_Part(named_as, tokens(named_as))) if named_as and entity in ("contact", "lead") else None
    if linked is not None:  # "add jenna ortiz from acme as a contact": the person, at the company
        fields = RecordFields(name=linked[0].said(), company=linked[1].said())
    found = _details_start(toks)
    if found is None:  # no list: a person is the people reading's; an account's name is the one said
        return fields if entity == "account" else RecordFields()
    start, by_for = found
    details = _Part(text, toks[start:])
    end = _company_end(details) if by_for and entity in _NAMED_BY_FOR else 0
    person_links = words("record_person_links")
    said = details.words[: end + 1]
    if end and entity in ("contact", "lead") and any(word in person_links for word in said[1:]):
        end = 0  # "a lead for sam wu at bolt": a person at a company, not the company first
    if end:  # "a lead for hollis freight - greta lind, …": the company first
        company = details.cut(0, end)
        named = bool(company.words) and company.words[0] not in PRONOUNS  # "for them", "for her company": said before
        fields = replace(fields, company=company.said() if named else None)
        details = details.cut(end)
    if entity == "deal":  # "a new deal for initech, platform expansion": its own name, after the company
        return replace(fields, name=_deal_name(details)) if end else fields
    for part in _parts(details):
        fields = _read_part(part, fields, entity)
    return fields


def details_from(text: str, name: str, entity: str) -> RecordFields:
    """The fields of a person's record (``entity``: contact or lead) a list says from the part that is the person's
    ``name`` on, with no record noun before it: "met a guy at the expo - ravi menon, stark industries, ravi@stark.com"
    said beside "add him as a lead". Empty when no part is the name, or ``entity`` is no person's record."""
    parts = _parts(_Part(text, tokens(text))) if entity in ("contact", "lead") else []
    start = next((i for i, part in enumerate(parts) if part.said().casefold() == name.casefold()), None)
    fields = RecordFields()
    for part in parts[start:] if start is not None else []:
        fields = _read_part(part, fields, entity)
    return fields


def _named_as(text: str, toks: tuple[Token, ...]) -> str | None:
    """The name said before "as a <record noun>", after the verb that makes it (``cues/record_verbs.txt``): "add
    wren co as an account" → "wren co"; None when no such words, or only pronouns, are there."""
    said = tuple(t.word for t in toks)
    nouns, joins = listed("record_nouns"), words("record_as_words")
    for index in range(1, len(said)):
        if nouns.at(said, index) is None:
            continue
        at = index
        while at > 0 and said[at - 1] in joins and said[at - 1] != "as":
            at -= 1
        if at == 0 or said[at - 1] != "as":
            return None
        verbs = (cues("record_verbs").at(said, i) for i in range(at - 2, -1, -1))
        verb = next((found for found in verbs if found is not None), None)
        if verb is None:
            return None
        first = verb.end
        last = at - 1 - (said[at - 2] == "in" if at >= 2 else 0)  # "put tim in as …"
        name = said[first:last]
        if not name or any(w in PRONOUNS or not w[0].isalnum() or "@" in w for w in name):
            return None  # "add ana@lumen.it as a contact": an address is no name
        return text[toks[first].start : toks[last - 1].end]
    return None


def _details_start(toks: tuple[Token, ...]) -> tuple[int, bool] | None:
    """The token after the record's noun and its introducing words, and whether "for" introduced them."""
    nouns, intros = listed("record_nouns"), listed("record_intros")
    said = tuple(t.word for t in toks)
    for index in range(len(said)):
        noun = nouns.at(said, index)
        if noun is None or _job_title(said, index):
            continue
        at, by_for = index + noun[0], False
        while (intro := intros.at(said, at)) is not None:
            by_for = by_for or said[at] in _COMPANY_INTROS
            at += intro[0]
        lead_in = _lead_in_end(said, at)
        if lead_in is not None:  # "a contact pls - kenji ito, …", "a lead from the expo: rosa diaz …"
            return lead_in, False
        listed_after = any(word in _CUTS for word in said[at:])  # "new lead ahmed karimi, ahmed@…": a list
        return (at, by_for) if at < len(said) and (at > index + noun[0] or listed_after) else None
    return None


def _job_title(said: tuple[str, ...], index: int) -> bool:
    """Whether the record noun at ``index`` ends a job title ("her design lead over at hooli"): "lead" after a field
    of work (``cues/entity_lead_words_not_after.txt``)."""
    fields = cues("entity_lead_words_not_after")
    return said[index] in cues("entity_lead_words") and index > 0 and said[index - 1] in fields


def _lead_in_end(said: tuple[str, ...], at: int) -> int | None:
    """After a lead-in ("pls", "from the expo", a word of ``record_lead_ins.txt`` first) ended by a colon or a
    dash before any other cut: the token after that colon or dash; None when the words at ``at`` are no lead-in."""
    if at >= len(said) or said[at] not in words("record_lead_ins"):
        return None
    for index in range(at + 1, len(said)):
        if said[index] in _LEAD_IN_ENDS:
            return index + 1 if index + 1 < len(said) else None
        if said[index] in _CUTS:
            return None
    return None


def _company_end(details: _Part) -> int:
    """Where a company said after "for" ends: at a cut, a colon or full stop, an amount, or a word of
    ``record_ends.txt``."""
    ends = words("record_ends")
    for index, tok in enumerate(details.toks):
        cut = tok.word in _CUTS or tok.word in _SENTENCE_ENDS
        if index and (cut or tok.word in ends or tok.word == "$" or tok.word[0].isdigit()):
            return index
    return len(details.toks)


def _deal_name(after: _Part) -> str | None:
    """A deal's own name, set off right after its company by a cut or a colon ("for initech, platform expansion.",
    "for globex: support upgrade, 40k"): a part of at most ``_NAME_WORDS`` words of letters, ended by a cut, a full
    stop or the end, with no word of data/deal_name_not_words.txt (pronouns, verbs of chatter, a stage or an
    amount say more than a name); None otherwise."""
    if not after.toks or after.words[0] not in _CUTS | {":"}:
        return None
    said = after.words[1:]
    end = next((i for i, word in enumerate(said) if word in _CUTS or word in _SENTENCE_ENDS), len(said))
    name = said[:end]
    shut_out = words("deal_name_not_words") | words("record_ends") | PRONOUNS | set(TIME_WORDS)
    if not 0 < len(name) <= _NAME_WORDS or any(not w.replace("-", "").isalpha() or w in shut_out for w in name):
        return None
    return after.cut(1, end + 1).said()


_NAME_WORDS = 4
_SENTENCE_ENDS = frozenset({":", ".", "!", "?"})


def _parts(details: _Part) -> list[_Part]:
    parts: list[list[Token]] = []
    current: list[Token] = []
    for tok in details.toks:
        if tok.word in _CUTS:
            parts.append(current)
            current = []
        else:
            current.append(tok)
    parts.append(current)
    kept = (_without_fillers(tuple(part)) for part in parts)
    return [_Part(details.text, part) for part in kept if part]


def _without_fillers(part: tuple[Token, ...]) -> tuple[Token, ...]:
    """``part`` without the words of ``record_fillers.txt`` at its start and end ("too", "as well pls")."""
    fillers = listed("record_fillers")
    said = tuple(t.word for t in part)
    start, end = 0, len(said)
    while start < end and (found := fillers.at(said[:end], start)) is not None:
        start += found[0]
    while start < end and (found := fillers.ending(said[start:end])) is not None:
        end -= found[0]
    return part[start:end]


def _read_part(part: _Part, fields: RecordFields, entity: str) -> RecordFields:
    said = part.said()
    address = _ADDRESS.search(said)
    if address is not None:
        before = said[: address.start()].strip(" :")
        fields = replace(fields, email=fields.email or address.group(0))
        labelled = listed("record_labels").at(tuple(t.word for t in tokens(before)))
        return fields if not before or labelled else _read_part(_Part(before, tokens(before)), fields, entity)
    if describing(said):
        return fields  # "…, reports to laura chen", "…, sarah's deputy": who describes the person, no field of it
    label = listed("record_labels").at(part.words)
    if label is not None and len(part.toks) > label[0]:
        value = part.cut(label[0]).said()
        if label[1] == "name" and fields.name and entity in ("contact", "lead") and fields.company is None:
            return replace(fields, name=value, company=fields.name)  # "acme corp, contact jo lee": a labelled name
        return _filled(fields, label[1], value)
    domain = _DOMAIN.fullmatch(said)
    if domain is not None:
        return replace(fields, domain=fields.domain or domain.group(1).lower())
    if _all_of(part.words, listed("industries")):
        return replace(fields, industry=fields.industry or said)
    loose = _loose_industry(part) if fields.name else None
    if loose is not None:  # "…, they're in logistics": the industry, said among words that only lead to it
        return replace(fields, industry=fields.industry or loose)
    person_record = entity in ("contact", "lead")
    if person_record and len(part.toks) > 1 and part.words[0] in words("record_company_links"):
        return replace(fields, company=fields.company or part.cut(1).said())  # "…, from globex": the company
    linked = _linked(part) if person_record else None  # "bank of america" is an account's name
    if linked is not None:
        first, company = linked
        if all(word in words("record_subjects") for word in first.words):  # "he's at acme": no name said
            return replace(fields, company=fields.company or company.said())
        if _is_title(first.words):
            return replace(fields, title=fields.title or _title_said(first), company=fields.company or company.said())
        return replace(fields, name=fields.name or first.said(), company=fields.company or company.said())
    if _is_title(part.words) and entity in ("contact", "lead"):
        return replace(fields, title=fields.title or _title_said(part))
    if fields.name is None:
        return replace(fields, name=said)
    if fields.company is None and entity in ("contact", "lead"):  # "ana lee, cfo, lumen": name, title, company
        return replace(fields, company=said)
    return fields


def _filled(fields: RecordFields, field: str, value: str) -> RecordFields:
    if not value:
        return fields
    if field == "domain":
        domain = _DOMAIN.fullmatch(value)
        value = domain.group(1).lower() if domain else value
    if field not in RecordFields.__dataclass_fields__:
        return fields
    return fields if getattr(fields, field) else replace(fields, **{field: value})


def _linked(part: _Part) -> tuple[_Part, _Part] | None:
    """ "cfo at lumen", "ana lee from acme": the words before the last link word and the company after it."""
    links = words("record_company_links")
    for index in range(len(part.toks) - 2, 0, -1):
        if part.words[index] in links:
            if part.words[index] == "of" and _is_title(part.words):
                return None  # "head of growth": a title, not a company
            return part.cut(0, index), part.cut(index + 1)
    return None


def _title_said(part: _Part) -> str:
    """The title in a part that says who before it ("she's their new vp of ops" → "vp of ops": from its first job
    word on, when the part starts with a word of ``record_subjects.txt``); the part as said otherwise."""
    if not part.words or part.words[0] not in words("record_subjects"):
        return part.said()
    jobs = listed("job_words")
    first = next((i for i in range(len(part.words)) if jobs.at(part.words, i) is not None), 0)
    return part.cut(first).said()


def title_in(text: str) -> str | None:
    """The job title a part of a person's details says ("cfo", "she's their new vp of ops" → "vp of ops"); None when
    it has no job word (``job_words.txt``)."""
    part = _Part(text, tokens(text))
    return _title_said(part) if part.toks and _is_title(part.words) else None


def _is_title(said: tuple[str, ...]) -> bool:
    jobs = listed("job_words")
    return any(jobs.at(said, index) is not None for index in range(len(said)))


def _loose_industry(part: _Part) -> str | None:
    """The industry in a part made of one industry of ``industries.txt`` and words of ``industry_leads.txt`` around
    it ("theyre in logistics", "a fintech company"); None when any other word is there."""
    industries, leads = listed("industries"), words("industry_leads")
    said = part.words
    for index in range(len(said)):
        found = industries.at(said, index)
        if found is None:
            continue
        end = index + found[0]
        if all(word in leads for word in (*said[:index], *said[end:])):
            return part.cut(index, end).said()
        return None
    return None


def _all_of(said: tuple[str, ...], vocabulary: Phrases) -> bool:
    index = 0
    while index < len(said):
        found = vocabulary.at(said, index)
        if found is None:
            return False
        index += found[0]
    return bool(said)


def as_slots(fields: RecordFields, found: dict[str, Any], entity: str) -> dict[str, Any]:
    """The slot values ``fields`` give a new ``entity`` record, over those read from the whole request (``found``):
    a listed name, company or title is what the list says."""
    if not fields.found():
        return {}
    out: dict[str, Any] = {}
    changes: tuple[tuple[str, str], ...] = tuple(found.get("field_changes", ()))
    if entity in ("contact", "lead"):
        people: tuple[str, ...] = tuple(found.get("people", ()))
        if fields.company:  # "a lead for wayne logistics": a company, whatever else read it as a person
            out["companies"] = (fields.company,)
            out["people"] = tuple(p for p in people if p.lower() not in fields.company.lower())
        if fields.name:
            out["people"] = (_whose_address(fields.name, fields.email),)
        if fields.title:
            changes = (*(c for c in changes if c[0] not in ("title", "job title")), ("job title", fields.title))
    elif entity == "account":
        if fields.name:
            out["companies"], out["people"] = (fields.name,), ()
        if fields.industry:
            out["industry"] = fields.industry
        if fields.domain:
            changes = (*(c for c in changes if c[0] != "domain"), ("domain", fields.domain))
    elif fields.company:  # a deal
        out["companies"] = (fields.company,)
        if fields.name:  # "…, platform expansion": the deal's name
            changes = (*(c for c in changes if c[0] != "name"), ("name", fields.name))
    if fields.email and not found.get("emails"):
        out["emails"] = (fields.email,)
    out["field_changes"] = changes
    return out


def _whose_address(name: str, email: str | None) -> str:
    """Of a listed name that says more than who the record is ("marcus bell's colleague jen ortiz"), the person the
    listed address belongs to ("jen.ortiz@…": "jen ortiz"); the name as listed otherwise."""
    if email is None:
        return name
    owner = names.named_by_address(name, email)
    return owner if owner is not None and owner != name else name


_NAME_STARTS = frozenset({"the", "a", "an", "on", "to", "for", "about", "under", "of", "in", "with"})
_MAX_NAME = 4


def named_record(text: str) -> tuple[str, str] | None:
    """The name said right before a record's noun and the noun ("a note on the umbrella corp account" → "umbrella
    corp", "account"), whatever its case; None when a describing word, a pronoun, a number or nothing comes before."""
    toks = tokens(text)
    said = tuple(t.word for t in toks)
    nouns, skips = listed("record_nouns"), words("record_name_skips")
    for index in range(1, len(said)):
        if nouns.at(said, index) is None:
            continue
        first = index
        while first > 0 and index - first < _MAX_NAME and said[first - 1] not in _NAME_STARTS:
            first -= 1
        name = said[first:index]
        named = [w for w in name if w != "&"]  # "hollis & finch"
        if (
            not named
            or first == 0
            or name[0] == "&"
            or any(w in skips or w in PRONOUNS or not w[0].isalpha() for w in named)
        ):
            continue
        return text[toks[first].start : toks[index - 1].end], said[index]
    return None


def named_in_slots(text: str, found: dict[str, Any]) -> dict[str, Any]:
    """The record named before its noun as the company slot, when the request's words gave no company and the
    name is not a person already read ("move the umbrella corp deal …", "a note on the globex account")."""
    people: tuple[str, ...] = tuple(found.get("people", ()))
    named = None if found.get("companies") else named_record(text)
    if named is None or any(p.lower() == named[0].lower() for p in people):
        return {}
    name, noun = named
    others = tuple(p for p in people if p.lower() not in name.lower())
    if noun in _PERSON_NOUNS:  # "the maria lopez contact": a person
        return {"people": (name, *others)}
    return {"companies": (name,), "people": others}


_PERSON_NOUNS = frozenset({"contact", "contacts"})


def close_date(text: str, when: TimeRange | None) -> str | None:
    """The day a new deal closes by, when a word of ``record_close_words.txt`` says the time is its close: the day
    said ("closing march 31"), or the last day of a longer period ("closing end of april")."""
    said = tuple(t.word for t in tokens(text))
    closing = listed("record_close_words")
    if when is None or not any(closing.at(said, i) is not None for i in range(len(said))):
        return None
    if when.end is None or when.end - when.start <= timedelta(days=1):
        return when.start.date().isoformat()
    return (when.end - timedelta(days=1)).date().isoformat()
