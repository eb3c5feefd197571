"""What a channel sees of a plan, a question and a result, and the requester's private approval card."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.slack import blocks
from bot.slack.blocks_text import clip, escape
from planning.engine.replies import AskApproval, AskValue, StepOutcome
from planning.engine.view import PlanView
from tests.slack.test_blocks import ASK, PRIYA, actions, approvals, check_message, plan, plan_views, section_texts

SECRET = "zebra-body-0042"
ASK_WITH_SECRETS = ASK.model_copy(update={"arguments": {"to": ["priya@acme.io"], "body": SECRET}})


def test_a_channel_sees_what_waits_for_whom_without_the_arguments() -> None:
    message = blocks.plan_message(plan(PRIYA), ASK_WITH_SECRETS, for_channel="U0ALICE")
    check_message(message)
    shown = json.dumps(message)
    assert SECRET not in shown and "priya@acme.io" not in shown
    assert "Waiting for <@U0ALICE> to approve: Email Priya" in message["text"]
    assert any(t.startswith("✋ *Waiting for <@U0ALICE> to approve:* Email Priya") for t in section_texts(message))
    [buttons] = actions(message)
    assert [e["action_id"] for e in buttons["elements"]] == ["step_approve", "step_skip", "step_edit", "plan_cancel"]


def test_the_private_card_shows_the_arguments_and_the_buttons() -> None:
    card = blocks.approval_card(ASK_WITH_SECRETS)
    check_message(card)
    assert SECRET in section_texts(card)[0] and "priya@acme.io" in section_texts(card)[0]
    assert len(actions(card)) == 1


def test_a_channel_question_keeps_its_choices_for_the_requester() -> None:
    ask = AskValue(text="Which Priya?", options=["Priya Shah · priya@acme.io", "Priya Rao · rao@initech.com"])
    shared = blocks.shared_question_message(ask, "U0ALICE")
    check_message(shared)
    assert "acme.io" not in json.dumps(shared) and "<@U0ALICE>" in json.dumps(shared)
    assert "priya@acme.io" in json.dumps(blocks.question_message(ask))


def test_a_channel_sees_that_a_change_was_made_or_failed_not_its_data() -> None:
    done = StepOutcome(step_id="s2", tool="send_email", intent="Email Priya", ok=True, data={"id": "m1", "to": SECRET})
    failed = StepOutcome(step_id="s2", tool="send_email", intent="Email Priya", ok=False, error=f"bad {SECRET}")
    assert blocks.shared_outcome_message(done, "U0ALICE")["text"] == "✅ Email Priya"  # no id: it says nothing
    assert SECRET not in json.dumps(blocks.shared_outcome_message(failed, "U0ALICE"))
    assert "<@U0ALICE>" in blocks.shared_outcome_message(failed, "U0ALICE")["text"]


def test_a_replaced_card_and_a_delivery_notice_are_short_and_escaped() -> None:
    replaced = blocks.card_result("Approved by you: <!channel> " + "x" * 5000)
    check_message(replaced)
    assert "<!channel>" not in json.dumps(replaced) and actions(replaced) == []
    notice = blocks.delivery_problem("the result of “<!here>”", "msg_too_long")
    check_message(notice)
    assert "msg_too_long" in notice["text"] and "<!here>" not in notice["text"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(view=plan_views, approval=approvals, decided=st.lists(st.text(max_size=200), max_size=10))
def test_no_argument_reaches_a_channel_and_every_card_keeps_slacks_limits(
    view: PlanView, approval: AskApproval, decided: list[str]
) -> None:
    message = blocks.plan_message(view, approval, decided, for_channel="U0ALICE")
    check_message(message)
    check_message(blocks.approval_card(approval))
    if view.state not in ("done", "expired"):
        waiting = [b for b in message["blocks"] if "Waiting for <@U0ALICE>" in json.dumps(b)]
        expected = f"✋ *Waiting for <@U0ALICE> to approve:* {escape(clip(approval.intent, 300))}"
        assert waiting[0]["text"]["text"] == expected  # the intent alone: no tool, no arguments
