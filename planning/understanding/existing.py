"""How a clause acts on things that already exist (contract §2.6, §2.7): every item of a set, people added to or
taken off an event, an invitation answered, a value or a file taken from mail, a reply to everyone, a repeat.

Each reader looks at the words of one clause and returns a plain value for the goal's ``scope``; the recipes turn
those into ``for_each`` steps, attendee changes, ``extract`` steps and attachments.
"""

import re
from dataclasses import dataclass
from typing import Literal

from planning.understanding import names
from planning.understanding.timewords import PLURAL_WEEKDAYS, WEEKDAYS
from planning.understanding.words import EXCEPT_FILLER, EXCEPT_WORDS, FREE_TIME_PHRASES

Response = Literal["accepted", "declined", "tentative"]

_EVERY = re.compile(
    r"\b(?:all|every|everything|each|any and all|whole|entire)\b"
    r"|\b(?:my|the) (?:whole |entire )?(?:calendar|schedule|diary|agenda)\b"
    r"|\b(?:clear|free up|empty|wipe) (?:out )?(?:my|the)\b",  # "clear my Friday": whatever is on it
    re.I,
)
_PLURAL_EVENTS = re.compile(r"\b(?:meetings|events|calls|appointments|invit(?:es|ations)|syncs|1:1s)\b", re.I)


_EXCEPT = re.compile(
    r"\b(?:" + "|".join(re.escape(words).replace(r"\ ", r"\s+") for words in EXCEPT_WORDS) + r")\s+(?P<what>[^,.;!?]+)",
    re.I,
)


def excepted(text: str) -> tuple[str, str] | None:
    """ "cancel all my Friday meetings except the 1:1" → ("1:1", the text before "except"): the words of the items
    left out of a set (contract §2.9), without the words around them ("the one with Priya" → "with Priya")."""
    match = _EXCEPT.search(text)
    if match is None:
        return None
    words = match.group("what").split()
    while words and words[0].lower() in EXCEPT_FILLER:
        words.pop(0)
    while words and words[-1].lower() in EXCEPT_FILLER:
        words.pop()
    return (" ".join(words), text[: match.start()].rstrip()) if words else None


_WE_ARE = re.compile(r"\b(we|they|everyone|she|he) (?:are|is)\b")
_FREE_TIME = re.compile(r"\b(?:" + "|".join(re.escape(p) for p in FREE_TIME_PHRASES) + r")\b")


def _contracted(text: str) -> str:
    lowered = text.lower().replace("’", "'")
    return _WE_ARE.sub(lambda m: f"{m.group(1)}'{'re' if m.group(1) in ('we', 'they') else 's'}", lowered)


def free_time_phrase(text: str) -> str | None:
    """The words that ask for the first free slot ("when we're both free"); None when there are none."""
    match = _FREE_TIME.search(_contracted(text))
    return match.group(0) if match else None


def without_free_time(title: str) -> str | None:
    """A title read with the free-time words in it, without them ("Call with Tom when we are both free" → "Call
    with Tom"); None when nothing of it is left."""
    for cut in range(len(title)):  # the first place from which the rest of the title is the free-time words
        if title[cut] == " " and _FREE_TIME.match(_contracted(title[cut + 1 :])):
            return title[:cut].rstrip(" ,;-") or None
    return None if _FREE_TIME.match(_contracted(title)) else title


def acts_on_each(text: str, *, has_range: bool) -> bool:
    """The change is for every event found ("all my Tuesday meetings", "clear my calendar on Thursday", "decline
    my Friday afternoon meetings"): a quantifier, or plural events over a time range."""
    return bool(_EVERY.search(text)) or (has_range and bool(_PLURAL_EVENTS.search(text)))


_NAMED_EVENT = re.compile(
    r"\b(?:the|my|our|this|that|(?=(?:today|tonight|tomorrow|yesterday|\w+day)'s\s))\s*(?P<name>(?:(?!(?:next|upcoming|first|last|all|every|each)\b)[\w:'&-]+\s+){0,4}?"
    r"(?:meeting|call|sync|review|standup|stand-up|1:1|one on one|demo|lunch|dinner|breakfast|offsite|off-site|"
    r"planning|presentation|interview|session|workshop|webinar|retro|check-?in|catch-?up|kickoff|kick-off|"
    r"huddle|appointment|summit|conference)s?)\b",
    re.I,
)
# a day said before the event's noun is when it is, not its name ("my fri meetings", "thurs's sync"): every
# weekday word of the vocabulary, abbreviations too (contract §2.4 v3)
_DAY_NAMES = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
_WHEN_WORDS = re.compile(
    rf"^(?:(?:today|tonight|tomorrow|tmrw|tmr|yesterday|{_DAY_NAMES}|next week|this week)(?:'s)?"
    r"\s+|(?:morning|afternoon|evening)\s+)+",
    re.I,
)
_GENERIC_EVENT = re.compile(r"^(?:meeting|call|event|appointment)s?$", re.I)


