"""A value said in the place of another, read against the values the open step shows (``Context.shown``) or the
things a pick shows (``Context.candidates``): "4:30 not 4", "30 min, not 45", "2 -> 3:30", "not wed, thu",
"negotiation rather than proposal", "85 not 80" (the amount shown as $80,000), "park, the globex one. not smith".

The value said as replaced is grounded first: the field whose value it is (:mod:`._shown_kinds`, by the field's kind)
gets the new value, when the new value is one of that field's kind. A value said alone ("an hour", "4:30", "95k") goes
to the one field shown of its kind. Nothing grounded, or more than one field: nothing is read here and the other
readings go on."""

from collections.abc import Mapping
from typing import Any

from planning.understanding import names
from planning.understanding.commands._any_day import ANY_DAY
from planning.understanding.commands._picks import words_of
from planning.understanding.commands._quiet import asks_nothing
from planning.understanding.commands._replacing import replacing
from planning.understanding.commands._shown_kinds import fits, fits_alone, names_shown
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.context import Context
from planning.understanding.commands.correct import Correct
from planning.understanding.commands.pick import Pick
from planning.understanding.commands.values import parse_answer, value_type

_QUOTES = "\"'“”‘’"
_PEOPLE = ("to", "attendees")  # the people a correction may replace (``Correct.field``)
_TEXTS = frozenset({"body", "subject", "title", "description", "comment"})  # changed word for word in the engine


def replaced(reply: Reply, context: Context, *, people_only: bool = False) -> Correct | None:
    """ "<new> not <old>" and its other shapes, where ``<old>`` is a value the open step shows: that field
    corrected; None when no shown value is the one said as replaced, or when the new value does not fit it. With
    ``people_only``, only one of the people replaced ("laura not dana" while the text is asked)."""
    said = replacing(reply)
    if said is None or said.old is None:
        return None
    new, old = said.new.strip(_QUOTES), said.old.strip(_QUOTES)  # '"nudge" instead of "chase"': the words quoted
    if _command(new):
        return None  # "cancel, not now": a decision, not a value
    digits = None if people_only else _digits_replaced(new, old, context.shown)
    if digits is not None:  # "0198 not 0199" where the phone is 312 555 0199: those digits of it
        return digits
    part = None if people_only else _part_replaced(new, old, context.shown)
    if part is not None:  # "acme.com not .co" where the email is raj@acme.co: that part of it
        return part
    shown = _by_field(context.shown)
    named = [field for field, values in shown.items() if names_shown(old, field, values) and fits(new, field)]
    people = [field for field in named if value_type(field) in ("emails", "email")]
    if people or (not named and names.listed(new) and _among_people(old, context)):
        field = people[0] if len(people) == 1 and people[0] in _PEOPLE else None
        return Correct(new, field=field, people=True, replaces=old) if fits(new, "to") else None
    if people_only:
        return None
    kept = [field for field in named if value_type(field) != "text"]  # a time, a length, an amount before a text
    if len(kept) == 1:  # an amount said with its own scale ("142.5k not 140") is not read at the old one's
        own_scale = value_type(kept[0]) == "number" and not new.replace(",", "").replace(".", "").strip().isdigit()
        return Correct(new, field=kept[0], replaces=None if own_scale else old)
    if kept or not named:
        return None
    whole = [field for field in named if any(value.lower() == old.strip().lower() for value in shown[field])]
    if len(whole) == 1 and len(named) > 1:  # "umbrella instead of hooli": the company, not the deal named after it
        named = whole
    if all(field in _TEXTS and field not in context.record_fields for field in named):
        return Correct(new, replaces=old)  # the words replaced in every text that has them
    if len(named) == 1:
        return Correct(_with_words(shown[named[0]][0], old, new), field=named[0], replaces=old)
    return None


