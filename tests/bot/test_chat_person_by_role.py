"""A question of who holds a role at a company is answered with the person (a contact found by job title), and "email
him" after it writes to that person (issue 24)."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_who_holds_a_role_finds_the_person_and_him_is_that_person(tmp_path: Path):
    output = chat(
        tmp_path,
        "who is the procurement lead over at globex",
        "email him that the revised quote went to legal",
        "a",
    )
    assert "John Park" in output.split("> email him")[0]
    args = FetchEmailsArgs(to="john.park@globex.com", since="2026-03-02T08:00:00-05:00", includeBody=True)
    [sent] = read(tmp_path, "fetch_emails", args)
    assert "legal" in str(sent["body"]).lower()
