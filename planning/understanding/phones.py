"""Phone numbers by their grammar (Google's libphonenumber, the ``phonenumbers`` package): whether a number as typed
can be dialled, and the form it is stored in — international, with the country code, digits grouped by spaces ("512
555 0190" typed in the US → "+1 512 555 0190"). A number typed without its country code is read in the requester's
region: the region of their locale ("en-GB"), else the country of their time zone, else the US."""

from functools import cache
from importlib import resources

import phonenumbers

DEFAULT_REGION = "US"


def region_of(locale: str | None = None, zone: str | None = None) -> str:
    """The region a phone number without a country code is read in: ``locale``'s ("en-GB" → "GB"), else the country
    of the time zone ``zone`` ("Europe/Berlin" → "DE"), else the US."""
    if locale:
        parts = locale.replace("_", "-").split("-")
        if len(parts) > 1 and len(parts[-1]) == len("US") and parts[-1].isalpha():
            return parts[-1].upper()
    return _zone_countries().get(zone or "", DEFAULT_REGION)


def dialable(text: str, region: str = DEFAULT_REGION) -> bool:
    """Whether ``text`` is a phone number with as many digits as a number of its country has (an area code too)."""
    return _parsed(text, region) is not None


def stored_form(text: str, region: str = DEFAULT_REGION) -> str | None:
    """``text`` as stored: "+1 512 555 0190"; None when it is no number that can be dialled."""
    number = _parsed(text, region)
    if number is None:
        return None
    shown = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
    return shown.replace("-", " ")


def _parsed(text: str, region: str) -> phonenumbers.PhoneNumber | None:
    try:
        number = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException:
        return None
    reason = phonenumbers.is_possible_number_with_reason(number)
    return number if reason == phonenumbers.ValidationResult.IS_POSSIBLE else None


@cache
def _zone_countries() -> dict[str, str]:
    """Time zone → country code, from the zone table the ``tzdata`` package ships."""
    try:
        table = resources.files("tzdata").joinpath("zoneinfo", "zone.tab").read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        return {}
    countries: dict[str, str] = {}
    for line in table.splitlines():
        fields = line.split("\t")
        if len(fields) >= 3 and not line.startswith("#"):
            countries[fields[2]] = fields[0]
    return countries
