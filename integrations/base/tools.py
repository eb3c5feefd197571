"""What a tool is: a name, a description, an argument model and whether it changes anything."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

ToolKind = Literal["read", "write"]
ToolArea = Literal["email", "crm", "calendar", "core"]


class ToolSpec(BaseModel):
    """One tool. ``kind="write"`` tools always need the user's approval before they run."""

    model_config = ConfigDict(frozen=True)

    name: str
    description: str
    args_model: type[BaseModel]
    kind: ToolKind
    area: ToolArea

    def json_schema(self) -> dict[str, object]:
        """The argument schema as the plan writes it: ``{"input": {...}}``."""
        return {
            "type": "object",
            "properties": {"input": self.args_model.model_json_schema()},
            "required": ["input"],
        }