def named_event(text: str) -> str | None:
    """The name of an event that exists ("the Globex pricing review" → "Globex pricing review"); None for a
    generic one ("the meeting")."""
    match = _NAMED_EVENT.search(text)
    if match is None:
        return None
    name = _WHEN_WORDS.sub("", match.group("name").strip())
    return None if _GENERIC_EVENT.match(name) else name


_EVENT_PEOPLE = re.compile(
    r"\b(?:every(?:one|body)|all(?: of)? (?:the )?(?:attendees|participants|guests|invitees|people)|the (?:attendees|"
    r"participants|guests|invitees|people)|all)\s+(?:in|at|from|of|on|invited to|attending|who (?:are|were) in)\s+",
    re.I,
)


def people_of_event(text: str) -> str | None:
    """ "email everyone in the launch review": the event whose attendees are the recipients."""
    match = _EVENT_PEOPLE.search(text)
    if match is None:
        return None
    return named_event(
        text[match.end() :]
        if re.match(r"(?:the|my|our|this|that)\b", text[match.end() :], re.I)
        else "the " + text[match.end() :]
    )


_ADD_PEOPLE = re.compile(
    r"^(?:please\s+)?(?:add|invite|include|bring|loop)\b(?P<who>.+?)\b(?:in\s+)?(?:to|into|on|in)\s", re.I
)
_REMOVE_PEOPLE = re.compile(
    r"^(?:please\s+)?(?:remove|drop|take|uninvite|kick)\b(?P<who>.+?)\b(?:from|off|out of)\s", re.I
)


def attendee_change(text: str) -> Literal["add", "remove"] | None:
    """ "add Sarah to the review" → add; "take John off the launch review" → remove; anything else → None."""
    if _REMOVE_PEOPLE.search(text):
        return "remove"
    if _ADD_PEOPLE.search(text):
        return "add"
    return None


def changed_people(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names and the addresses between the verb and the event in an attendee change ("add Maria and
    tom.reyes@example.com to ...")."""
    match = _REMOVE_PEOPLE.search(text) or _ADD_PEOPLE.search(text)
    if match is None:
        return (), ()
    who = match.group("who")
    addresses = tuple(names.email_addresses(who))
    found = [person.text for person in names.people(names.EMAIL_ADDRESS.sub(" ", who))]
    listed = names.listed(who)  # the span holds only people: lower-case names too ("invite tom and sarah")
    return tuple(listed if len(listed) > len(found) else found), addresses


_RESPONSES: tuple[tuple[re.Pattern[str], Response], ...] = (
    (re.compile(r"\b(?:tentative(?:ly)?|maybe|provisionally)\b", re.I), "tentative"),
    (re.compile(r"\b(?:decline[ds]?|turn down|reject|say no to|rsvp no|can't make|cannot make)\b", re.I), "declined"),
    (
        re.compile(r"\b(?:accept(?:ed)?|say yes to|rsvp(?: yes)?|confirm (?:i'll|i will) (?:come|attend))\b", re.I),
        "accepted",
    ),
)


def invitation_response(text: str) -> Response | None:
    """The answer to an invitation the clause gives ("decline the launch review" → declined)."""
    for pattern, response in _RESPONSES:
        if pattern.search(text):
            return response
    return None


_REPLY_ALL = re.compile(r"\breply(?:ing)?[- ](?:to[- ])?(?:all|everyone|everybody)\b|\breply[- ]all\b", re.I)


def replies_to_all(text: str) -> bool:
    return bool(_REPLY_ALL.search(text))


@dataclass(frozen=True, slots=True)
class MailSource:
    """Where in the mailbox a value or a file is: who sent it, and words it is about."""

    sender: str | None = None
    query: str | None = None
    span: tuple[int, int] | None = None  # the words that said so, to leave out of titles


_FROM_MAIL = re.compile(
    r"\b(?:from|in|based on|according to|using|out of)\s+(?:the|my|that|this|those|these)?\s*"
    r"(?:(?P<owner>[A-Z][\w.-]*(?: [A-Z][\w.-]*)?)'s\s+)?(?:latest\s+|last\s+|recent\s+)?"
    r"(?:(?P<kind>(?!(?:e-?mails?|mails?|messages?)\b)[\w&'-]+(?: [\w&'-]+){0,2})\s+)?"
    r"(?:e-?mails?|mails?|messages?|inbox|invite email)"
    r"(?:\s+(?:from\s+(?P<sender>[A-Z][\w.-]*(?: [A-Z][\w.-]*)?)|(?:about|regarding|re)\s+(?P<about>[\w' -]+?)))?"
    r"(?=[,.;]|\s+(?:and|make|for|with|on|at|to|into|onto|in)\b|$)",
    re.I,
)
_PRONOUN_TOPIC = re.compile(r"^(?:it|this|that|them|those)$", re.I)


def value_source(text: str, topic: str | None) -> MailSource | None:
    """ "put the partner summit from the emails on my calendar", "based on the emails about it", "from Tom's
    email": the values come from mail; ``topic`` (what the clause is about) searches it when the words don't."""
    match = _FROM_MAIL.search(text)
    if match is None:
        return None
    sender = match.group("owner") or match.group("sender")
    about = match.group("about") or match.group("kind")
    if about is None or _PRONOUN_TOPIC.match(about.strip()):
        about = topic
    return MailSource(sender=sender, query=about.strip() if about else None, span=match.span())


_ATTACHED = re.compile(
    r"\b(?:the|that|this|those|these)\s+(?P<thing>[\w' -]{1,40}?)\s+(?:that\s+)?"
    r"(?P<sender>[A-Z][\w.-]*(?: [A-Z][\w.-]*)?)\s+"
    r"(?:attached|sent(?: me| over| us)?|shared|forwarded(?: me)?|e-?mailed(?: me)?)\b"
    r"|\b(?:the\s+)?(?P<thing2>[\w' -]{1,40}?)\s+(?:attached to|attachment (?:in|of|from))\s+"
    r"(?:the|my|that)?\s*(?:(?P<sender2>[A-Z][\w.-]*)'s\s+)?(?:last |latest )?(?:e-?mail|message)",
)
_NOT_A_THING = re.compile(r"^(?:e-?mail|message|one|file)s?$", re.I)


def attachment_source(text: str) -> MailSource | None:
    """ "send Sarah the contract John attached last week": a file from mail, by its sender and what it is."""
    match = _ATTACHED.search(text)
    if match is None:
        return None
    thing = (match.group("thing") or match.group("thing2") or "").strip()
    sender = match.group("sender") or match.group("sender2")
    if sender is not None and sender.lower() in ("i", "we", "you"):
        return None
    query = None if not thing or _NOT_A_THING.match(thing) else thing
    return MailSource(sender=sender, query=query, span=match.span())


_WEEKDAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
_DAY_WORD = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?"
_EVERY_DAYS = re.compile(rf"\b(?:every|each)\s+((?:{_DAY_WORD}s?(?:\s*(?:,|and|&)\s*)?)+)", re.I)
_FREQUENCY: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"\b(?:bi-?weekly|fortnightly|every (?:other|second|2nd|two) weeks?)\b", re.I),
        "FREQ=WEEKLY;INTERVAL=2",
    ),
    (
        re.compile(r"\b(?:every (?:week ?day|working day|business day)|weekdays)\b", re.I),
        "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    ),
    (re.compile(r"\b(?:daily|every (?:day|morning|evening|afternoon|night))\b", re.I), "FREQ=DAILY"),
    (re.compile(r"\b(?:weekly|every week|each week|once a week)\b", re.I), "FREQ=WEEKLY"),
    (re.compile(r"\b(?:monthly|every month|each month|once a month)\b", re.I), "FREQ=MONTHLY"),
    (re.compile(r"\b(?:yearly|annually|every year|each year|once a year)\b", re.I), "FREQ=YEARLY"),
)


