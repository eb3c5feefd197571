"""A person's address asked with whose said in one word typed without its apostrophe (session 14 user test c15:
"whats johns email" listed the whole inbox): a contact looked up, while the mail itself asked stays mail."""

import pytest

from tests.planning.conftest import goals, run


@pytest.mark.parametrize("said", ["whats toms email", "what is danas email address?", "what's lauras e-mail"])
def test_whose_address_without_an_apostrophe_is_a_contact_looked_up(said: str) -> None:
    assert goals(run(said)) == [("find", "contact")]


@pytest.mark.parametrize("said", ["whats the email", "what's the latest email from tom?"])
def test_the_mail_itself_asked_is_still_mail(said: str) -> None:
    assert goals(run(said)) == [("find", "email")]
