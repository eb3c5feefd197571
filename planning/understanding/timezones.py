"""Zone words said right after a clock time ("4pm CT", "10am London", "9am Pacific", "noon UTC"; contract §2.4
v3), read from ``data/time_zones.json`` (a newcomer adds a zone there, not in code).

``zone_after(text, pos)``: the zone named at ``pos`` (spaces first, an optional "(", a trailing "time"), and
where its words end. A word that is also an everyday word ("central", "pacific", "ct") is a zone only when
written in capitals, or when "time", the end of the sentence or a word of ``data/zone_followers.txt`` (a day word,
a word that begins who the time is with or what it is about: "10am central re the audit") follows it ("3pm central
park" is no zone).
"""

import json
import re
from dataclasses import dataclass
from datetime import tzinfo
from functools import lru_cache
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

DATA_FILE = Path(__file__).with_name("data") / "time_zones.json"
_MAX_WORDS = 3
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
FOLLOWERS_FILE = Path(__file__).with_name("data") / "zone_followers.txt"


@dataclass(frozen=True, slots=True)
class Zones:
    names: dict[tuple[str, ...], str]  # the zone's words, lower case → IANA name
    needs_time: frozenset[str]


@dataclass(frozen=True, slots=True)
class ZoneSaid:
    zone: tzinfo
    end: int  # where the zone's words (and "time", ")") end in the text


@lru_cache(maxsize=1)
def zones() -> Zones:
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    names = {tuple(word.split()): iana for word, iana in raw["zones"].items()}
    return Zones(names, frozenset(raw.get("needs_time", ())))


@lru_cache(maxsize=1)
def _followers() -> frozenset[str]:
    lines = FOLLOWERS_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset(word for line in lines if (word := line.strip().lower()) and not word.startswith("#"))


@lru_cache(maxsize=128)
def _zone(iana: str) -> tzinfo | None:
    try:
        return ZoneInfo(iana)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def zone_after(text: str, pos: int) -> ZoneSaid | None:
    """The zone named right after ``pos`` in ``text``, if any."""
    known = zones()
    rest = text[pos:]
    lead = len(rest) - len(rest.lstrip())
    if not lead and rest[:1].isalpha() and not rest[:1].isupper():
        return None  # "4pmct": glued lower-case letters are no zone word
    at = pos + lead
    opened = text.startswith("(", at)
    if opened:
        at += 1
    words: list[re.Match[str]] = []
    for match in _WORD.finditer(text, at):
        gap = text[(words[-1].end() if words else at) : match.start()]
        if gap.strip() or len(words) == _MAX_WORDS:
            break
        words.append(match)
    for size in range(len(words), 0, -1):
        said = words[:size]
        key = tuple(m.group(0).lower() for m in said)
        iana = known.names.get(key)
        zone = _zone(iana) if iana else None
        if zone is None:
            continue
        end = said[-1].end()
        after = _WORD.match(text, end + len(text[end:]) - len(text[end:].lstrip()))
        follower = after.group(0).lower() if after else ""
        if follower == "time":
            end = after.end() if after else end
            follower = ""
        elif len(key) == 1 and key[0] in known.needs_time:
            written = said[0].group(0)
            capitals = len(written) > 1 and written.isupper()
            stops = text[end:].strip()[:1] in ("", ",", ".", ";", "!", "?", ")")
            if not (capitals or stops or follower in _followers()):
                continue
        if opened:
            close = text[end:].lstrip()
            if close.startswith(")"):
                end = len(text) - len(close) + 1
        return ZoneSaid(zone, end)
    return None
