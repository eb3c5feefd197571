"""Reading the user's answer to a question about a missing value: the understanding reads it
(:mod:`planning.understanding.commands.values`); the engine names the types of its values here."""

from planning.understanding.commands.values import (
    CHOICES,
    EXAMPLES,
    OPTIONAL,
    VALUE_TYPES,
    Parsed,
    ValueType,
    example_for,
    parse_answer,
    value_type,
)

__all__ = [
    "CHOICES",
    "EXAMPLES",
    "OPTIONAL",
    "VALUE_TYPES",
    "Parsed",
    "ValueType",
    "example_for",
    "parse_answer",
    "value_type",
]
