"""Text clean-up before understanding: Slack markup, wake words, spoken forms. Pure and fast."""

import html
import re

from planning.understanding import timewords as tw
from planning.understanding.classifier import next_clause
from planning.understanding.cues import Words, cues
from planning.understanding.day_typos import day_meant, respelled
from planning.understanding.message_lines import one_line
from planning.understanding.numbers import spoken_numbers_to_digits
from planning.understanding.record_topic import topic_said
from planning.understanding.verb_typos import respelled_verbs, verb_meant

_SLACK_MAILTO = re.compile(r"<mailto:([^|>]+)(?:\|[^>]*)?>")
_SLACK_LINK = re.compile(r"<(https?://[^|>]+)\|([^>]+)>|<(https?://[^>]+)>")
_SLACK_USER = re.compile(r"<@([A-Z0-9]+)(?:\|([^>]+))?>")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u2028\u2029\ufeff]")
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-"})


def unescape_slack(text: str) -> str:
    """Slack's ``<mailto:a@b|a@b>``, ``<http://x|label>``, ``<@U123>`` and HTML entities → plain text.

    A user mention keeps its id as ``@U123`` so that a front end can resolve it to an address.
    """
    text = _SLACK_MAILTO.sub(r"\1", text)
    text = _SLACK_LINK.sub(lambda m: m.group(2) or m.group(3) or m.group(1), text)
    text = _SLACK_USER.sub(lambda m: "@" + (m.group(2) or m.group(1)), text)
    return html.unescape(text)


def clean(text: str) -> str:
    """The request as understanding reads it: one line, no wake word, digits for spoken numbers."""
    text = _CONTROL.sub(" ", one_line(unescape_slack(text))).translate(_QUOTES)
    text = " ".join(text.split())
    text = _spoken_dots(_spoken_ats(text))
    previous = None
    while previous != text:
        previous = text
        text = _without_polite_start(_without_wake_word(text))
    text = _deal_close_date(topic_said(_without_polite_end(text).strip(" ,")))
    said = _said_span(text)
    if said is None:
        return _read(text)
    start, end = said  # the words to send stay as typed; numbers and chat spellings elsewhere are read
    return _read(text[:start]) + text[start:end] + _read(text[end:])


def _read(text: str) -> str:
    return spoken_numbers_to_digits(_days_said_short(_chat_spellings(respelled(text, day_meant, verb_meant))))


def _chat_spellings(text: str) -> str:
    """ "nxt week" → "next week", "go thru it" → "go through it", "Whats on thu" → "What's on thursday": the words
    of ``chat_spellings``, a capital kept."""
    words = Words.of(text)
    out, last = [], 0
    for found in cues("chat_spellings").find_all(words):
        start = words.char_start(found.start)
        value = found.value[:1].upper() + found.value[1:] if text[start].isupper() else found.value
        out.append(text[last:start] + value)
        last = words.char_end(found.end - 1)
    return "".join(out) + text[last:]


def _days_said_short(text: str) -> str:
    """ "what's on mon mar 9" → "what's on monday mar 9": a shortened weekday that is also an everyday word ("mon",
    "sat", "sun") read as the whole name where it is the day ("on sat", "sun at 10", "sat or sun"), so that every
    reader sees the day; "I sat down" stays."""
    words = Words.of(text)
    out, last = [], 0
    for i, word in enumerate(words.words):
        start, end = words.char_start(i), words.char_end(i)
        if word not in tw.RISKY_WEEKDAYS or not tw.risky_weekday_is_day(text, start, end):
            continue
        name = tw.DAY_NAMES[tw.WEEKDAYS[word]]
        out.append(text[last:start] + (name.capitalize() if text[start].isupper() else name))
        last = end
    return "".join(out) + text[last:]


def _spoken_ats(text: str) -> str:
    """ "tom at acme dot com" → "tom@acme.com"."""
    words = Words.of(text)
    seq, out, last = words.words, [], 0
    for at in cues("spoken_at").find_all(words, 1):
        i = at.start
        if i + 3 >= len(seq) or not (words.is_word(i - 1) and seq[i + 1].isalnum()):
            continue
        if seq[i + 2] not in cues("spoken_dot") or seq[i + 3] not in cues("spoken_domain_endings"):
            continue
        if words.char_start(i) <= last:
            continue
        out.append(text[last : words.char_end(i - 1)] + "@" + words.text_of(i + 1, i + 2) + ".")
        out.append(words.text_of(i + 3, i + 4))
        last = words.char_end(i + 3)
    return "".join(out) + text[last:]


def _spoken_dots(text: str) -> str:
    """ "tom@acme dot com" → "tom@acme.com", "tom@acme dot co dot uk" → "tom@acme.co.uk"."""
    joined = _spoken_dot(text)
    return joined if joined == text else _spoken_dots(joined)


