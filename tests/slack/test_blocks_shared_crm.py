"""The Home tab's rows of a workspace's CRM (pure Block Kit): whose it is and who may change records, within Slack's
limits whatever the label or the stored admin id holds; the members-write choice only where an admin may make it."""

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bot.slack import blocks
from bot.slack.connect_blocks import AccountRow, AccountState, Shared, account_blocks, sharing_text
from tests.slack.test_blocks import check_view

SHARED = st.builds(
    Shared,
    connected_by=st.one_of(st.none(), st.just("U0ADMIN"), st.text(max_size=40)),
    members_write=st.booleans(),
    viewer_writes=st.booleans(),
    can_choose=st.booleans(),
)


def choice_buttons(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        element
        for block in found
        if block.get("type") == "actions"
        for element in block["elements"]
        if element["action_id"] == "account_crm_members_write"
    ]


@given(shared=SHARED, label=st.text(max_size=300), workspace=st.booleans())
def test_a_shared_crm_row_stays_within_slacks_limits_and_mentions_only_a_user_id(
    shared: Shared, label: str, workspace: bool
) -> None:
    state: AccountState = "connected" if workspace else "shared"
    row = AccountRow("crm", "hubspot", state, label=label, workspace=workspace, connect_url="https://x.example/a",
                     can_disconnect=workspace, sharing=shared)  # fmt: skip
    found = account_blocks([row])
    check_view(blocks.home_view([], [], [row]))
    text = json.dumps([b for b in found if b["type"] == "section"], ensure_ascii=False)
    mentioned = shared.connected_by == "U0ADMIN"
    assert ("<@U0ADMIN>" in text) is mentioned
    assert ("connected by an admin" in text) is (shared.connected_by is not None and not mentioned)
    assert ("read-only for members" in text) is (not shared.members_write)
    chosen = choice_buttons(found)
    assert len(chosen) == (1 if workspace and shared.can_choose else 0)
    for button in chosen:  # the button offers the other choice; opening the CRM to writes is confirmed first
        assert button["value"] == ("forbid" if shared.members_write else "allow")
        assert ("confirm" in button) is (not shared.members_write)


def test_the_sentence_names_the_admin_and_the_access() -> None:
    assert (
        sharing_text(Shared("U0ADMIN", False, False))
        == "Workspace CRM (connected by <@U0ADMIN>) — read-only for members"
    )
    assert (
        sharing_text(Shared(None, True, True))
        == "Workspace CRM (in the server's settings) — members may change records"
    )
    own = sharing_text(Shared("U0ADMIN", False, True))
    assert own.endswith("; you may change records, as you connected it")
    owner = sharing_text(Shared(None, False, True))  # PLANBOT_OWNER and the CRM in the server's settings
    assert owner.endswith("read-only for members; you may change records")
