"""Block Kit rendering: shapes, readable values, escaping, Slack's limits, and the Edit modal's round trip."""

import json
from typing import Any, Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from slack_sdk.models.blocks import Block
from slack_sdk.models.views import View

from bot.slack import blocks
from bot.slack.blocks_text import blocks_text_size
from bot.slack.declared import ACTION_IDS, EDIT_CALLBACK_ID
from planning.engine.replies import AskApproval, AskValue, Say, StepOutcome
from planning.engine.view import Intention, PlanView, StepLine, StepShown

# --- builders and the limit checker ----------------------------------------------------------------------


def units(text: str) -> int:
    """Length as Slack counts it (UTF-16 code units)."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def step(
    id: str,
    intent: str,
    state: StepShown = "pending",
    kind: Literal["read", "write"] = "read",
    tool: str = "fetch_entity",
    note: str | None = None,
) -> StepLine:
    return StepLine(id=id, intent=intent, tool=tool, kind=kind, state=state, note=note)


def plan(
    *intentions: Intention,
    state: str = "awaiting_approval",
    confidence: float = 0.9,
    request: str = "Email Priya the Q3 deck",
) -> PlanView:
    return PlanView(
        session_id="sess42",
        request=request,
        understood="send/email",
        explanation="an email to one person",
        confidence=confidence,
        state=state,
        intentions=list(intentions),
    )


PRIYA = Intention(
    title="Email Priya the Q3 deck",
    active=True,
    complete=False,
    steps=[
        step("s1", "Find Priya", "done"),
        step("s2", "Email Priya", "waiting for you", kind="write", tool="send_email"),
    ],
)
ASK = AskApproval(
    session_id="sess42",
    step_id="s2",
    tool="send_email",
    intent="Email Priya",
    arguments={"to": ["priya@acme.io", "sam@acme.io"], "subject": "Q3 deck", "startTime": "2026-03-05T14:00:00-05:00"},
    args_hash="0123456789abcdef",
)


def section_texts(payload: dict[str, Any]) -> list[str]:
    return [b["text"]["text"] for b in payload["blocks"] if b["type"] == "section"]


def actions(payload: dict[str, Any]) -> list[dict[str, Any]]:
    return [b for b in payload["blocks"] if b["type"] == "actions"]


def check_element(element: dict[str, Any]) -> None:
    assert units(element["action_id"]) <= 255
    if element["type"] == "button":
        assert 0 < units(element["text"]["text"]) <= 75
        assert units(element["value"]) <= 2000


def check_block(block: dict[str, Any], *, in_view: bool = False) -> None:
    parsed = Block.parse(block)
    assert parsed is not None and parsed.to_dict() == block  # slack_sdk understands every key we send
    parsed.validate_json()  # ...and finds no limit broken
    if "block_id" in block:
        assert units(block["block_id"]) <= 255
    kind = block["type"]
    if kind == "section":
        assert 0 < units(block["text"]["text"]) <= 3000
        if "accessory" in block:
            check_element(block["accessory"])
    elif kind == "context":
        assert len(block["elements"]) <= 10
        assert all(0 < units(e["text"]) <= 2000 for e in block["elements"])
    elif kind == "actions":
        assert 0 < len(block["elements"]) <= 25
        for element in block["elements"]:
            check_element(element)
    elif kind == "header":
        assert units(block["text"]["text"]) <= 150
    elif kind == "input":
        assert in_view
        assert units(block["label"]["text"]) <= 2000
        initial = block["element"].get("initial_value", "")
        assert units(initial) <= block["element"]["max_length"] <= 3000
    else:
        assert kind == "divider", kind


def check_message(payload: dict[str, Any]) -> None:
    """Everything Slack checks on chat.postMessage / chat.update."""
    assert isinstance(payload["text"], str) and 0 < units(payload["text"]) <= 4000
    assert 0 < len(payload["blocks"]) <= 50
    assert blocks_text_size(payload["blocks"]) <= 12_000  # else Slack: msg_blocks_too_long
    ids = [b["block_id"] for b in payload["blocks"] if "block_id" in b]
    assert len(ids) == len(set(ids))
    for block in payload["blocks"]:
        check_block(block)


def check_view(view: dict[str, Any]) -> None:
    """What views.open / views.publish check."""
    assert View(**view).to_dict() == view
    View(**view).validate_json()
    assert 0 < len(view["blocks"]) <= 100
    ids = [b["block_id"] for b in view["blocks"] if "block_id" in b]
    assert len(ids) == len(set(ids))
    for block in view["blocks"]:
        check_block(block, in_view=True)
    if view["type"] == "modal":
        assert units(view["title"]["text"]) <= 24
        assert units(view["private_metadata"]) <= 3000


def submit(modal: dict[str, Any], changes: dict[str, str | None] | None = None) -> dict[str, Any]:
    """The ``view`` of a view_submission: every input as initially filled, then ``changes`` typed by the user."""
    values: dict[str, Any] = {}
    for block in modal["blocks"]:
        if block["type"] == "input":
            text = block["element"].get("initial_value")
            values[block["block_id"]] = {"value": {"type": "plain_text_input", "value": text}}
    for block_id, text in (changes or {}).items():
        values[block_id] = {"value": {"type": "plain_text_input", "value": text}}
    return {
        "id": "V1",
        "type": "modal",
        "callback_id": modal["callback_id"],
        "private_metadata": modal["private_metadata"],
        "state": {"values": values},
    }


# --- the plan message ------------------------------------------------------------------------------------


def test_plan_message_shows_request_understanding_and_steps_with_state_icons() -> None:
    message = blocks.plan_message(plan(PRIYA), ASK)
    check_message(message)
    assert [b["type"] for b in message["blocks"]] == ["section", "context", "section", "section", "actions"]
    texts = section_texts(message)
    assert texts[0] == "*Request:* Email Priya the Q3 deck"  # no intents, classifier figures or rules
    assert message["blocks"][1]["elements"][0]["text"] == (
        "waiting for your approval · 1 of 2 steps done · waiting for you: Email Priya"
    )
    assert texts[1] == (
        "▶️ *Email Priya the Q3 deck*  _(now)_\n"
        "      ✅ Find Priya · _done_\n"
        "      ✋ Email Priya · needs approval · _waiting for you_"
    )
    assert message["text"] == (
        "Plan for “Email Priya the Q3 deck”: waiting for your approval · 1 of 2 steps done · waiting for you: "
        "Email Priya\nWaiting for your approval: Email Priya"
    )


def test_low_confidence_is_shown_and_high_confidence_is_not() -> None:
    low = section_texts(blocks.plan_message(plan(PRIYA, confidence=0.42)))[0]
    assert low.endswith("_I am not sure I understood this: tell me if the steps below are not what you meant._")
    high = section_texts(blocks.plan_message(plan(PRIYA, confidence=0.55)))[0]
    assert "not sure" not in high and "0.55" not in high


@pytest.mark.parametrize(
    ("state", "icon"),
    [
        ("pending", "⚪"),
        ("waiting for you", "✋"),
        ("running", "🔄"),
        ("done", "✅"),
        ("skipped", "⏭️"),
        ("failed", "❌"),
        ("unknown", "❔"),
    ],
)
def test_every_step_state_has_its_icon(state: StepShown, icon: str) -> None:
    intention = Intention(title="Goal", active=False, complete=False, steps=[step("s1", "Do it", state, note="why")])
    text = section_texts(blocks.plan_message(plan(intention, state="running")))[1]
    assert text == f"◻️ Goal\n      {icon} Do it · _{state}_ (why)"


def test_approval_buttons_carry_session_step_and_hash() -> None:
    message = blocks.plan_message(plan(PRIYA), ASK)
    [block] = actions(message)
    elements = block["elements"]
    assert [e["action_id"] for e in elements] == [
        ACTION_IDS["approve"],
        ACTION_IDS["skip"],
        ACTION_IDS["edit"],
        ACTION_IDS["cancel"],
    ]
    assert [e["text"]["text"] for e in elements] == ["Approve", "Skip", "Edit", "Cancel plan"]
    assert [e.get("style") for e in elements] == ["primary", None, None, "danger"]
    assert elements[3]["confirm"]["title"]["text"] == "Cancel this plan?"
    assert "confirm" not in elements[0]
    for element in elements:
        assert json.loads(element["value"]) == {"s": "sess42", "t": "s2", "h": "0123456789abcdef"}
        assert blocks.read_button_value(element["value"]) == {"s": "sess42", "t": "s2", "h": "0123456789abcdef"}
    assert elements[0]["value"] == '{"s":"sess42","t":"s2","h":"0123456789abcdef"}'  # compact


def test_approval_section_shows_resolved_arguments_readably() -> None:
    ask = ASK.model_copy(
        update={
            "arguments": {
                **ASK.arguments,
                "durationMinutes": 30,
                "fields": {"email": "a@b.io", "amount": 1500.0},
                "unreadOnly": True,
            }
        }
    )
    text = section_texts(blocks.plan_message(plan(PRIYA), ask))[-1]
    assert text == (
        "*Waiting for your approval:* Email Priya\n"
        "*To:* priya@acme.io, sam@acme.io\n"
        "*Subject:* Q3 deck\n"
        "*Start:* Thu 5 Mar 2026, 14:00 (UTC-05:00)\n"
        "*Length:* 30\n"
        "*Fields:*\n"
        "      Email: a@b.io\n"
        "      Amount: 1500\n"
        "*Unread only:* yes"
    )


def test_values_too_big_to_print_do_not_break_the_message() -> None:
    ask = ASK.model_copy(update={"arguments": {"n": 10**5000, "odd": {(1, 2): "tuple key"}}})
    text = section_texts(blocks.plan_message(plan(PRIYA), ask))[-1]
    assert text.endswith("*N:* (a number too long to show)\n*Odd:*\n      (1, 2): tuple key")
    assert json.loads(blocks.edit_modal(ask)["private_metadata"])["k"] == 2


def test_a_10000_character_argument_is_cut_with_an_ellipsis() -> None:
    ask = ASK.model_copy(update={"arguments": {"body": "x" * 10_000, "subject": "Q3"}})
    message = blocks.plan_message(plan(PRIYA), ask)
    check_message(message)
    text = section_texts(message)[-1]
    assert text == "*Waiting for your approval:* Email Priya\n*Message:* " + "x" * 999 + "…\n*Subject:* Q3"


@pytest.mark.parametrize("state", ["done", "failed", "cancelled", "expired"])
def test_a_finished_plan_has_no_buttons(state: str) -> None:
    message = blocks.plan_message(plan(PRIYA, state=state), ASK, ["Approved by <@U1>: Find Priya"])
    check_message(message)
    assert actions(message) == []
    assert not any("Waiting for your approval" in t for t in section_texts(message))
    assert "Waiting for your approval" not in message["text"]


def test_decisions_replace_earlier_buttons_and_mention_only_the_decider() -> None:
    decided = ["Approved by <@U1>: Email Priya", "Skipped by <@U2ABC>: Ping <@U999> <!channel>", "Cancelled by <@U3>"]
    message = blocks.plan_message(plan(PRIYA, state="cancelled"), None, decided)
    assert section_texts(message)[-1] == (
        "✅ Approved by <@U1>: Email Priya\n"
        "⏭️ Skipped by <@U2ABC>: Ping &lt;@U999&gt; &lt;!channel&gt;\n"
        "🛑 Cancelled by <@U3>"
    )
    assert blocks.decision_line("Approved", "U1", "Email Priya") == "✅ Approved by <@U1>: Email Priya"


def test_content_cannot_ping_the_channel_or_become_a_link() -> None:
    evil = "<!channel> see <https://evil.example|click> & <@U123>"
    intention = Intention(title=evil, active=True, complete=False, steps=[step("s1", evil, note=evil)])
    ask = ASK.model_copy(update={"intent": evil, "arguments": {"subject": evil}})
    message = blocks.plan_message(plan(intention, request=evil), ask)
    shown = "&lt;!channel&gt; see &lt;https://evil.example|click&gt; &amp; &lt;@U123&gt;"
    for text in [*section_texts(message), message["text"]]:
        assert "<!channel>" not in text and "<https://" not in text and "<@U123>" not in text
    assert section_texts(message)[0] == f"*Request:* {shown}"
    assert f"*Subject:* {shown}" in section_texts(message)[-1]
    assert blocks.escape("<!channel>") == "&lt;!channel&gt;"
    assert blocks.escape("a &lt; b & c") == "a &lt; b &amp; c"  # escaping twice changes nothing


def test_forty_intentions_of_five_steps_stay_within_fifty_blocks_and_slacks_text_limit() -> None:
    intentions = [
        Intention(
            title=f"Goal {g}",
            active=g == 25,
            complete=g < 25,
            steps=[
                step(f"s{g}.{k}", f"Step {k} of goal {g}, as it was planned", "done" if g < 25 else "pending")
                for k in range(5)
            ],
        )
        for g in range(40)
    ]
    decided = [f"Approved by <@U1>: Step {k}" for k in range(125)]
    message = blocks.plan_message(plan(*intentions), ASK, decided)
    check_message(message)  # 40 goals of 5 steps are more text than one message takes: some are counted
    assert any(text.startswith("☑️ *25 finished goals*") for text in section_texts(message))
    assert all(f"Step 4 of goal {g}" in json.dumps(message["blocks"]) for g in range(25, 40))  # the open ones
    assert section_texts(message)[-2].startswith("_… and ")  # old decisions are counted, the last ones shown
    assert section_texts(message)[-2].endswith("✅ Approved by <@U1>: Step 124")


def test_a_long_plan_folds_finished_intentions_and_counts_what_is_left_out() -> None:
    intentions = [
        Intention(
            title=f"Goal {g}",
            active=g == 20,
            complete=g < 20,
            steps=[step(f"s{g}.{k}", f"Step {k}", "done" if g < 20 else "pending") for k in range(5)],
        )
        for g in range(80)
    ]
    message = blocks.plan_message(plan(*intentions), ASK)
    check_message(message)
    assert len(message["blocks"]) == 50
    folded = section_texts(message)[1]
    assert folded.startswith("☑️ *20 finished goals* (100 done): Goal 0 · Goal 1 · ")
    assert section_texts(message)[2].startswith("▶️ *Goal 20*")
    # 50 = 2 head + 1 folded + 44 goals shown + 1 count + approval + buttons; 60 - 44 = 16 goals of 5 steps left
    assert message["blocks"][-3] == {
        "type": "context",
        "elements": [{"type": "mrkdwn", "text": "… and 80 more steps in 16 more goals"}],
    }


def test_an_intention_with_many_long_steps_is_cut_within_its_section() -> None:
    intention = Intention(
        title="Big", active=True, complete=False, steps=[step(f"s{k}", "y" * 290 + str(k)) for k in range(40)]
    )
    message = blocks.plan_message(plan(intention))
    check_message(message)
    text = section_texts(message)[1]
    assert text.endswith(" more steps_")
    assert units(text) <= 3000


# --- thread replies --------------------------------------------------------------------------------------


def test_question_message_numbers_options_and_offers_skip() -> None:
    ask = AskValue(
        text="Which Priya?",
        example="2",
        problem="“7” is not one of the options",
        options=["Priya Shah <priya@acme.io>", "Priya Rao"],
        can_skip=True,
    )
    message = blocks.question_message(ask)
    check_message(message)
    assert section_texts(message) == [
        "⚠️ Sorry, “7” is not one of the options.\n*Which Priya?*",
        "1. Priya Shah &lt;priya@acme.io&gt;\n2. Priya Rao",
    ]
    assert message["blocks"][2]["elements"][0]["text"] == "e.g. 2 · reply with a number · or reply `skip`"
    assert message["text"] == "Sorry, “7” is not one of the options. Which Priya?"


def test_a_plain_question_has_one_section_and_no_hints() -> None:
    message = blocks.question_message(AskValue(text="What subject?"))
    assert message == {
        "text": "What subject?",
        "blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": "*What subject?*"}}],
    }


def test_say_message_shows_its_tone_and_spreads_long_text_over_sections() -> None:
    assert section_texts(blocks.say_message(Say(text="Done & dusted", tone="done"))) == ["✅ Done &amp; dusted"]
    assert section_texts(blocks.say_message(Say(text="No", tone="refusal"))) == ["🙅 No"]
    long = blocks.say_message(Say(text=("line of text\n" * 700).strip(), tone="problem"))
    check_message(long)
    assert len(long["blocks"]) == 4
    assert "".join(t + "\n" for t in section_texts(long)) == "⚠️ " + "line of text\n" * 700
    assert "file" not in long


def test_a_message_longer_than_slack_takes_shows_its_start_and_comes_whole_as_a_file() -> None:
    text = ("line of text\n" * 2000).strip()
    long = blocks.say_message(Say(text=text, tone="problem"))
    check_message(long)
    assert "".join(t + "\n" for t in section_texts(long)).startswith("⚠️ " + "line of text\n" * 100)
    assert "attached file" in str(long["blocks"][-1])
    assert long["file"]["content"] == text


def test_outcome_lists_at_most_ten_records_with_their_useful_fields() -> None:
    records = [
        {
            "id": f"c{k}",
            "name": f"Person {k}",
            "email": f"p{k}@acme.io",
            "company": "Acme",
            "stage": "won",
            "amount": 1500,
            "notes": "not shown",
        }
        for k in range(12)
    ]
    message = blocks.outcome_message(
        StepOutcome(step_id="s1", tool="fetch_entity", intent="Find deals", ok=True, data=records)
    )
    check_message(message)
    lines = section_texts(message)[0].split("\n")
    assert lines[0] == "*Find deals* · 12 found"
    assert lines[1] == "• *Person 0* · p0@acme.io · Acme · stage won · amount 1500"
    assert len(lines) == 12 and lines[-1] == "_and 2 more_"
    assert message["text"] == "Find deals: 12 found: Person 0, Person 1, Person 2, …"


def test_outcome_of_emails_and_events_reads_naturally() -> None:
    emails = [{"subject": "Q3 <deck>", "from": "Priya <priya@acme.io>", "date": "2026-03-02T09:00:00+00:00"}]
    events = [{"title": "Sync", "startTime": "2026-03-05T14:00:00-05:00", "attendees": ["a@b.io"]}]
    mail = blocks.outcome_message(StepOutcome(step_id="s", tool="fetch_emails", intent="Mail", ok=True, data=emails))
    assert section_texts(mail)[0] == (
        "*Mail* · 1 found\n• *Q3 &lt;deck&gt;* · from Priya &lt;priya@acme.io&gt; · Mon 2 Mar 2026, 09:00 (UTC+00:00)"
    )
    cal = blocks.outcome_message(
        StepOutcome(step_id="s", tool="fetch_calendar_events", intent="Events", ok=True, data=events)
    )
    assert section_texts(cal)[0] == "*Events* · 1 found\n• *Sync* · Thu 5 Mar 2026, 14:00 (UTC-05:00)"


@pytest.mark.parametrize(
    ("outcome", "text"),
    [
        (StepOutcome(step_id="s", tool="fetch_entity", intent="Find", ok=True, data=[]), "🔍 *Find*: nothing found."),
        (
            StepOutcome(step_id="s", tool="summarize", intent="Summary", ok=True, data={"summary": "All <good>"}),
            "*Summary*\nAll &lt;good&gt;",
        ),
        (
            StepOutcome(step_id="s", tool="send_email", intent="Email Priya", ok=True, data={"id": "m-17"}),
            "✅ Email Priya",  # an id says nothing to people
        ),
        (
            StepOutcome(step_id="s", tool="send_email", intent="Email Priya", ok=False, error="SMTP said <no>"),
            "⚠️ *Email Priya* failed: SMTP said &lt;no&gt;",
        ),
        (StepOutcome(step_id="s", tool="delete_entity", intent="Delete", ok=True, data=None), "✅ Delete"),
    ],
)
def test_outcome_message_forms(outcome: StepOutcome, text: str) -> None:
    message = blocks.outcome_message(outcome)
    check_message(message)
    assert section_texts(message) == [text]


# --- open plans and App Home -----------------------------------------------------------------------------


def test_open_plans_each_have_progress_and_a_cancel_button() -> None:
    other = plan(
        Intention(title="t", active=True, complete=False, steps=[step("a", "Look up", "running")]),
        state="running",
        request="Find <!here> deals",
    )
    other = other.model_copy(update={"session_id": "sess7"})
    message = blocks.open_plans_message([plan(PRIYA), other])
    check_message(message)
    assert message["text"] == "You have 2 open plans."
    rows = message["blocks"][1:]
    assert [r["text"]["text"] for r in rows] == [
        "*Email Priya the Q3 deck*\nwaiting for your approval · 1 of 2 steps done · waiting for you: Email Priya",
        "*Find &lt;!here&gt; deals*\nrunning · 0 of 1 step done · running: Look up",
    ]
    for row, session in zip(rows, ["sess42", "sess7"], strict=True):
        button = row["accessory"]
        assert button["action_id"] == ACTION_IDS["cancel"]
        assert json.loads(button["value"]) == {"s": session}
        assert button["confirm"]["confirm"]["text"] == "Cancel plan"


def test_no_open_plans() -> None:
    message = blocks.open_plans_message([])
    assert message == {
        "text": "You have no open plans.",
        "blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": "You have no open plans."}}],
    }


def test_many_open_plans_stay_within_fifty_blocks() -> None:
    views = [plan(PRIYA).model_copy(update={"session_id": f"s{k}"}) for k in range(70)]
    message = blocks.open_plans_message(views)
    check_message(message)
    assert len(message["blocks"]) == 50
    assert message["blocks"][-1]["elements"][0]["text"] == "… and 22 more open plans (`/plans` lists them)"


def test_home_view_has_open_plans_recent_results_and_how_to_use() -> None:
    view = blocks.home_view([plan(PRIYA)], [("Find deals", "3 found: Acme <x>"), ("Email Priya", "✅ sent")])
    check_view(view)
    assert view["type"] == "home"
    headers = [b["text"]["text"] for b in view["blocks"] if b["type"] == "header"]
    assert headers == ["Your open plans", "Recent results", "How to use"]
    assert view["blocks"][1]["accessory"]["action_id"] == ACTION_IDS["cancel"]
    assert json.loads(view["blocks"][1]["accessory"]["value"]) == {"s": "sess42"}
    assert view["blocks"][4]["text"]["text"] == "*Find deals*\n3 found: Acme &lt;x&gt;"
    assert "`/plan`: Plan and run a request" in view["blocks"][-1]["text"]["text"]


def test_empty_home_view() -> None:
    view = blocks.home_view([], [])
    check_view(view)
    assert section_texts(view)[:2] == ["You have no open plans.", "Nothing yet: results of your plans show up here."]


# --- the Edit modal --------------------------------------------------------------------------------------

EDITABLE = AskApproval(
    session_id="sess42",
    step_id="s3",
    tool="create_calendar_event",
    intent="Book 30 minutes with Priya",
    arguments={
        "title": "Q3 sync",
        "startTime": "2026-03-05T14:00:00-05:00",
        "durationMinutes": 30,
        "attendees": ["priya@acme.io", "sam@acme.io"],
        "fields": {"email": "p@acme.io", "amount": 1500.5},
        "filters": {},
        "unreadOnly": False,
        "ratio": 2.0,
        "extra": [{"deep": 1}],
    },
    args_hash="feedfacecafebeef",
)


def test_edit_modal_has_one_input_per_argument_and_nested_key() -> None:
    modal = blocks.edit_modal(EDITABLE, required={"title"})
    check_view(modal)
    assert modal["callback_id"] == EDIT_CALLBACK_ID
    assert modal["title"]["text"] == "Edit step"
    inputs = [b for b in modal["blocks"] if b["type"] == "input"]
    assert [b["block_id"] for b in inputs] == [
        "title",
        "startTime",
        "durationMinutes",
        "attendees",
        "fields.email",
        "fields.amount",
        "unreadOnly",
        "ratio",
        "extra",
    ]
    assert {b["element"]["action_id"] for b in inputs} == {"value"}
    initial = {b["block_id"]: b["element"].get("initial_value") for b in inputs}
    assert initial == {
        "title": "Q3 sync",
        "startTime": "Thu 5 Mar 2026, 14:00 (UTC-05:00)",  # in words, read back exactly
        "durationMinutes": "30",
        "attendees": "priya@acme.io, sam@acme.io",
        "fields.email": "p@acme.io",
        "fields.amount": "1500.5",
        "unreadOnly": "no",
        "ratio": "2",
        "extra": '[{"deep": 1}]',
    }
    assert [b["optional"] for b in inputs] == [False] + [True] * 8
    assert inputs[1]["hint"]["text"] == "Or in words, e.g. Friday 1pm."
    assert [b["label"]["text"] for b in inputs[:4]] == ["Title", "Start", "Length (minutes)", "Attendees"]
    meta = json.loads(modal["private_metadata"])
    assert meta == {
        "s": "sess42",
        "t": "s3",
        "h": "feedfacecafebeef",
        "tool": "create_calendar_event",
        "types": {
            "title": "str",
            "startTime": "datetime",
            "durationMinutes": "int",
            "attendees": "list",
            "fields.email": "str",
            "fields.amount": "float",
            "filters": "dict",
            "unreadOnly": "bool",
            "ratio": "float",
            "extra": "json",
        },
    }


def test_edit_modal_round_trip_gives_back_the_same_typed_arguments() -> None:
    modal = blocks.edit_modal(EDITABLE)
    meta, arguments = blocks.read_edit_submission(submit(modal))
    assert arguments == EDITABLE.arguments
    assert [type(arguments[k]) for k in ("durationMinutes", "ratio", "unreadOnly", "attendees")] == [
        int,
        float,
        bool,
        list,
    ]
    assert (meta["s"], meta["t"], meta["h"], meta["tool"]) == (
        "sess42",
        "s3",
        "feedfacecafebeef",
        "create_calendar_event",
    )


def test_edited_values_are_typed_back_and_emptied_ones_left_out() -> None:
    modal = blocks.edit_modal(EDITABLE)
    changes = {
        "attendees": " a@x.io ,b@y.io,, ",
        "durationMinutes": " 45 ",
        "fields.email": "",
        "ratio": "0.25",
        "unreadOnly": "Yes",
        "title": None,
        "fields.amount": "n/a",
    }
    _, arguments = blocks.read_edit_submission(submit(modal, changes))
    assert arguments == {
        "startTime": "2026-03-05T14:00:00-05:00",
        "durationMinutes": 45,
        "attendees": ["a@x.io", "b@y.io"],
        "fields": {"amount": "n/a"},
        "filters": {},
        "unreadOnly": True,
        "ratio": 0.25,
        "extra": [{"deep": 1}],
    }


def test_an_argument_too_long_for_a_form_is_kept_and_named() -> None:
    ask = ASK.model_copy(update={"arguments": {"to": ["a@b.io"], "body": "z" * 10_000}})
    modal = blocks.edit_modal(ask)
    check_view(modal)
    assert json.loads(modal["private_metadata"])["k"] == 1
    assert modal["blocks"][1]["elements"][0]["text"] == (
        "Kept as they are (too long or too complex to edit here): Message"
    )
    meta, arguments = blocks.read_edit_submission(submit(modal, {"to": "c@d.io"}))
    assert arguments == {"to": ["c@d.io"]}
    assert blocks.restore_kept(ask.arguments, meta, arguments) == {"body": "z" * 10_000, "to": ["c@d.io"]}


def test_a_step_with_very_many_arguments_fits_the_modal_limits() -> None:
    ask = ASK.model_copy(update={"arguments": {f"argument_number_{k}": f"value {k}" for k in range(150)}})
    modal = blocks.edit_modal(ask)
    check_view(modal)
    meta = json.loads(modal["private_metadata"])
    assert len(meta["types"]) + meta["k"] == 150
    assert len([b for b in modal["blocks"] if b["type"] == "input"]) == len(meta["types"])
    _, arguments = blocks.read_edit_submission(submit(modal))
    assert blocks.restore_kept(ask.arguments, meta, arguments) == ask.arguments


@pytest.mark.parametrize(
    "view",
    [
        None,
        42,
        "view",
        [],
        {},
        {"state": None},
        {"state": {"values": []}},
        {"private_metadata": "{not json"},
        {"private_metadata": "[1,2]", "state": {"values": {"a": {"value": {"value": 7}}}}},
        {
            "private_metadata": '{"types": {"n": "int", "m": "float", "b": "bool", "j": "json", "x.y": 5}}',
            "state": {
                "values": {
                    "n": {"value": {"value": "9" * 5000}},
                    "m": {"value": {"value": "inf"}},
                    "b": {"value": {"value": "maybe"}},
                    "j": {"value": {"value": "[" * 100_000}},
                    "x.y": {"other": {"selected_option": {"value": "opt"}}},
                    "x": {"value": {"value": "s"}},
                    "7": "not a dict",
                    "e": {},
                }
            },
        },
        {"private_metadata": '{"types": []}', "state": {"values": {"a": {"value": None}}}},
        {"private_metadata": "[" * 50_000},
    ],
)
def test_garbage_submissions_do_not_raise(view: Any) -> None:
    meta, arguments = blocks.read_edit_submission(view)
    assert isinstance(meta, dict) and isinstance(arguments, dict)


def test_garbage_submission_keeps_what_it_can_read() -> None:
    view = {
        "private_metadata": '{"types": {"n": "int", "m": "float", "b": "bool"}}',
        "state": {
            "values": {
                "n": {"value": {"value": "12"}},
                "m": {"value": {"value": "inf"}},
                "b": {"value": {"value": "maybe"}},
                "x.y": {"v": {"selected_option": {"value": "o"}}},
                "bad": "nope",
            }
        },
    }
    assert blocks.read_edit_submission(view) == (
        {"types": {"n": "int", "m": "float", "b": "bool"}},
        {"n": 12, "m": "inf", "b": "maybe", "x": {"y": "o"}},
    )


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.text(max_size=20), json_values, max_size=6))
def test_any_json_view_payload_is_read_without_raising(view: dict[str, Any]) -> None:
    blocks.read_edit_submission(view)
    blocks.read_edit_submission({"private_metadata": json.dumps(view), "state": {"values": view}})


def test_field_errors_land_on_the_modal_blocks() -> None:
    errors = {
        "attendees.0": "value is not a valid email address",
        "fields.email": "bad email",
        "fields": "Dictionary should have at least 1 item",
        "arguments": "x" * 400,
    }
    assert blocks.field_errors_for_modal(errors) == {
        "attendees": "value is not a valid email address",
        "fields.email": "bad email",
        "fields": "Dictionary should have at least 1 item",
        "arguments": "x" * 149 + "…",
    }
    meta, _ = blocks.read_edit_submission(submit(blocks.edit_modal(EDITABLE)))
    mapped = blocks.field_errors_for_modal(errors, blocks.input_block_ids(meta))
    assert mapped == {
        "attendees": "value is not a valid email address",
        "fields.email": "bad email; Dictionary should have at least 1 item",
        "title": "x" * 149 + "…",
    }
    assert all(units(m) <= 150 for m in mapped.values())


def test_button_values_that_are_not_ours_read_as_nothing() -> None:
    assert [blocks.read_button_value(v) for v in [None, "", "[1]", "{bad", '{"s": 1, "t": "x", "z": "y"}']] == [
        {},
        {},
        {},
        {},
        {"t": "x"},
    ]


# --- properties: arbitrary content never breaks a limit ----------------------------------------------------

ids = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-_.", min_size=1, max_size=40)
content = st.text(max_size=400) | st.text(min_size=2000, max_size=6000)
short = st.text(max_size=80)
states = st.sampled_from(["pending", "waiting for you", "running", "done", "skipped", "failed", "unknown"])
step_lines = st.builds(
    StepLine,
    id=ids,
    intent=content,
    tool=short,
    kind=st.sampled_from(["read", "write"]),
    state=states,
    note=st.none() | content,
)
intentions = st.builds(
    Intention, title=content, active=st.booleans(), complete=st.booleans(), steps=st.lists(step_lines, max_size=8)
)
plan_views = st.builds(
    PlanView,
    session_id=ids,
    request=content,
    understood=content,
    explanation=content,
    confidence=st.floats(0, 1),
    state=st.sampled_from(["collecting", "awaiting_approval", "running", "done", "expired"]),
    intentions=st.lists(intentions, max_size=70),
)
argument_values = (
    content
    | st.integers()
    | st.floats(allow_nan=False)
    | st.booleans()
    | st.none()
    | st.lists(short, max_size=6)
    | st.dictionaries(st.text(min_size=1, max_size=20), content | st.integers(), max_size=5)
)
approvals = st.builds(
    AskApproval,
    session_id=ids,
    step_id=ids,
    tool=short,
    intent=content,
    args_hash=ids,
    arguments=st.dictionaries(st.text(min_size=1, max_size=30), argument_values, max_size=12),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(view=plan_views, approval=st.none() | approvals, decided=st.lists(content, max_size=30))
def test_any_plan_and_approval_stay_within_slack_limits(
    view: PlanView, approval: AskApproval | None, decided: list[str]
) -> None:
    message = blocks.plan_message(view, approval, decided)
    check_message(message)
    assert all("<!" not in t for t in [*section_texts(message), message["text"]])
    open_view = view.state not in ("done", "expired")
    assert len(actions(message)) == (1 if approval is not None and open_view else 0)
    check_message(blocks.open_plans_message([view, view]))
    check_view(blocks.home_view([view], [(view.request, view.explanation)] * 12))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(approval=approvals)
def test_any_approval_gives_a_valid_modal_that_reads_back(approval: AskApproval) -> None:
    modal = blocks.edit_modal(approval)
    check_view(modal)
    meta, arguments = blocks.read_edit_submission(submit(modal))
    assert (meta["s"], meta["t"], meta["h"]) == (approval.session_id, approval.step_id, approval.args_hash)
    shown = {block_id.split(".", 1)[0] for block_id in meta["types"]}
    expected = {k: v for k, v in approval.arguments.items() if k not in shown}  # kept: back as they were
    for name in shown:  # shown: back with the same value and type, except emptied values, which are left out
        value = approval.arguments[name]
        if isinstance(value, dict):
            expected[name] = {k: v for k, v in value.items() if not blank(v)}
        elif not blank(value):
            expected[name] = value
    restored = blocks.restore_kept(approval.arguments, meta, arguments)
    assert restored == expected
    assert {k: type(v) for k, v in restored.items()} == {k: type(v) for k, v in expected.items()}


def blank(value: Any) -> bool:
    return value is None or value == [] or (isinstance(value, str) and not value.strip())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    text=content,
    example=content,
    problem=st.none() | content,
    options=st.lists(content, max_size=40),
    can_skip=st.booleans(),
    data=json_values | st.lists(st.dictionaries(short, json_values), max_size=30),
    ok=st.booleans(),
    tone=st.sampled_from(["info", "refusal", "problem", "done"]),
)
def test_any_reply_stays_within_slack_limits(
    text: str, example: str, problem: str | None, options: list[str], can_skip: bool, data: Any, ok: bool, tone: Any
) -> None:
    check_message(
        blocks.question_message(
            AskValue(text=text, example=example, problem=problem, options=options, can_skip=can_skip)
        )
    )
    check_message(blocks.say_message(Say(text=text * 20, tone=tone)))
    outcome = StepOutcome(step_id="s", tool="t", intent=text, ok=ok, data=data, error=None if ok else example)
    check_message(blocks.outcome_message(outcome))
    check_message(blocks.outcome_message(outcome.model_copy(update={"data": {"summary": text * 30}})))


# --- approval cards in words (issue 15) --------------------------------------------------------------------------


def _card_for(tool: str, arguments: dict[str, Any], target: Any) -> str:
    ask = ASK.model_copy(update={"tool": tool, "intent": "Change the event", "arguments": arguments, "target": target})
    message = blocks.plan_message(plan(PRIYA), ask)
    check_message(message)
    return section_texts(message)[-1]


def test_approval_cards_say_what_changes_in_words_for_each_kind() -> None:
    from zoneinfo import ZoneInfo

    from planning.engine.target_text import describe, describe_new

    ny = ZoneInfo("America/New_York")
    event = {"id": "e8", "title": "Pipeline review", "startTime": "2026-03-05T19:00:00Z", "endTime": None}
    move = {"eventId": "e8", "startTime": "2026-03-05T20:00:00Z", "durationMinutes": 15}
    text = _card_for("update_calendar_event", move, describe("update_calendar_event", event, move, ny))
    assert text.startswith("*Waiting for your approval:* Move “Pipeline review” (Thu 5 Mar 14:00)\n")
    assert "*When:* Thu 5 Mar, 14:00 EST (no end) → Thu 5 Mar, 15:00–15:15 EST" in text
    assert "*Length:* no end → 15 min" in text
    mail = {"id": "m1", "from": "John Park <jp@globex.com>", "subject": "Re: Q3 numbers", "date": "2026-03-04T14:30Z"}
    reply = {"messageId": "m1", "body": "Yes"}
    text = _card_for("reply_email", reply, describe("reply_email", mail, reply, ny))
    assert text.startswith("*Waiting for your approval:* Reply to John Park: Re: Q3 numbers\n")
    note = {"entityType": "Note", "fields": {"body": "they want a discount", "about": {"entityType": "Account"}}}
    text = _card_for("create_entity", note, describe_new("create_entity", note, ny, about={"name": "Acme Corp"}))
    assert "*Note on Acme Corp (account):* “they want a discount”" in text
    deal = {"entityType": "Deal", "id": "d1", "fields": {"stage": "negotiation", "amount": 125000}}
    record = {"id": "d1", "name": "Acme deal", "stage": "proposal", "amount": 48000}
    text = _card_for("update_entity", deal, describe("update_entity", record, deal, ny))
    assert "*Stage:* Proposal → Negotiation" in text and "*Amount:* $48,000 → $125,000" in text
    for shown in (text, _card_for("create_entity", note, describe_new("create_entity", note, ny))):
        assert not any(name in shown for name in ("fields", "entityType", "{", "UTC-0", "`update_entity`", "eventId"))


def test_a_write_that_ran_is_said_in_words() -> None:
    done = StepOutcome(
        step_id="s", tool="update_entity", intent="Update the deal", ok=True, data={"id": "d1"}, done="Updated deal “X”"
    )
    assert section_texts(blocks.outcome_message(done)) == ["✅ Updated deal “X”"]
