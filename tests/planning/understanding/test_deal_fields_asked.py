"""The fields a deal question asks for are read from a word list (data/cues/deal_fields_asked.txt), each line
giving its field, in the file's order of fields."""

import pytest

from planning.understanding.asked_fields import deal_fields
from planning.understanding.cues import cues


@pytest.mark.parametrize(("phrase", "field"), [(" ".join(p), v) for p, v in cues("deal_fields_asked").entries])
def test_every_phrase_of_the_list_asks_its_field(phrase: str, field: str) -> None:
    assert deal_fields(f"for the Vandelay opportunity, {phrase}?") == (field,)


def test_fields_come_in_the_lists_order_whatever_order_they_are_asked_in() -> None:
    assert deal_fields("who's the owner of the hooli deal, and how big is it") == ("amount", "owner")
    assert deal_fields("tell me about the vandelay deal") == ()
