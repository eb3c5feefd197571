"""What an update of a CRM record says besides its fields by name: a person's new company ("jo lee is now at hooli"
is a value, not a filter to find her by), a new owner ("assign the initech account to sarah"), the record named
before a stage or status ("mark hooli as closed won", "push bluefin into proposal"). The words are data:
``company_change_leads.txt``, ``record_owner_verbs.txt``, ``record_change_verbs.txt`` and the cue lists of stages
and statuses."""

from typing import Any

from planning.understanding.cues import Cues, Words, cues
from planning.understanding.word_lists import listed, words
from planning.understanding.words import PRONOUNS

_MAX_NAME = 4
_VALUE_CUES = {"deal": "entity_deal_stage", "lead": "entity_lead_status"}
_DETERMINERS = frozenset({"the", "our", "my", "that", "this"})
_ARTICLES = frozenset({"a", "an", "their", "his", "her"})
_TITLES = frozenset({"job title", "title"})
_MAX_TITLE = 6


def changed_values(text: str, entity: str, found: dict[str, Any]) -> dict[str, Any]:
    """The slots an update of an ``entity`` record changes, over those read from the whole request (``found``): a
    person's new company ("jo lee is now at hooli": a value, not a filter to find her by), a new owner ("assign the
    initech account to sarah": no record of hers), the record named before a stage or status ("mark hooli as won")."""
    out: dict[str, Any] = {}
    changes: tuple[tuple[str, str], ...] = tuple(found.get("field_changes", ()))
    companies: tuple[str, ...] = tuple(found.get("companies", ()))
    people: tuple[str, ...] = tuple(found.get("people", ()))
    moved = new_company(text) if entity in ("contact", "lead") else None
    if moved is not None:
        changes = (*changes, ("company", moved))
        companies = out["companies"] = tuple(c for c in companies if c.lower() != moved.lower())
    titled = new_title(text) if entity == "contact" and not any(k in _TITLES for k, _ in changes) else None
    if titled is not None:  # "john got promoted, he's head of procurement now, update his title"
        changes = (*changes, ("job title", titled))
    given_to = assigned_owner(text)
    if given_to is not None:
        changes = (*changes, ("owner", given_to))
        people = out["people"] = tuple(p for p in people if p.lower() != given_to.lower())
    if changes:
        out["field_changes"] = changes
    in_values = tuple(c for c in companies if any(_within(c, value) for _, value in changes))
    if in_values:  # "change sarah lee's title to senior account exec": "senior" is the new title's, not her company's
        companies = out["companies"] = tuple(c for c in companies if c not in in_values)
    if not (companies or people):
        out.update(named_before_value(text, entity))
    return out


def _within(name: str, value: str) -> bool:
    """Whether the words of ``name`` follow one another in ``value`` (a changed field's new value)."""
    return f" {' '.join(Words.of(name).words)} " in f" {' '.join(Words.of(str(value)).words)} "


def new_company(text: str) -> str | None:
    """The company a person now works for, said after a lead of ``company_change_leads.txt`` ("jo lee is now at
    hooli" → "hooli"), up to a mark; None when no such words are there."""
    said = Words.of(text)
    leads = listed("company_change_leads")
    for index in range(len(said)):
        found = leads.at(said.words, index)
        if found is None:
            continue
        start = index + found[0]
        end = next((i for i in range(start, len(said)) if not said.is_word(i)), len(said))
        company = said.words[start:end]
        if company and len(company) <= _MAX_NAME and not any(w in PRONOUNS for w in company):
            return said.text_of(start, end)
        return None
    return None


def new_title(text: str) -> str | None:
    """A person's new job title, said after a lead of ``title_change_leads.txt`` ("he's head of procurement now" →
    "head of procurement"), a determiner left out, up to a mark or a word of ``title_change_ends.txt``; None when no
    such words are there, or they hold no word of a job title (``job_words.txt``: "he's out sick")."""
    said = Words.of(text)
    leads, ends, jobs = listed("title_change_leads"), words("title_change_ends"), listed("job_words")
    for index in range(len(said)):
        found = leads.at(said.words, index)
        if found is None:
            continue
        start = index + found[0]
        start += start < len(said) and said.words[start] in _DETERMINERS | _ARTICLES
        end = next((i for i in range(start, len(said)) if not said.is_word(i) or said.words[i] in ends), len(said))
        title = said.words[start:end]
        if title and len(title) <= _MAX_TITLE and any(jobs.at(title, i) is not None for i in range(len(title))):
            return said.text_of(start, end)
    return None


def assigned_owner(text: str) -> str | None:
    """The person a record is given to ("assign the initech account to sarah" → "sarah"): the words after the last
    "to" that follows a verb of ``record_owner_verbs.txt``, up to a mark; None when no such verb opens the request."""
    said = Words.of(text)
    verb = listed("record_owner_verbs").at(said.words, 0) or listed("record_owner_verbs").at(said.words, 1)
    tos = [i for i, w in enumerate(said.words) if w == "to"]
    if verb is None or not tos or tos[-1] + 1 >= len(said):
        return None
    start = tos[-1] + 1
    end = next((i for i in range(start, len(said)) if not said.is_word(i)), len(said))
    owner = said.words[start:end]
    if not owner or len(owner) > _MAX_NAME or any(w in PRONOUNS and w not in ("me", "myself") for w in owner):
        return None
    return said.text_of(start, end)


def named_before_value(text: str, entity: str) -> dict[str, Any]:
    """The record named between a verb of ``record_change_verbs.txt`` and the stage or status it is given, when
    nothing else named it ("push bluefin into proposal": the deal of bluefin; "flag jo lee as contacted": the lead
    jo lee); empty when no such words are there."""
    name = _between_verb_and_value(Words.of(text), cues(_VALUE_CUES[entity])) if entity in _VALUE_CUES else None
    if not name:
        return {}
    return {"people": (name,)} if entity == "lead" else {"companies": (name,)}


def _between_verb_and_value(said: Words, values: Cues) -> str | None:
    found = values.find(said)
    if found is None:
        return None
    verbs = words("record_change_verbs")
    for start in range(found.start - 1, max(found.start - _MAX_NAME - 2, -1), -1):
        if said.words[start] in verbs:
            first = start + 1 + (said.words[start + 1] in _DETERMINERS if start + 1 < found.start else 0)
            named = said.words[first : found.start]
            if named and all(w[0].isalnum() and w not in PRONOUNS for w in named):
                return said.text_of(first, found.start)
            return None
    return None
