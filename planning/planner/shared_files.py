"""Files shared with a request (contract §2.7): "email Priya the deck" with the deck shared alongside.

The ``slack:<file id>`` references of the request's files are attached to the email the request sends (every
``send_email``/``reply_email`` step): after the files the plan already names, in place of an attachments
placeholder ("attach the deck" asked for a file: here it is). A plan that sends no email is left as it is.
"""

from collections.abc import Sequence
from typing import Any

from planning.references import PLACEHOLDER_PREFIX
from planning.types import Plan, Step

SENDING_TOOLS = frozenset({"send_email", "reply_email"})


def with_shared_files(plan: Plan, refs: Sequence[str]) -> Plan:
    if not refs:
        return plan
    return plan.model_copy(update={"steps": tuple(_attached(step, refs) for step in plan.steps)})


def _attached(step: Step, refs: Sequence[str]) -> Step:
    if step.tool not in SENDING_TOOLS:
        return step
    inputs: dict[str, Any] = dict(step.inputs)
    named = inputs.get("attachments")
    listed = named if isinstance(named, list) else []
    kept = [ref for ref in listed if isinstance(ref, str) and not ref.startswith("{{" + PLACEHOLDER_PREFIX)]
    inputs["attachments"] = list(dict.fromkeys([*kept, *refs]))
    return step.model_copy(update={"arguments": {**step.arguments, "input": inputs}})
