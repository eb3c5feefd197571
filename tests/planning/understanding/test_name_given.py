"""Where a new person's name is asked, an answer with more than the name: the name (with capitals when typed in
lower case), the fields said beside it by their form, and no remark."""

import pytest

from planning.understanding.commands import Answer, Context, read_reply

_NAME_ASKED = Context(
    question="value",
    name="name",
    value_kind="text",
    open_plan=True,
    doing="create_entity",
    record_fields=("name", "email", "phone", "company", "title"),
    correctable=("text",),
)


@pytest.mark.parametrize(
    ("reply", "answer"),
    [
        ("ravi menon - title vp sales, he starts monday", Answer("Ravi Menon", also=(("title", "vp sales"),))),
        (
            "greta lind. cell 212 555 0100, greta@lind.io. met her at the expo",
            Answer("Greta Lind", also=(("phone", "212 555 0100"), ("email", "greta@lind.io"))),
        ),
        ("tomasz okafor, head of ops", Answer("Tomasz Okafor", also=(("title", "head of ops"),))),
        ("okafor", Answer("Okafor")),
    ],
)
def test_the_name_and_the_fields_beside_it(reply: str, answer: Answer) -> None:
    assert read_reply(reply, _NAME_ASKED) == (answer,)


@pytest.mark.parametrize("reply", ["not sure yet, ask tom", "hmm let me check"])
def test_words_that_are_no_name_stay_the_answer_as_typed(reply: str) -> None:
    assert read_reply(reply, _NAME_ASKED) == (Answer(reply),)


def test_the_name_of_a_deal_is_no_persons_name() -> None:
    deal = Context(
        question="value",
        name="name",
        value_kind="text",
        open_plan=True,
        doing="create_entity",
        record_fields=("name", "company", "amount", "stage", "closeDate"),
    )
    assert read_reply("umbrella expansion", deal) == (Answer("umbrella expansion"),)
