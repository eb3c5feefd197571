"""A clause that asks nothing and says a length alone ("give it 2 hours"), beside the one booking or move of the
message that says none, is that event's length; where the details of it were written ("in tom's email", "in the
invite") is no place it happens."""

from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM


def goal(text: str):
    [one] = GoalUnderstandingService().parse(text, MONDAY_9AM).goals
    return one


def test_a_length_said_in_a_clause_of_its_own_is_the_bookings():
    assert goal("add the vendor offsite to my calendar friday at 9, give it 3 hours").slots.duration_minutes == 180
    assert goal("book the design crit thursday at 2. let it run 90 minutes").slots.duration_minutes == 90


def test_a_booking_with_its_own_length_keeps_it():
    assert goal("book 30 min with omar thursday at 2, give it 45 min").slots.duration_minutes == 30


def test_where_the_details_were_written_is_no_place():
    assert goal("put the board dinner on my calendar, the details are in omar's email").slots.location is None
    assert goal("put the hiring sync on my calendar friday at 3, it's in the invite").slots.location is None
