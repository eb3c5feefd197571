"""Whether a value as typed reads as a value of a record's field, by the field's kind: a day for a date, a money
amount for the amount, a phone number, an email address, a lead status or a deal stage named. Used where the words
that say a change are missing ("close date is now may 8", "amount 52k"): the value's own form then says it is one."""

from planning.understanding import values
from planning.understanding.commands._days import names_a_day
from planning.understanding.names import EMAIL_ADDRESS


def fits_field(field: str, value: str) -> bool:
    """Whether ``value`` reads as a value of ``field`` (a field of ``data/record_fields.txt``); False for a field
    whose values have no form of their own (a title, a company, a subject)."""
    if field in ("closeDate", "dueDate", "date"):
        return names_a_day(value)
    if field == "amount":
        return values.amount(value) is not None
    if field == "phone":
        return values.phone(value) is not None
    if field == "email":
        return EMAIL_ADDRESS.search(value) is not None
    if field == "status":
        return values.status(value) is not None
    if field == "stage":
        return values.stage(value) is not None
    return False
