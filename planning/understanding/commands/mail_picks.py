"""Which of the emails shown a description means: by its sender ("the one from tom", "tom's"), by words of its
subject ("the summit one"), by its place in its thread ("the original", "the reply"), by its day ("yesterday's"),
by when it came among those that fit ("the older one") or by its place in the list ("the second one from tom").

    mail_described("the original one from tom", mails, now)  → 1   (Tom's "Partner summit", not Priya's "Re: …")

Every word that describes must fit the mail picked; a word that fits none of them picks none (a fresh search, or
the question asked again, is better than a guess). The words live in ``data/`` (mail_pick_words, mail_order,
mail_thread_roles, subject_marks, ordinals); days come from the understanding's time reader.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from planning.understanding.commands._words import Reply, phrases, tokens
from planning.understanding.commands.pick import Pick
from planning.understanding.timeexpr import find_times

Mail = Mapping[str, Any]


def is_mail(item: Mapping[str, Any]) -> bool:
    """Whether a thing shown is an email (it has a subject and a sender)."""
    return "subject" in item and "from" in item


def by_mail(reply: Reply, candidates: Sequence[Mail], now: datetime | None) -> Pick | None:
    """A pick among emails shown, by what the reply says of the one meant; None when the candidates are not all
    emails or the reply describes none of them alone."""
    if not candidates or not all(is_mail(c) for c in candidates):
        return None
    index = mail_described(reply.text, candidates, now)
    return Pick(index=index + 1) if index is not None else None


def mail_described(text: str, mails: Sequence[Mail], now: datetime | None) -> int | None:
    """The index (from 0, in the order shown) of the one mail of ``mails`` that ``text`` describes, else None."""
    said = _description(text, now)
    if said is None or said.empty:
        return None
    for wide in (False, True):  # the words in its sender or subject; failing that, in its text as well
        fits = [i for i, mail in enumerate(mails) if _fits(mail, said, wide=wide)]
        if fits:
            break
    if said.order is not None and len(fits) > 1:
        dated = [(when, i) for i in fits if (when := _date(mails[i])) is not None]
        if len(dated) == len(fits):
            fits = [(min if said.order == "oldest" else max)(dated)[1]]
    if said.position is not None and fits:
        position = said.position if said.position > 0 else len(fits) + 1 + said.position
        fits = [fits[position - 1]] if 1 <= position <= len(fits) else []
    return fits[0] if len(fits) == 1 else None


@dataclass
class _Said:
    words: list[str] = field(default_factory=list)  # words that must fit its sender or subject
    order: str | None = None  # "oldest" / "newest"
    position: int | None = None  # from 1 in the order shown; -1: the last
    role: str | None = None  # "original" / "reply" / "forward"
    days: list[tuple[datetime, datetime]] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.words or self.order or self.position or self.role or self.days)


def _description(text: str, now: datetime | None) -> _Said | None:
    said = _Said()
    day_spans: list[tuple[int, int]] = []
    if now is not None:
        for found in find_times(text, now, prefer="past"):
            if found.has_clock_time or found.end is None:
                return None  # a time of day describes no email we show by its day
            said.days.append((found.start, found.end))
            day_spans += list(found.spans)
    toks = [t for t in tokens(text) if not any(s <= t.start < e for s, e in day_spans)]
    words = tuple(_own(t.word) for t in toks)
    index = 0
    while index < len(words):
        matched = _phrase(words, index, said)
        if matched:
            index += matched
            continue
        word = words[index]
        index += 1
        if not any(c.isalnum() for c in word) or _filler(word):
            continue
        said.words.append(word)
    return said


def _phrase(words: tuple[str, ...], index: int, said: _Said) -> int:
    """How many words at ``index`` say when, where in its thread or where in the list the mail is (0: none)."""
    readers: list[tuple[str, Callable[[str], None]]] = [
        ("mail_order", lambda value: setattr(said, "order", value)),
        ("mail_thread_roles", lambda value: setattr(said, "role", value)),
        ("ordinals", lambda value: setattr(said, "position", int(value))),
    ]
    for name, keep in readers:
        found = phrases(name).at(words, index)
        if found is not None:
            keep(found[1])
            return found[0]
    return 0


def _own(word: str) -> str:
    """ "tom's" → "tom"."""
    return word[:-2] if word.endswith("'s") and len(word) > 2 else word


def _filler(word: str) -> bool:
    return any(phrases(name).value((word,)) is not None for name in ("mail_pick_words", "stop_words", "pick_fillers"))


def _fits(mail: Mail, said: _Said, *, wide: bool) -> bool:
    subject = tokens(str(mail.get("subject") or ""))
    if said.role is not None and _role(subject) != said.role:
        return False
    if said.days:
        when = _date(mail)
        if when is None or not any(start <= when < end for start, end in said.days):
            return False
    known = _words(str(mail.get("from") or "")) | {t.word for t in subject}
    if wide:
        known |= {t.word for t in tokens(str(mail.get("snippet") or mail.get("body") or ""))}
    initials = _initials([t.word for t in subject if any(c.isalnum() for c in t.word)])
    return all(any(_same_word(k, w) for k in known) or w in initials for w in said.words)


def _initials(words: list[str]) -> set[str]:
    """The first letters of each run of words of a subject ("master services agreement" → "msa"): a
    word said that is one of them names the mail by its initials ("the signed msa")."""
    return {
        "".join(word[0] for word in words[start:end])
        for start in range(len(words))
        for end in range(start + _LEAST_INITIALS, len(words) + 1)
    }


def sent_by(mail: Mail, sender: str) -> bool:
    """Whether every word of ``sender`` (a name or an address) is a word of the mail's sender."""
    known = _words(str(mail.get("from") or ""))
    said = _words(sender)
    return bool(said) and all(any(_same_word(k, w) for k in known) for w in said)


def _same_word(known: str, word: str) -> bool:
    """ "summ" starts "summit"; "rehearsing" and "rehearse" share all but their endings."""
    if known == word or (len(word) > 2 and known.startswith(word)):
        return True
    shared = next((i for i, (a, b) in enumerate(zip(known, word, strict=False)) if a != b), min(len(known), len(word)))
    return shared >= _STEM and shared >= min(len(known), len(word)) - _ENDING


_LEAST_INITIALS = 3  # words whose first letters a word said may be ("sow": statement of work)
_STEM = 5  # letters two forms of a word share at least ("rehears")
_ENDING = 3  # letters an ending may differ by ("-ing", "-ed", "-s")


def _role(subject: Sequence[Any]) -> str:
    """ "Re: …" → "reply", "Fwd: …" → "forward", else "original"."""
    words = [t.word for t in subject]
    if len(words) > 1 and words[1] == ":":
        return phrases("subject_marks").value((words[0],)) or "original"
    return "original"


def _words(sender: str) -> set[str]:
    """A sender's words: the name's, the address's parts and its domain's ("Tom Reyes <tom.reyes@acme.com>" →
    tom, reyes, tom.reyes@acme.com, acme, com)."""
    found: set[str] = set()
    for token in tokens(sender):
        found.add(token.word)
        found.update(token.word.replace("@", ".").replace("-", ".").replace("_", ".").split("."))
    return found


def _date(mail: Mail) -> datetime | None:
    value = mail.get("date")
    try:
        found = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
    return found if found is not None and found.tzinfo is not None else None
