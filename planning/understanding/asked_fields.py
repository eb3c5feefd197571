"""The fields a question about a deal asks for ("how much is it worth", "when does it close", "what stage is it
in") or about a task ("when is the questionnaire task due", "is it done yet"), so that the answer says each of them
(contract §2.8), a second question of the request included. The words are ``data/cues/deal_fields_asked.txt`` and
``data/cues/task_fields_asked.txt``, each mapped to the field it asks."""

from planning.understanding.cues import Cues, Words, cues


def deal_fields(text: str) -> tuple[str, ...]:
    """ "how much is the Globex deal worth and when does it close?" → ("amount", "closeDate")."""
    return _fields(text, cues("deal_fields_asked"))


def task_fields(text: str) -> tuple[str, ...]:
    """ "when's the questionnaire task due, and is it done?" → ("dueDate", "status")."""
    return _fields(text, cues("task_fields_asked"))


def _fields(text: str, table: Cues) -> tuple[str, ...]:
    asked = {found.value for found in table.find_all(Words.of(text))}
    return tuple(field for field in table.values if field in asked)
