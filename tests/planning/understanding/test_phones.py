"""Phone numbers by their grammar: stored in their international form, read in the requester's region when typed
without a country code; a number that cannot be dialled is none."""

from datetime import datetime
from zoneinfo import ZoneInfo

from planning.understanding.commands.values import parse_answer
from planning.understanding.phones import dialable, region_of, stored_form


def test_a_number_typed_without_its_country_code_is_stored_in_the_requesters_region():
    assert stored_form("(718) 555-0163") == "+1 718 555 0163"
    assert stored_form("718.555.0163", "US") == "+1 718 555 0163"
    assert stored_form("030 2345678", "DE") == "+49 30 2345678"
    assert stored_form("+33 1 42 68 53 00", "US") == "+33 1 42 68 53 00"


def test_the_region_is_the_locales_else_the_time_zones_country_else_the_us():
    assert region_of("en-AU", "America/Chicago") == "AU"
    assert region_of("en", "Europe/Madrid") == "ES"
    assert region_of(None, "UTC") == "US"


def test_a_number_too_short_or_too_long_cannot_be_dialled_and_is_asked_again():
    assert not dialable("555 0163")  # no area code
    assert not dialable("718 555 01634 2")
    now = datetime(2026, 3, 2, 9, tzinfo=ZoneInfo("America/Chicago"))
    assert not parse_answer("phone", "555 0163", now).ok
    assert parse_answer("phone", "718-555-0163", now).value == "718-555-0163"  # kept as typed until it is written