def alone(reply: Reply, context: Context, fields: tuple[str, ...] | None = None) -> Correct | None:
    """A value said alone at a card ("an hour", "4:30", "95k", "proposal"): the one field shown (or of ``fields``: a
    record's, "prospecting" for a deal's stage it does not show yet) of its kind; None when no field fits it, or
    several do."""
    said = replacing(reply)
    if said is None or said.old is not None:
        return None
    scaled = _at_shown_scale(said.new, context.shown)
    if scaled is not None:  # "make it 55" where the amount is $52,000: $55,000
        return scaled
    shown = fields if fields is not None else tuple(dict.fromkeys(f for f, _ in context.shown))
    dates = tuple(f for f in context.record_fields if value_type(f) == "date")  # a day's form names no field of its own
    named_first = _after_field_name(said.new, tuple(dict.fromkeys((*shown, *dates))))
    if named_first is not None:  # "due next tues": the value after the name of the field shown it is for
        return named_first
    named = [field for field in shown if fits_alone(said.new, field)]
    return Correct(said.new, field=named[0]) if len(named) == 1 else None


def amount_at_scale(reply: Reply, context: Context) -> Correct | None:
    """A bare number said alone or after a verb of change ("oops make it 55") where the one number shown is at a
    scale it reaches ($52,000): that number at that scale (:func:`_at_shown_scale`)."""
    said = replacing(reply)
    return _at_shown_scale(said.new, context.shown) if said is not None and said.old is None else None


def _at_shown_scale(said: str, shown: tuple[tuple[str, str], ...]) -> Correct | None:
    """A bare number ("55", "52.5", "14500") where one number is shown, as said or in thousands or millions, within a
    factor of two of it at that scale (55 where the amount is 52,000; 14500 where it is 12,000): the number at that
    scale, for that field. A number near the one shown at no scale is left to the other readings."""
    number = said.strip().replace(",", "")
    if not number.replace(".", "", 1).isdigit():
        return None
    numbers = [(f, v) for f, v in shown if value_type(f) == "number"]
    if len(numbers) != 1:
        return None
    field, value = numbers[0]
    try:
        current, new = float(value), float(number)
    except ValueError:
        return None
    for scale in _SCALES:
        scaled = new * scale
        if current > 0 and scaled > 0 and 1 / _NEAR <= scaled / current <= _NEAR:
            return Correct(str(int(scaled)) if scaled.is_integer() else str(scaled), field=field)
    return None


_SCALES = (1, 1_000, 1_000_000)
_NEAR = 2  # a number at a scale within this factor of the one shown is said at its scale


def _after_field_name(said: str, shown: tuple[str, ...]) -> Correct | None:
    """A value said after the name of a field the step shows or its record has (data/record_fields.txt: "due next
    tues", "close date may 8", "due thursday pls" where the task has no due date yet): that field, when the words
    after the name, without words that only ask politely, are a value of its kind."""
    words = Reply.of(said)
    for index in range(len(words.words)):
        name = phrases("record_fields").at(words.words, index)
        if name is not None and name[1] in shown and index + name[0] < len(words.words):
            end = words.end_before(index + name[0], "polite")
            value = words.rest(index + name[0], end)  # "ok make it due next wed": the words before it ask for nothing
            fits_it = asks_nothing(words.words[:index]) and fits_alone(value, name[1])
            return Correct(value, field=name[1]) if fits_it else None
    return None


def _digits_replaced(new: str, old: str, shown: tuple[tuple[str, str], ...]) -> Correct | None:
    """Digits said in the place of digits of a phone number shown ("0198 not 0199", "typo, 4410 not 4401"): the
    number with those digits replaced. The new digits are the last said, as many as the old ones; the old ones must
    be in the number once."""
    old_digits = old.strip()
    said = Reply.of(new).words
    new_digits = said[-1] if said else ""
    if not (old_digits.isdigit() and new_digits.isdigit()) or len(old_digits) != len(new_digits):
        return None
    found = [(f, v) for f, v in shown if value_type(f) == "phone" and v.count(old_digits) == 1]
    if len(found) != 1:
        return None
    field, number = found[0]
    return Correct(number.replace(old_digits, new_digits), field=field)


