"""Everyday requests of contract v3, read from words kept as data (``everyday_data/*.txt``, one phrase a line,
``phrase = value`` for a map): a draft instead of a send, mail marked read or archived, a meeting link, optional
attendees, a calendar by name, a call logged on a record, a person linked to a deal.

Phrases match whole tokens, case-insensitively (the scanner of ``commands``); nothing here is a sentence pattern.
Each reader returns a plain value for a goal's ``scope`` or a new reading; ``extract`` and ``parser`` use them.
"""

from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from planning.understanding import names
from planning.understanding.commands._words import Phrases, Token, tokens
from planning.understanding.cues import Words, cues
from planning.understanding.interpret import Reading

_DATA = Path(__file__).parent / "everyday_data"


@cache
def _list(name: str) -> Phrases:
    """``everyday_data/{name}.txt``, read once, longest phrases first."""
    entries: list[tuple[tuple[str, ...], str]] = []
    for line in (_DATA / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        line = "" if line.startswith("#") else line.strip()
        if line:
            phrase, _, value = line.partition(" = ")
            entries.append((tuple(t.word for t in tokens(phrase)), value.strip() or phrase.strip()))
    entries.sort(key=lambda entry: -len(entry[0]))
    return Phrases(tuple(entries))


@dataclass(frozen=True, slots=True)
class Found:
    start: int  # token index
    length: int
    value: str


def _first(name: str, toks: tuple[Token, ...], start: int = 0) -> Found | None:
    words = tuple(t.word for t in toks)
    for index in range(start, len(words)):
        hit = _list(name).at(words, index)
        if hit is not None:
            return Found(index, hit[0], hit[1])
    return None


def _verb_index(toks: tuple[Token, ...]) -> int:
    """The first token after polite words ("please", "can you")."""
    words, index = tuple(t.word for t in toks), 0
    while (hit := _list("polite").at(words, index)) is not None:
        index += hit[0]
    return index


def _starts_with(name: str, toks: tuple[Token, ...]) -> Found | None:
    index = _verb_index(toks)
    hit = _list(name).at(tuple(t.word for t in toks), index) if index < len(toks) else None
    return Found(index, hit[0], hit[1]) if hit else None


def wants_draft(text: str, asked: str | None = None) -> bool:
    """ "draft a reply to Maria …", "… but don't send it": the mail is saved as a draft. ``asked`` is the request
    without the words to send, where the bare word "draft" must be (it defaults to the whole text)."""
    outside = text if asked is None else asked
    return _first("draft", tokens(text)) is not None or _first("draft_words", tokens(outside)) is not None


def mail_change(text: str) -> dict[str, bool] | None:
    """ "mark the invoice email as read" → ``{"unread": False}``; "archive the newsletter from Acme" →
    ``{"archived": True}``; None when the request changes no mail."""
    toks = tokens(text)
    verb = _starts_with("mail_mark_verbs", toks)
    if verb is None:
        return None
    change = _first("mail_marks", toks, verb.start)
    if change is None:
        return None
    return {
        "archived": {"archived": True},
        "inbox": {"archived": False},
        "read": {"unread": False},
        "unread": {"unread": True},
    }[change.value]


def mail_target(text: str) -> tuple[str | None, str | None]:
    """Which mail a change is for: (the sender after "from", the other words) — "the newsletter from acme" →
    ("acme", "newsletter")."""
    toks = tokens(text)
    verb = _starts_with("mail_mark_verbs", toks)
    start = verb.start + verb.length if verb else 0
    fillers = _list("mail_fillers")
    changes = _list("mail_marks")
    words: list[str] = []
    sender: str | None = None
    index = start
    while index < len(toks):
        tok = toks[index]
        marked = changes.at(tuple(t.word for t in toks), index)
        if marked is not None:
            index += marked[0]
            continue
        if tok.word == "from" and index + 1 < len(toks):  # the sender: up to a change ("… as read") or the end
            words_after = tuple(t.word for t in toks)
            last = index + 1
            while last < len(toks) and changes.at(words_after, last) is None:
                last += 1
            sender = text[toks[index + 1].start : toks[last - 1].end].strip() if last > index + 1 else None
            index = last
            continue
        if (fillers.value((tok.word,)) is None and tok.word.isalnum()) or "#" in tok.word:
            words.append(text[tok.start : tok.end])
        index += 1
    return sender, " ".join(words) or None


def marked_mails(text: str, people: tuple[str, ...]) -> tuple[str | None, str | None, bool]:
    """Which mail a change is for and whether it is each one found (``mail_each``): (the sender — after "from", else
    whose mail it is, "tom's emails" — the other words, each) — "mark all of tom's emails as read" → ("tom", None,
    True). ``people``: the names the request gives (the owner is one of them, else the word before "'s")."""
    sender, words = mail_target(text)
    toks = tokens(text)
    if sender is None:
        sender = _owner(toks, people)
        said = {t.word for t in tokens(sender or "")}
        kept = [word for word in (words or "").split() if word.casefold() not in said]
        words = " ".join(kept) or None
    return sender, words, _first("mail_each", toks) is not None


def _owner(toks: tuple[Token, ...], people: tuple[str, ...]) -> str | None:
    """The person whose mail the words name ("tom's emails", "john park's messages"): one of ``people`` whose last
    word is said with "'s", else the word said with "'s" right before a noun of mail."""
    owned = {t.word.removesuffix("'s") for t in toks if t.word.endswith("'s")}
    for person in people:
        named = tokens(person)
        if named and named[-1].word in owned:
            return person
    for index, tok in enumerate(toks[:-1]):
        if tok.word.endswith("'s") and _list("mail_nouns").at(tuple(t.word for t in toks), index + 1) is not None:
            return tok.word.removesuffix("'s")
    if toks and toks[-1].word.endswith("'s"):  # "same for john park's": the mail left unsaid is theirs
        first = next((i for i, t in enumerate(toks) if _list("mail_fillers").value((t.word,)) is None), len(toks) - 1)
        return " ".join(t.word for t in toks[first:]).removesuffix("'s") or None
    return None


def replied_mail(text: str, body_from: int | None, people: tuple[str, ...]) -> tuple[str | None, str | None]:
    """Which mail a reply answers: (its sender, its other words), read from the words after "reply to" up to the
    text to send (``body_from``) — "reply to maria's invoice email saying …" → ("maria", "invoice"); "reply to the
    overdue invoice email from maria" → ("maria", "overdue invoice"); "reply to maria" → ("maria", None): her
    latest mail. ``people``: the names the request gives (a sender is one of them)."""
    end = len(text) if body_from is None else body_from
    toks = tuple(t for t in tokens(text) if t.end <= end)
    lead = _first("reply_leads", toks)
    if lead is None or lead.start + lead.length >= len(toks):
        return (people[0] if people else None), None
    target = _answered_words(text, toks[lead.start + lead.length :]).rstrip(" :,;-–—")  # "… from maria: we'll pay"
    sender, words = mail_target(target)
    named = sender or next((p for p in people if p.lower() in target.lower()), None)
    if words is not None and named is not None:
        name_words = {w.lower() for w in named.split()}
        words = " ".join(w for w in words.split() if w.lower() not in name_words) or None
    return named, words


def _answered_words(text: str, toks: tuple[Token, ...]) -> str:
    """The words that say which mail a reply answers, from the first of ``toks``: up to a mark that ends a clause
    or a phrase of everyday_data/replied_mail_ends.txt ("… on the payment terms, just her", "… q3 deck email with
    my comments"), without a topic lead after the sender (replied_topic_leads.txt: "maria on the payment terms")."""
    said = tuple(t.word for t in toks)
    ends, leads = _list("replied_mail_ends"), _list("replied_topic_leads")
    kept: list[Token] = []
    for index, tok in enumerate(toks):
        if tok.word in _CLAUSE_MARKS or ends.at(said, index) is not None:
            break
        lead = leads.at(said, index)
        if lead is not None and index > 0:
            continue  # "on"/"about" between the sender and the topic: no word of the mail searched for
        kept.append(tok)
    return " ".join(text[tok.start : tok.end] for tok in kept)


_CLAUSE_MARKS = frozenset({",", ";", ".", "!", "?", "—", "–", "-", ":"})


def meeting_link_words(text: str) -> tuple[str, ...] | None:
    """The words asking for an online meeting link ("with a meet link"); None when there are none."""
    found = _first("meeting_link", tokens(text))
    if found is None:
        return None
    return tuple(t.word for t in tokens(text)[found.start : found.start + found.length])


def optional_people(text: str) -> list[str]:
    """People invited as optional: the name just before "as optional" or just after "optional(ly)"."""
    toks = tokens(text)
    found = _first("optional", toks)
    if found is None:
        return []
    before = toks[found.start - 1].end if found.start else 0
    after_index = found.start + found.length
    people = names.people(text)
    chosen = [p.text for p in people if p.end == before]
    if not chosen and after_index < len(toks):
        rest = toks[after_index].start
        chosen = [p.text for p in people if p.start >= rest and text[rest : p.start].strip(" :,").split() == []]
        chosen = chosen or [p.text for p in people if p.start >= rest][:1]
    return chosen


def calendar_name(text: str) -> str | None:
    """ "on my team calendar" → "team"; "on my calendar" → None (the primary calendar)."""
    toks = tokens(text)
    for index, tok in enumerate(toks):
        if tok.word != "calendar" or index == 0:
            continue
        word = toks[index - 1]
        if _list("calendar_fillers").value((word.word,)) is None and word.word.isalpha():
            return text[word.start : word.end]
    return None


def activity_kind(text: str) -> str | None:
    """ "log a call with Laura …" → "call"; None when nothing is logged."""
    found = _starts_with("activities", tokens(text))
    return found.value if found else None


def links_to_deal(text: str) -> bool:
    """ "link Dana to the Acme deal": a person added to a deal."""
    toks = tokens(text)
    return _starts_with("link_verbs", toks) is not None and any(t.word in ("deal", "opportunity") for t in toks)


def reread(text: str, reading: Reading) -> Reading:
    """The reading of a clause that changes mail, logs an activity or links a person to a deal, whatever the
    general reading made of it; else ``reading``."""
    if mail_change(text) is not None and (
        reading.entity in ("email", "none") or _from_an_address(text) or _marked_read(text)
    ):
        why = "a change to mail that exists (read, unread, archived)"
        return _as(reading, "update", "email", why)
    if activity_kind(text) is not None:
        why = "something that happened, logged on a record"
        return _as(reading, "create", "note", why)
    if links_to_deal(text):
        why = "a person linked to a deal"
        return _as(reading, "update", "deal", why)
    return reading


def _marked_read(text: str) -> bool:
    """ "mark everything from john as read", "mark the ones from ops unread": only mail is read or unread, so a
    request that marks something (as) read is about mail, whatever else its words suggested (an "everything" that
    read as each of some events). The mark is said with "as" or ends the request ("set a reminder to read the report"
    marks nothing)."""
    toks = tokens(text)
    verb = _starts_with("mail_mark_verbs", toks)
    if verb is None or _list("mail_read_verbs").value((toks[verb.start].word,)) is None:
        return False
    change = _first("mail_marks", toks, verb.start + verb.length)
    if change is None or _list("mail_read_marks").value((change.value,)) is None:
        return False
    return toks[change.start].word == "as" or change.start + change.length == len(toks)


def _from_an_address(text: str) -> bool:
    """ "… everything from digest@news.io": an email address after "from" (``address_sender_leads``) sends mail, so
    what is changed is mail, whatever the rest of the words suggested."""
    words = Words.of(text)
    return any(
        lead.end < len(words) and names.EMAIL_ADDRESS.fullmatch(words.words[lead.end].rstrip(".")) is not None
        for lead in cues("address_sender_leads").find_all(words)
    )


def _as(reading: Reading, intent: str, entity: str, why: str) -> Reading:
    return replace(
        reading,
        intent=intent,  # type: ignore[arg-type]
        entity=entity,  # type: ignore[arg-type]
        confidence=max(reading.confidence, 0.8),
        explanation=why,
        offtopic=None,
        loose=False,
    )
