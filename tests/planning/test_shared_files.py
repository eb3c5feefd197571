"""Files shared with a request are attached to the email it sends (contract §2.7), after the files it names and in
place of an attachments placeholder; other steps stay as they are."""

from planning.planner.shared_files import with_shared_files
from planning.types import Plan, Step


def step(step_id: str, tool: str, **inputs: object) -> Step:
    return Step(id=step_id, intent=step_id, tool=tool, arguments={"input": inputs})


def test_the_shared_files_join_the_email_the_request_sends() -> None:
    plan = Plan(
        steps=(
            step("find", "fetch_emails", query="contract", hasAttachment=True),
            step("send", "send_email", to=["a@example.org"], subject="s", body="b"),
            step("reply", "reply_email", messageId="m", body="b", attachments=["email:m/2", "{{PLACEHOLDER_file}}"]),
            step("ask", "send_email", to=["b@example.org"], subject="s", body="b", attachments="{{PLACEHOLDER_x}}"),
        )
    )
    attached = with_shared_files(plan, ["slack:F1", "slack:F2"])
    found, send, reply, ask = attached.steps
    assert found == plan.steps[0]
    assert send.inputs["attachments"] == ["slack:F1", "slack:F2"] and send.inputs["to"] == ["a@example.org"]
    assert reply.inputs["attachments"] == ["email:m/2", "slack:F1", "slack:F2"]
    assert ask.inputs["attachments"] == ["slack:F1", "slack:F2"]


def test_without_shared_files_the_plan_is_unchanged() -> None:
    plan = Plan(steps=(step("send", "send_email", to=["a@example.org"], subject="s", body="b"),))
    assert with_shared_files(plan, []) is plan
