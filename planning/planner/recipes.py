"""The rule-based planner's table: (intent, entity) → the recipe that produces what the goal needs.

Adding a combination is a row here (and one in ``planning.understanding.combinations``).
"""

from planning.planner.recipe_common import ENTITY_TYPES, Recipe
from planning.planner.recipes_calendar import create_event, find_events, find_free_slots
from planning.planner.recipes_calendar_changes import delete_event, update_event
from planning.planner.recipes_crm import create_record, delete_record, find_records, summarize_records, update_record
from planning.planner.recipes_email import find_email, send_email, summarize_email
from planning.planner.recipes_everyday import update_email
from planning.planner.recipes_notes_tasks import (
    create_note,
    create_task,
    delete_note_or_task,
    find_notes_or_tasks,
    update_note_or_task,
)

RECIPES: dict[tuple[str, str], Recipe] = {
    ("send", "email"): send_email,
    ("find", "email"): find_email,
    ("summarize", "email"): summarize_email,
    ("update", "email"): update_email,
    ("find", "event"): find_events,
    ("create", "event"): create_event,
    ("update", "event"): update_event,
    ("delete", "event"): delete_event,
    ("find", "availability"): find_free_slots,
    ("summarize", "event"): summarize_records,
    **{("find", e): find_records for e in ENTITY_TYPES},
    **{("create", e): create_record for e in ENTITY_TYPES},
    **{("update", e): update_record for e in ENTITY_TYPES},
    **{("delete", e): delete_record for e in ENTITY_TYPES},
    **{("summarize", e): summarize_records for e in ENTITY_TYPES},
    ("create", "note"): create_note,
    ("create", "task"): create_task,
    **{("find", e): find_notes_or_tasks for e in ("note", "task")},
    **{("update", e): update_note_or_task for e in ("note", "task")},
    **{("delete", e): delete_note_or_task for e in ("note", "task")},
}
