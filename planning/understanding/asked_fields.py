"""The fields a question about a deal asks for ("how much is it worth", "when does it close", "what stage is it
in"), so that the answer says each of them (contract §2.8), a second question of the request included. The words
are ``data/cues/deal_fields_asked.txt``, each mapped to the field it asks."""

from planning.understanding.cues import Words, cues


def deal_fields(text: str) -> tuple[str, ...]:
    """ "how much is the Globex deal worth and when does it close?" → ("amount", "closeDate")."""
    table = cues("deal_fields_asked")
    asked = {found.value for found in table.find_all(Words.of(text))}
    return tuple(field for field in table.values if field in asked)
