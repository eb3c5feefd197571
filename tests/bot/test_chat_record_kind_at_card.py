"""At the card of a new lead or contact, a reply that asks for the other kind ("nah make him a lead instead") makes
the record as that kind, with the fields said beside it that such a record has (a contact's title); the words turning
the card down and the reasons are never a cancel. A yes naming the card's verb ("ok add it") approves it. Before,
such replies were not understood and the card stayed as it was."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records


def test_a_new_lead_made_a_contact_instead_at_its_card_with_a_title(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "new lead: omar haddad from initech, omar.haddad@initech.com",
        "hmm wait, forget that. he's a customer already, put him in as a contact instead. his title is cto",
        "ok add it",
    )
    assert "did not understand" not in output
    assert records(tmp_path, "Lead", name="omar haddad") == []
    [contact] = records(tmp_path, "Contact", name="omar haddad")
    assert contact["email"] == "omar.haddad@initech.com"
    assert contact["title"].casefold() == "cto"


def test_a_new_contact_made_a_lead_keeps_its_fields(tmp_path: Path) -> None:
    chat(tmp_path, "add a contact: li wei, li.wei@hooli.com, hooli", "actually make her a lead", "yes")
    assert records(tmp_path, "Contact", name="li wei") == []
    [lead] = records(tmp_path, "Lead", name="li wei")
    assert lead["email"] == "li.wei@hooli.com"


def test_a_lead_kept_a_lead_when_the_reply_says_not_a_contact(tmp_path: Path) -> None:
    chat(tmp_path, "new lead: omar haddad from initech, omar.haddad@initech.com", "it's a lead, not a contact. yes")
    assert records(tmp_path, "Contact", name="omar haddad") == []
