"""The record clearly meant among several found: named exactly, else the only open one; otherwise ask."""

from planning.engine.clear_pick import clear_choice
from planning.types import Step


def lookup(intent: str, entity: str, filters: dict[str, object]) -> Step:
    return Step(
        id="find", intent=intent, tool="fetch_entity", arguments={"input": {"entityType": entity, "filters": filters}}
    )


ACME_DEAL = {"id": "deal-1", "name": "Acme deal", "company": "Acme", "stage": "proposal"}
ACME_RENEWAL = {"id": "deal-3", "name": "Acme renewal", "company": "Acme", "stage": "closed_won"}
ACME_EXPANSION = {"id": "deal-5", "name": "Acme expansion", "company": "Acme", "stage": "negotiation"}


def test_the_one_named_exactly_is_taken():
    clear = clear_choice(lookup("Find the Acme deal", "Deal", {"company": "Acme"}), [ACME_RENEWAL, ACME_DEAL])
    assert clear is not None and clear.item == ACME_DEAL and clear.why == "named exactly"


def test_the_only_open_one_is_taken_when_none_is_named_exactly():
    found = [ACME_RENEWAL, ACME_EXPANSION]
    clear = clear_choice(lookup("Find the Acme opportunity", "Deal", {"company": "Acme"}), found)
    assert clear is not None and clear.item == ACME_EXPANSION and clear.why == "the only open one of 2"


def test_several_open_and_none_named_exactly_are_asked_about():
    found = [ACME_EXPANSION, {**ACME_DEAL, "name": "Acme upsell"}]
    assert clear_choice(lookup("Find the Acme opportunity", "Deal", {"company": "Acme"}), found) is None


def test_a_lookup_for_closed_deals_is_not_narrowed_to_open_ones():
    found = [ACME_RENEWAL, {**ACME_EXPANSION, "stage": "closed_lost"}]
    step = lookup("Find the Acme opportunity", "Deal", {"company": "Acme", "stage": "closed_won"})
    assert clear_choice(step, found) is None
