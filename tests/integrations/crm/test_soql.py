"""SOQL literals hold user text exactly, and the fake's parser reads them back (and refuses anything else)."""

import pytest

from integrations.crm.salesforce import soql
from tests.integrations.crm.salesforce_soql import Condition, MalformedQueryError, Pattern, holds, parse


def literal(text: str) -> Pattern:
    return Pattern(tuple((c, False) for c in text))


def test_string_literals_escape_backslash_quotes_and_control_characters() -> None:
    assert soql.quoted("O'Brien") == "'O\\'Brien'"
    assert soql.quoted("a\\b") == "'a\\\\b'"
    assert soql.quoted('say "hi"\n\t') == "'say \\\"hi\\\"\\n\\t'"
    assert soql.quoted("100%_") == "'100%_'"  # wildcards mean nothing outside LIKE


def test_containment_patterns_also_escape_like_wildcards() -> None:
    assert soql.containing("50%_off") == "'%50\\%\\_off%'"
    assert soql.containing("\\'") == "'%\\\\\\'%'"


def test_numbers_and_select_refuse_what_is_not_plain() -> None:
    assert (soql.number(5000.0), soql.number(0.25)) == ("5000", "0.25")
    with pytest.raises(ValueError, match="finite"):
        soql.number(float("nan"))
    with pytest.raises(ValueError, match="not a field name"):
        soql.select("Contact", ["Name FROM User --"], [], limit=1)


@pytest.mark.parametrize("text", ["O'Brien\\' OR Name LIKE '%", "\\\\'--", "%_%", "a'b\"c\nd\te\\f", "ünï ☃"])
def test_any_text_round_trips_through_a_literal(text: str) -> None:
    where = f"Name = {soql.quoted(text)} AND Name LIKE {soql.containing(text)}"
    (equal, like) = parse(f"SELECT Id FROM Contact WHERE {where}").where
    assert (equal.field, equal.operator, equal.value.text) == ("Name", "=", text)
    assert holds(equal, text.upper()) and not holds(equal, text + "x")
    assert like.value.contained() == text
    assert holds(like, f"x{text}y") and not holds(like, text[:-1])


def test_the_fake_parser_refuses_what_the_connector_never_sends() -> None:
    for text in (
        "SELECT Id FROM Contact WHERE Name = 'a' OR Name = 'b'",
        "SELECT Id FROM Contact WHERE Name = 'a' --",
        "SELECT Id FROM Contact WHERE Name = 'unterminated",
        "SELECT Id FROM Contact WHERE Name = 'bad \\q escape'",
        "SELECT Id, (SELECT Id FROM Contacts) FROM Account",
    ):
        with pytest.raises(MalformedQueryError):
            parse(text)


def test_the_fake_parser_reads_the_connectors_queries() -> None:
    query = parse("SELECT Id, Account.Name FROM Opportunity WHERE Amount > 10 AND CloseDate >= 2026-03-01 "
                  "AND StageName IN ('Closed Won', 'Closed Lost') ORDER BY Id LIMIT 5")  # fmt: skip
    assert (query.fields, query.sobject, query.order, query.limit) == (
        ("Id", "Account.Name"),
        "Opportunity",
        (("Id", False),),
        5,
    )
    assert query.where == (
        Condition("Amount", ">", 10.0),
        Condition("CloseDate", ">=", "2026-03-01"),
        Condition("StageName", "IN", (literal("Closed Won"), literal("Closed Lost"))),
    )
