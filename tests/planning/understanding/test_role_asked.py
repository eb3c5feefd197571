"""A question of who holds a role at a company reads the role; a kind of CRM record in its place is that record."""

from planning.understanding.role_asked import asked_role


def test_a_job_title_at_a_company_is_a_role() -> None:
    assert asked_role("whos the head of ops over at umbrella") == "head of ops"


def test_the_name_of_a_kind_of_record_is_no_role() -> None:
    assert asked_role("who is the lead at umbrella") is None
    assert asked_role("who's the contact from umbrella") is None