def _part_replaced(new: str, old: str, shown: tuple[tuple[str, str], ...]) -> Correct | None:
    """A part of an address or a phone number shown said again typed right ("acme.com not .co", "555 0178 not 555
    0177" where the email is raj@acme.co and the phone 312 555 0177): the value with that part replaced. The new part
    is the longest end of the words said that makes a value of the field's kind ("it's acme.com": "acme.com"); what
    it shares with the value around the old part ("acme" of "acme.com" before ".co") is not doubled. The old part must
    be in one such value once and not be all of it."""
    piece, said = old.strip().lower(), Reply.of(new)
    found = [(f, v) for f, v in shown if value_type(f) in _TYPED and v.lower().count(piece) == 1 and v.lower() != piece]
    if not piece or len(found) != 1:
        return None
    field, value = found[0]
    for index in range(len(said.words)):
        fixed = _with_part(value, piece, said.rest(index))
        if fixed.lower() != value.lower() and parse_answer(field, fixed, ANY_DAY).ok:
            return Correct(fixed, field=field)
    return None


def _with_part(value: str, piece: str, typed: str) -> str:
    """``value`` with ``piece`` in it replaced by ``typed``, less what ``typed`` repeats of the value on either side."""
    start = value.lower().find(piece)
    end = start + len(piece)
    lowered = typed.lower()
    before = next(k for k in range(min(start, len(typed)), -1, -1) if value[start - k : start].lower() == lowered[:k])
    rest = len(typed) - before
    after = next(
        k
        for k in range(min(len(value) - end, rest), -1, -1)
        if value[end : end + k].lower() == lowered[len(typed) - k :]
    )
    return f"{value[: start - before]}{typed}{value[end + after :]}"


_TYPED = ("email", "phone")  # values typed as one string, a part of which may be typed again


def picked(reply: Reply, context: Context) -> Pick | None:
    """At a pick, "<new> not <old>" where the words of each name a different one of the things shown ("park, the
    globex one. not smith"): the one the new words name; when only the old words name one, of two shown, the other."""
    said = replacing(reply)
    if said is None or said.old is None or len(context.candidates) < 2:
        return None
    chosen = _naming(said.new, context.candidates, context.options)
    gone = _naming(said.old, context.candidates, context.options)
    if gone is None or chosen == gone:
        return None
    if chosen is None and len(context.candidates) == 2:  # "not smith" of two: the other one
        chosen = 1 - gone
    return Pick(index=chosen + 1) if chosen is not None else None


def _naming(words: str, candidates: tuple[Mapping[str, Any], ...], labels: tuple[str, ...]) -> int | None:
    """The one candidate most of the describing words name (at least one, and more than any other)."""
    said = [w for w in Reply.of(words).words if w.isalnum() and phrases("stop_words").value((w,)) is None]
    fields = [field for _, field in phrases("pick_fields").entries]
    counts = []
    for index, candidate in enumerate(candidates):
        known = words_of([*(candidate.get(f) for f in fields), labels[index] if index < len(labels) else ""])
        counts.append(sum(1 for w in said if w in known))
    best = max(counts, default=0)
    return counts.index(best) if best > 0 and counts.count(best) == 1 else None


def _command(said: str) -> bool:
    reply = Reply.of(said)
    return any(reply.is_one_of(name) is not None for name in _COMMANDS)


_COMMANDS = ("not_a_value", "approve", "cancel", "skip", "thanks", "undo")


def _by_field(shown: tuple[tuple[str, str], ...]) -> dict[str, tuple[str, ...]]:
    grouped: dict[str, tuple[str, ...]] = {}
    for field, value in shown:
        grouped[field] = (*grouped.get(field, ()), value)
    return grouped


def _among_people(old: str, context: Context) -> bool:
    return bool(context.people) and names_shown(old, "to", context.people)


def _with_words(shown: str, old: str, new: str) -> str:
    """``shown`` with the words ``old`` in it replaced by ``new`` (all of it when ``old`` is all of it). A ``new``
    that says the words before ``old`` again ("he's vp of operations not engineering" where it is "vp of
    engineering") is the value from those words on, not the words put in their place twice."""
    start = shown.lower().find(old.strip().lower())
    if start < 0:
        return new
    before, after = shown[:start], shown[start + len(old.strip()) :]
    again = new.lower().rfind(before.strip().lower()) if before.strip() else -1
    if again >= 0:  # the words before the old ones said again: the value restated from them
        return f"{new[again:]}{after}"
    return f"{before}{new}{after}"