def _spoken_dot(text: str) -> str:
    words = Words.of(text)
    seq, out, last = words.words, [], 0
    for i in range(1, len(seq) - 1):
        if "@" not in seq[i - 1] or seq[i] not in cues("spoken_dot") or seq[i + 1] not in cues("spoken_domain_endings"):
            continue
        out.append(text[last : words.char_end(i - 1)] + "." + words.text_of(i + 1, i + 2))
        last = words.char_end(i + 1)
    return "".join(out) + text[last:]


def _without_wake_word(text: str) -> str:
    """ "hey siri, book …" → "book …"."""
    words = Words.of(text)
    seq = words.words
    start = 1 if seq[:1] and seq[0] in cues("wake_greetings") and seq[1:2] and seq[1] in cues("wake_names") else 0
    if not (seq[start : start + 1] and seq[start] in cues("wake_names")):
        return text
    end = start + 1
    while end < len(seq) and seq[end] in (",", ":"):
        end += 1
    return text[words.char_start(end) :]


def _without_polite_start(text: str) -> str:
    """ "please can you book …" → "book …" (one opening or polite word at a time; ``clean`` repeats)."""
    words = Words.of(text)
    found = cues("polite_words").at(words) if words.toks else None
    if found is not None:
        end = found.end
        while end < len(words) and words.words[end] == ",":
            end += 1
        return text[words.char_start(end) :]
    for phrase, _ in cues("polite_openers").entries:
        end = len(phrase)
        if words.words[:end] == phrase and end < len(words) and text[words.char_end(end - 1)].isspace():
            return text[words.char_start(end) :]
    return text


def _deal_close_date(text: str) -> str:
    """ "push the close to the 12th" of a deal → "push the close date to the 12th": a deal's close, not an event."""
    words = Words.of(text)
    if cues("deal_close_contexts").find(words) is None:
        return text
    for found in reversed(list(cues("deal_close_shortened").find_all(words))):
        if found.end < len(words) and words.words[found.end] in ("date", "dates"):
            continue
        at = words.char_end(found.end - 1)
        text = text[:at] + " date" + text[at:]
    return text


_SIGN_OFF_MARKS = frozenset({",", "-", "–", "—", ".", "!"})


def _without_polite_end(text: str) -> str:
    """ "…, thanks!" → "…"."""
    words = Words.of(text)
    end = len(words)
    while end and words.words[end - 1] in (".", "!", "?"):
        end -= 1
    tail = cues("polite_tails").ending(words.words[:end])
    signed = cues("sign_offs").ending(words.words[:end])
    if tail is None and signed is not None and signed.start and words.words[signed.start - 1] in _SIGN_OFF_MARKS:
        tail = signed  # "…, ty": a thanks after a mark (alone, "ty" may be a name)
    if tail is None or _stands_in(words, tail.start):
        return text
    return text[: words.char_start(tail.start)].rstrip(" ,-–—")


def _stands_in(words: Words, tail: int) -> bool:
    """Whether the tail at token ``tail`` is whom a verb before it acts for ("sarah will cover for me")."""
    before = words.words[:tail]
    return cues("stand_in_verbs").ending(before) is not None


def _said_span(text: str) -> tuple[int, int] | None:
    """Where the text to send is: after a cue of ``said_cues.txt``, up to the next clause with its own action; else a
    note's text, after the colon that follows a word of ``note_nouns.txt`` ("a note on the deal: they'll sign for
    year one" keeps "year one", so the note is found by the words it was given), or a mail's, after the colon of a
    message opening with a verb of ``said_after_colon_leads.txt`` ("email tom: … on tues" keeps "tues"), or after its
    dash ("email priya re the deck - one comment")."""
    words = Words.of(text)
    for cue in cues("said_cues").find_all(words):
        end = words.char_end(cue.end - 1)
        if end < len(text) and text[end].isspace():
            return end + 1, next_clause(text, end + 1)
    lead = cues("said_after_colon_leads")  # "email tom: …", "reply: …", "email priya re the deck - …"
    opening = respelled_verbs(text[: words.char_end(0)]) if len(words) else ""  # "emial tom - …"
    mail = lead.at(Words.of(opening), 0) if lead.starts(opening) else None
    noun = mail or cues("note_nouns").find(words)
    colon = text.find(":", words.char_end(noun.end - 1)) if noun is not None else -1
    if colon >= 0 and colon + 1 < len(text) and text[colon + 1].isspace():
        return colon + 2, next_clause(text, colon + 2)
    dash = text.find(" - ", words.char_end(mail.end - 1)) if mail is not None else -1
    return (dash + 3, next_clause(text, dash + 3)) if dash >= 0 else None
