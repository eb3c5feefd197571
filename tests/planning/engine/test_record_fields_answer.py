"""A question about a deal's fields is answered field by field (user trial 1, item 11): "how much is it worth and
when does it close" says the amount and the close date, a second question of the request included."""

from planning.engine.replies import StepOutcome

GLOBEX = {"id": "d2", "name": "Globex deal", "company": "Globex", "amount": 125000, "stage": "negotiation",
          "closeDate": "2026-03-16"}  # fmt: skip


def _answer(replies) -> str:
    [outcome] = [r for r in replies if isinstance(r, StepOutcome)]
    return outcome.answer or ""


async def test_worth_and_close_date_are_both_answered(harness):
    harness.connector.responses["fetch_entity"] = [GLOBEX]
    answer = _answer(await harness.say("what's the Globex deal worth and when is it supposed to close?"))
    assert "$125,000" in answer and "Mon 16 Mar 2026" in answer


async def test_a_second_question_about_it_is_not_left_out(harness):
    harness.connector.responses["fetch_entity"] = [{**GLOBEX, "closeDate": None}]
    replies = await harness.say("when does the Globex deal close and how big is it?")
    answer = _answer(replies)
    assert "$125,000" in answer and "no close date on record" in answer
    assert [c["entityType"] for c in harness.connector.called("fetch_entity")] == ["Deal"]
