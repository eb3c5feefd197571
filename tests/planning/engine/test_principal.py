"""Identity travels once: the principal the front end made (team, user, zone) is the plan's; the engine reads no
thread key to learn who asks or in which workspace."""

import ast
from pathlib import Path

from integrations.base.principal import Principal
from planning.engine.replies import AskApproval
from planning.store import SessionRecord
from tests.planning.engine.conftest import NY, approval

ENGINE = Path(__file__).parents[3] / "planning" / "engine"
KEY = "terminal:principal-1"  # a key that names no workspace: the team can only come from the principal


async def test_the_plan_belongs_to_the_workspace_of_the_principal_not_of_its_thread_key(harness):
    who = Principal(team="T0ACME", user="alice", zone=NY)
    turn = await harness.engine.message(thread_key=KEY, text="email Priya saying the deck is ready", who=who)
    ask = approval(turn)
    assert await harness.engine.workspace_of_plan(ask.session_id) == "T0ACME"
    assert [plan.session_id for plan in await harness.engine.open_plans("alice", team="T0ACME")] == [ask.session_id]
    assert await harness.engine.open_plans("alice", team="T0GLOBEX") == []


async def test_the_principals_zone_is_the_plans(harness):
    who = Principal(team="", user="alice", zone="Asia/Tokyo")
    turn = await harness.engine.message(thread_key=KEY, text="book lunch with Priya tomorrow at noon", who=who)
    ask = next(r for r in turn if isinstance(r, AskApproval))
    assert ask.arguments["startTime"].endswith("+09:00")


def test_a_plan_stored_before_the_team_was_kept_is_read_in_its_threads_workspace():
    record = SessionRecord(id="s1", thread_key="slack:T0ACME:C1:1.0", requester="U1", state="collecting")
    assert record.team_of_thread() == "T0ACME"
    assert SessionRecord(id="s2", thread_key="terminal:t", requester="u", state="done").team_of_thread() == ""


def _reads_thread_keys(path: Path) -> list[int]:
    """Lines where a thread key is taken apart (split, partition, a prefix of the engine's own tested; a prefix the
    front end gives, as the threads of one DM, is its own knowledge)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            named = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
            literal = any(isinstance(arg, ast.Constant) for arg in node.args)  # a format the engine would know
            taken_apart = node.func.attr in ("split", "partition", "rsplit") or (
                node.func.attr == "startswith" and literal
            )
            if "thread_key" in str(named) and taken_apart:
                found.append(node.lineno)
    return found


def test_the_engine_takes_no_thread_key_apart():
    assert {p.name: _reads_thread_keys(p) for p in ENGINE.glob("*.py") if _reads_thread_keys(p)} == {}