_NTH_WEEKDAY = re.compile(rf"\b(first|second|third|fourth|last)\s+({_DAY_WORD})\b", re.I)
_NTH = {"first": "1", "second": "2", "third": "3", "fourth": "4", "last": "-1"}


def recurrence(text: str) -> str | None:
    """An RRULE for a repeat the clause names ("every Monday" → FREQ=WEEKLY;BYDAY=MO, "daily" → FREQ=DAILY,
    "monthly on the first Monday" → FREQ=MONTHLY;BYDAY=1MO)."""
    days = _weekday_codes(text)
    for pattern, rule in _FREQUENCY:
        if pattern.search(text):
            nth = _NTH_WEEKDAY.search(text)
            if rule == "FREQ=MONTHLY" and nth:
                return f"{rule};BYDAY={_NTH[nth.group(1).lower()]}{_WEEKDAYS[_day_index(nth.group(2))]}"
            if days and rule.startswith("FREQ=WEEKLY") and "BYDAY" not in rule:
                return f"{rule};BYDAY={','.join(days)}"
            return rule
    if days:
        return f"FREQ=WEEKLY;BYDAY={','.join(days)}"
    return None


def _weekday_codes(text: str) -> list[str]:
    """Days named as repeating: "every Monday and Wednesday", or plural "on Thursdays"."""
    every = _EVERY_DAYS.search(text)
    if every:
        words = re.findall(_DAY_WORD, every.group(1), re.I)
    else:  # "on Thursdays"; not "thurs" nor "tues", which name one day
        words = [word for word in re.findall(r"[a-z]+", text.lower()) if word in PLURAL_WEEKDAYS]
    return list(dict.fromkeys(_WEEKDAYS[_day_index(word)] for word in words))


def _day_index(word: str) -> int:
    starts = ("mon", "tu", "we", "th", "fr", "sa", "su")
    lowered = word.lower()
    return next(index for index, start in enumerate(starts) if lowered.startswith(start))
