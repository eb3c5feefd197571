"""A repeat rule (an RRULE such as ``FREQ=WEEKLY;BYDAY=TH``) in the words a person reads on a card: "every
Thursday", "every weekday at 9:00", "every 2 weeks on Monday and Wednesday", "every month on the first Monday".
A rule with parts this module does not know is shown as the rule, never as something it is not."""

from datetime import datetime

_DAYS = {"MO": "Monday", "TU": "Tuesday", "WE": "Wednesday", "TH": "Thursday", "FR": "Friday"}
_DAYS |= {"SA": "Saturday", "SU": "Sunday"}
_WEEKDAYS = ("MO", "TU", "WE", "TH", "FR")
_UNITS = {"DAILY": ("day", "days"), "WEEKLY": ("week", "weeks"), "MONTHLY": ("month", "months")}
_UNITS |= {"YEARLY": ("year", "years")}
_NTH = {"1": "first", "2": "second", "3": "third", "4": "fourth", "-1": "last"}
_KNOWN = frozenset({"FREQ", "INTERVAL", "BYDAY", "UNTIL", "COUNT", "WKST"})


def repeat_in_words(rule: str, start: datetime | None = None) -> str:
    """``rule`` said in words; with ``start`` (the first occurrence, in the reader's zone), its time of day."""
    parts = dict(part.partition("=")[::2] for part in rule.removeprefix("RRULE:").upper().split(";") if "=" in part)
    unit = _UNITS.get(parts.get("FREQ", ""))
    days = [day for day in parts.get("BYDAY", "").split(",") if day]
    if unit is None or not set(parts) <= _KNOWN or not all(_day(day) for day in days):
        return rule
    interval = parts.get("INTERVAL", "1")
    every = f"every {unit[0]}" if interval in ("", "1") else f"every {interval} {unit[1]}"
    if days and parts["FREQ"] == "WEEKLY":
        named = "weekday" if sorted(days, key=_order) == list(_WEEKDAYS) else _and([_day(day) for day in days])
        said = f"every {named}" if every == "every week" else f"{every} on {named}"
    elif days:
        said = f"{every} on the {_and([_day(day) for day in days])}"
    else:
        said = every
    if start is not None:
        said += f" at {start.hour}:{start.minute:02d}"
    if parts.get("COUNT"):
        said += f", {parts['COUNT']} times"
    if parts.get("UNTIL", "")[:8].isdigit():
        until = parts["UNTIL"]
        said += f", until {int(until[6:8])} {datetime(int(until[:4]), int(until[4:6]), 1):%b %Y}"
    return said


def _day(code: str) -> str:
    """ "TH" → "Thursday", "1MO" → "first Monday"; empty for a code this module does not know."""
    name, nth = _DAYS.get(code[-2:]), code[:-2]
    if name is None or (nth and nth not in _NTH):
        return ""
    return f"{_NTH[nth]} {name}" if nth else name


def _order(code: str) -> int:
    return list(_DAYS).index(code[-2:]) if code[-2:] in _DAYS else len(_DAYS)


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
