from typing import Literal

from pydantic import BaseModel

from integrations.base import CATALOG, ToolSpec
from planning.index import SemanticIndex
from planning.index.tool_index import tool_document


class TicketArgs(BaseModel):
    title: str
    priority: Literal["low", "high"]


CREATE_TICKET = ToolSpec(
    name="create_ticket",
    description="Open a support ticket in the helpdesk.",
    args_model=TicketArgs,
    kind="write",
    area="core",
    serves=("create", "ticket"),
)


def test_a_tool_is_embedded_as_its_name_description_and_argument_names():
    document = tool_document(CREATE_TICKET)
    assert document == "create ticket: Open a support ticket in the helpdesk. (arguments: title; priority: low or high)"


def test_the_most_relevant_tools_come_first(shared_index: SemanticIndex):
    shared_index.tools.sync([*CATALOG, CREATE_TICKET])
    assert shared_index.tools.top_k("open a helpdesk ticket about the printer", 1)[0].name == "create_ticket"
    assert shared_index.tools.top_k("reply to the last email from Tom", 1)[0].name == "reply_email"
    assert shared_index.tools.top_k("book a meeting with Sarah on Thursday", 1)[0].name == "create_calendar_event"
    top = shared_index.tools.top_k("add Maria as a contact", 3)
    assert top[0].name == "create_entity"
    assert len(top) == 3 and top[0].distance <= top[1].distance <= top[2].distance


def test_top_k_can_be_limited_to_the_connected_tools(shared_index: SemanticIndex):
    shared_index.tools.sync([*CATALOG, CREATE_TICKET])
    connected = ["fetch_entity", "create_ticket"]
    names = [m.name for m in shared_index.tools.top_k("email John the sales report", 5, among=connected)]
    assert sorted(names) == ["create_ticket", "fetch_entity"]
    assert shared_index.tools.top_k("anything", 3, among=[]) == []


def test_select_returns_specs_and_all_tools_when_there_are_few(shared_index: SemanticIndex):
    shared_index.tools.sync([*CATALOG, CREATE_TICKET])
    tools = [*CATALOG, CREATE_TICKET]
    assert shared_index.tools.select("anything", tools[:3], k=5) == tools[:3]
    chosen = shared_index.tools.select("open a helpdesk ticket", tools, k=2)
    assert chosen[0] is CREATE_TICKET and len(chosen) == 2


def test_sync_is_cached_and_forgets_removed_tools(index: SemanticIndex):
    assert index.tools.sync([*CATALOG, CREATE_TICKET])
    assert not index.tools.sync([*CATALOG, CREATE_TICKET])
    assert index.tools.sync(CATALOG)
    assert index.tools.count() == len(CATALOG)
    assert "create_ticket" not in [m.name for m in index.tools.top_k("open a helpdesk ticket", 20)]
