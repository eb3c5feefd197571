"""Two people told or asked in one message, each their own thing ("tell X …, and ask Y …"), are two emails: each
person gets only what was said to them. "and ask him/if/for …" goes on with the same message."""

from tests.planning.conftest import goals, run, steps


def test_telling_one_person_and_asking_another_is_two_emails() -> None:
    line = run("tell omar the offsite photos came out great, and ask nina whether the venue invoice was paid")
    assert goals(line) == [("send", "email"), ("send", "email")]
    first, second = (step["arguments"]["input"] for step in steps(line, "send_email"))
    assert "photos" in first["body"].lower() and "invoice" not in first["body"].lower()
    assert "invoice" in second["body"].lower() and "photos" not in second["body"].lower()


def test_asking_what_of_the_same_person_stays_one_email() -> None:
    line = run("email tom saying the venue changed and ask if he can still come")
    assert goals(line) == [("send", "email")]
