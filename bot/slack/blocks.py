"""Block Kit rendering of the engine's replies: pure functions from reply values to Slack payload dicts.

Every message keeps Slack's limits (50 blocks, 3,000 characters per section, 25 elements per actions block,
a ``text`` fallback of at most 4,000 characters) and shows content escaped, so that a value such as
``<!channel>`` or ``<https://evil|click>`` is shown as typed and never pings or links.

- ``plan_message``: the plan with its intentions and steps, decisions, and the step waiting for approval (in a
  channel: only what waits and for whom).
- ``approval_card``, ``card_result``: the requester's private card for a step waiting in a channel, and what
  replaces it after a click; ``delivery_problem``: a notice when Slack refused every way of showing something.
- ``question_message``, ``say_message``, ``outcome_message``: thread replies; ``shared_question_message`` and
  ``shared_outcome_message``: what a channel sees of them; ``together``: several said at once as one message;
  ``file_elsewhere``: a message whose file goes to the person's DM, saying so.
- ``open_plans_page`` (``/plans``, paged), ``open_plans_message`` and ``home_view`` (App Home).
- ``edit_modal``, ``read_edit_submission``, ``restore_kept``, ``input_block_ids``, ``field_errors_for_modal``,
  ``edit_texts``, ``needs_reading``: editing a step's arguments (words the form cannot type go to the engine).
- ``read_button_value``: the ids a clicked button carried.
"""

from bot.slack.blocks_approval import approval_card, approved_card, card_result, delivery_problem
from bot.slack.blocks_buttons import button_value, read_button_value
from bot.slack.blocks_edit import (
    edit_modal,
    edit_texts,
    field_errors_for_modal,
    input_block_ids,
    needs_reading,
    read_edit_submission,
    restore_kept,
)
from bot.slack.blocks_home import home_view, open_plans_message
from bot.slack.blocks_pages import open_plans_page
from bot.slack.blocks_plan import decision_line, plan_message
from bot.slack.blocks_replies import (
    file_elsewhere,
    outcome_message,
    question_message,
    say_message,
    shared_outcome_message,
    shared_question_message,
    together,
)
from bot.slack.blocks_text import escape

__all__ = [
    "approval_card",
    "approved_card",
    "button_value",
    "card_result",
    "decision_line",
    "delivery_problem",
    "edit_modal",
    "edit_texts",
    "escape",
    "field_errors_for_modal",
    "file_elsewhere",
    "home_view",
    "input_block_ids",
    "needs_reading",
    "open_plans_message",
    "open_plans_page",
    "outcome_message",
    "plan_message",
    "question_message",
    "read_button_value",
    "read_edit_submission",
    "restore_kept",
    "say_message",
    "shared_outcome_message",
    "shared_question_message",
    "together",
]
