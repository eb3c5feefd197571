"""What a tool is: a name, a description, an argument model, whether it changes anything, and what it is for."""

from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

ToolKind = Literal["read", "write"]
ToolArea = Literal["email", "crm", "calendar", "core"]
FROM_ENTITY_TYPE = "*"
"""``serves`` entity of a generic record tool: the entity is its ``entityType`` argument, lower-cased."""


class ToolSpec(BaseModel):
    """One tool. ``kind="write"`` tools always need the user's approval before they run.

    ``serves`` is the (intent, entity) goal a write carries out, as the understanding labels goals
    (``forward_email`` serves ``("send", "email")``); a write must declare it, so that an LLM plan's writes can be
    checked against what the request asked for, whichever integration registered the tool.
    """

    model_config = ConfigDict(frozen=True)

    name: str
    description: str
    args_model: type[BaseModel]
    kind: ToolKind
    area: ToolArea
    serves: tuple[str, str] | None = None

    @model_validator(mode="after")
    def _writes_declare_their_goal(self) -> "ToolSpec":
        if self.kind == "write" and self.serves is None:
            raise ValueError(f"write tool {self.name!r} must declare the (intent, entity) goal it serves")
        return self

    def goal_of(self, inputs: dict[str, object]) -> tuple[str, str] | None:
        """The (intent, entity) this call carries out; None for a read or an unreadable record type."""
        if self.serves is None:
            return None
        intent, entity = self.serves
        if entity == FROM_ENTITY_TYPE:
            entity_type = inputs.get("entityType")
            if not isinstance(entity_type, str) or not entity_type.isalpha():
                return None
            entity = entity_type.lower()
        return intent, entity

    def json_schema(self) -> dict[str, object]:
        """The argument schema as the plan writes it: ``{"input": {...}}``."""
        return {
            "type": "object",
            "properties": {"input": self.args_model.model_json_schema()},
            "required": ["input"],
        }
