"""The composition root's plan memory adapter: approved plans into the index, nearest ones out as examples."""

from types import SimpleNamespace

from bot.compose import IndexedPlans
from planning.types import Goal, MetaGoal, ParseResult, Plan, Step


class FakeIndex:
    def __init__(self) -> None:
        self.added: list[tuple[str, dict, str]] = []
        self.requesters: list[str] = []
        self.forgotten: list[str] = []
        self.plans = SimpleNamespace(similar=self.similar)

    def remember_approved(self, text, parse, plan_json, *, scope, requester=""):
        self.added.append((text, plan_json, scope))
        self.requesters.append(requester)

    def forget(self, requester):
        self.forgotten.append(requester)
        return 2

    def similar(self, text, k=3, max_distance=None):
        return [SimpleNamespace(text=t, plan=p) for t, p, _ in self.added][:k]


def test_remembered_plans_come_back_as_examples():
    index = FakeIndex()
    memory = IndexedPlans(SimpleNamespace(index=lambda: index))  # type: ignore[arg-type]
    parse = ParseResult(meta=MetaGoal(meta_type="single", goals=(Goal(intent="send", entity="email"),)), confidence=0.9)
    step = Step(
        id="send",
        intent="Email",
        tool="send_email",
        arguments={"input": {"to": ["a@b.co"], "subject": "s", "body": "b"}},
    )
    memory.remember("email a@b.co", parse, Plan(steps=(step,)), scope="T1", requester="UA")
    assert index.added[0][0] == "email a@b.co" and index.added[0][2] == "T1" and index.requesters == ["UA"]
    [example] = memory.examples("email someone")
    assert example.text == "email a@b.co" and example.plan["steps"][0]["tool"] == "send_email"


def test_no_index_no_examples():
    memory = IndexedPlans(SimpleNamespace(index=lambda: None))  # type: ignore[arg-type]
    assert memory.examples("anything") == []


def test_what_was_remembered_from_someone_is_forgotten_with_them():
    index = FakeIndex()
    memory = IndexedPlans(SimpleNamespace(index=lambda: index))  # type: ignore[arg-type]
    assert memory.forget("UA") == 2 and index.forgotten == ["UA"]
    assert IndexedPlans(SimpleNamespace(index=lambda: None)).forget("UA") == 0  # type: ignore[arg-type]
