"""Accumulates steps for a plan: unique ids, shared lookups, dependencies from references."""

import re
from collections.abc import Callable
from datetime import datetime
from typing import Any, Literal

from planning.references import references_in
from planning.types import Condition, Exclusion, Step

_SLUG = re.compile(r"[^a-z0-9]+")


def slug(text: str, limit: int = 24) -> str:
    value = _SLUG.sub("_", text.lower()).strip("_")[:limit].strip("_")
    return value or "step"


class PlanBuilder:
    def __init__(self, now: datetime, writes: frozenset[str] = frozenset()) -> None:
        self.now = now
        self._writes = writes  # tools that change something: they carry their goal's conditions
        self._guards: dict[int, tuple[Condition, ...]] = {}
        self._steps: list[Step] = []
        self._ids: set[str] = set()
        self._lookups: dict[str, str] = {}
        self.goal_steps: dict[int, list[str]] = {}
        self.record_lookup: dict[int, str] = {}
        self.created: dict[int, str] = {}  # a goal's step that makes a CRM record (its result: ``data``, one record)

    def add(
        self,
        id_hint: str,
        intent: str,
        tool: str,
        inputs: dict[str, Any],
        goal: int,
        after: tuple[str, ...] = (),
        *,
        for_each: str | None = None,
        run_if: tuple[Condition, ...] = (),
        exclude: Exclusion | None = None,
        pick: Literal["when_several", "always"] = "when_several",
    ) -> str:
        """Add a step; ``for_each`` (a list reference) and ``run_if`` count as dependencies (contract §2.6);
        ``exclude`` leaves items of ``for_each`` out (§2.9); ``pick``: ``Step.pick``."""
        if not run_if and tool in self._writes:
            run_if = self._guards.get(goal, ())
        clean_inputs = {k: v for k, v in inputs.items() if v is not None}
        same = self._same_read(tool, clean_inputs) if self._writes and not (for_each or run_if or after) else None
        if same is not None:  # "what's grace's cell? and call her at 4": one lookup serves both goals
            self.goal_steps.setdefault(goal, []).append(same)
            return same
        step_id = self._unique(slug(id_hint))
        referenced = [ref.step_id for ref in references_in([inputs, for_each, [c.reference for c in run_if]])]
        depends = tuple(dict.fromkeys([*referenced, *after]))
        self._steps.append(
            Step(
                id=step_id,
                intent=intent,
                tool=tool,
                arguments={"input": clean_inputs},
                depends_on=depends,
                goal=goal,
                for_each=for_each,
                run_if=run_if,
                exclude=exclude if for_each is not None else None,
                pick=pick,
            )
        )
        self.goal_steps.setdefault(goal, []).append(step_id)
        return step_id

    def _same_read(self, tool: str, inputs: dict[str, Any]) -> str | None:
        """An earlier read of ``tool`` with the same arguments, as it runs (no condition, no loop): its id."""
        if tool in self._writes:
            return None
        wanted = {"input": inputs}
        return next(
            (s.id for s in self._steps if s.tool == tool and s.arguments == wanted and not (s.for_each or s.run_if)),
            None,
        )

    def once(self, key: str, add: Callable[[], str]) -> str:
        """The step added for ``key`` before (a read two goals share), or the one ``add`` adds now."""
        if key not in self._lookups:
            self._lookups[key] = add()
        return self._lookups[key]

    def guard(self, goal: int, conditions: tuple[Condition, ...]) -> None:
        """Every write step of ``goal`` added from now on runs only if ``conditions`` hold (unless given its own)."""
        self._guards[goal] = conditions

    def guards(self, goal: int) -> tuple[Condition, ...]:
        return self._guards.get(goal, ())

    def lookup(self, entity_type: str, filters: dict[str, Any], goal: int, name: str) -> str:
        """One ``fetch_entity`` per record needed, shared by every goal that needs the same record."""
        key = f"{entity_type}:{sorted((k, str(v).lower()) for k, v in filters.items())}"
        if key in self._lookups:
            return self._lookups[key]
        kind = entity_type.lower()
        label = slug(name.split()[0] if len(name.split()) > 2 else name, 16)
        step_id = self.add(
            f"find_{label}",
            f"Find {name}'s contact record"
            if entity_type == "Contact"
            else (f"Find the {kind}" if name.lower() == kind else f"Find the {name} {kind}"),  # not "the deal deal"
            "fetch_entity",
            {"entityType": entity_type, "filters": filters},
            goal,
        )
        self._lookups[key] = step_id
        return step_id

    def steps(self) -> tuple[Step, ...]:
        return tuple(self._steps)

    def _unique(self, base: str) -> str:
        candidate, n = base, 2
        while candidate in self._ids:
            candidate = f"{base}_{n}"
            n += 1
        self._ids.add(candidate)
        return candidate
