"""At a card listing several items, items kept out or kept alone by how they are described (issue 24): a removal of
those items by number; a description that fits no item, or every item, removes nothing."""

from planning.understanding.commands import Context, Decide, read_reply

LABELS = (
    "Vendor sync · Tue 3 Mar, 10:00 EST",
    "Hiring debrief · Tue 3 Mar, 13:00 EST",
    "Design crit with Omar · Tue 3 Mar, 15:00 EST",
)
CARD = Context(question="approval", open_plan=True, options=LABELS, doing="delete_calendar_event")


def test_items_kept_or_kept_alone_are_removed_by_number() -> None:
    assert read_reply("keep the hiring debrief", CARD) == (Decide("remove", numbers=(2,)),)
    assert read_reply("only the crit with omar", CARD) == (Decide("remove", numbers=(1, 2)),)
    assert read_reply("leave omar's crit alone, just delete the vendor sync", CARD) == (
        Decide("remove", numbers=(2, 3)),
    )


def test_a_description_of_no_item_or_of_every_item_removes_nothing() -> None:
    for typed in ("keep the budget review", "only the tue ones"):
        [command] = read_reply(typed, CARD)
        assert not (isinstance(command, Decide) and command.action == "remove"), typed


def test_a_reason_beside_the_kept_item_is_passed_over_and_an_approval_of_the_rest_follows_the_removal() -> None:
    assert read_reply("leave the hiring debrief, omar will run it", CARD) == (Decide("remove", numbers=(2,)),)
    assert read_reply("keep the vendor sync - we need it. the others go ahead", CARD) == (
        Decide("remove", numbers=(1,)),
        Decide("approve"),
    )
