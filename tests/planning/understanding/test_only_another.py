"""At a card, "just <another change>" leaves the one shown out, and "just <this one>" approves it alone."""

from planning.understanding.commands import Decide
from planning.understanding.commands.context import Context
from planning.understanding.commands.reader import read_reply

AT_MAIL = Context(question="approval", doing="send_email", open_plan=True)
AT_EVENT = Context(question="approval", doing="create_calendar_event", open_plan=True)


def _action(text: str, context: Context) -> tuple[str, bool] | None:
    [read] = read_reply(text, context)
    return (read.action, read.only) if isinstance(read, Decide) else None


def test_the_other_change_named_skips_the_one_shown() -> None:
    assert _action("only book the kickoff", AT_MAIL) == ("skip", False)
    assert _action("just the meeting", AT_MAIL) == ("skip", False)
    assert _action("just the email", AT_EVENT) == ("skip", False)
    assert _action("hold the email, he knows already. just book the sync", AT_MAIL) == ("skip", False)


def test_the_change_shown_named_is_approved_alone() -> None:
    assert _action("just the email for now", AT_MAIL) == ("approve", True)
    assert _action("only send the invite", AT_EVENT) == ("approve", True)
    assert _action("just book the kickoff", AT_EVENT) == ("approve", True)
    assert _action("just this one for now", AT_MAIL) == ("approve", True)


def test_a_pronoun_is_the_change_shown() -> None:
    assert _action("just send it", AT_EVENT) == ("approve", False)
    assert _action("just send it", AT_MAIL) == ("approve", False)


def test_the_change_shown_named_with_a_skip_of_another_decides_both() -> None:
    read = read_reply("send the email but skip the meeting, i'll see him friday", AT_MAIL)
    assert [(c.action, c.target) for c in read if isinstance(c, Decide)] == [("skip", "event"), ("approve", None)]
