"""A word of a field's new value is never a filter to find the record by (user test s13 c40: "change sarah lee's
title to senior account exec" looked for Sarah Lee at a company named "senior" and found no one)."""

from tests.planning.conftest import args, run


def test_the_words_of_a_new_title_do_not_name_the_company_the_contact_is_found_at():
    line = run("change omar haddad's title to senior account manager, he got promoted")
    assert args(line, "fetch_entity")["filters"] == {"name": "omar haddad"}
    assert args(line, "update_entity")["fields"] == {"title": "senior account manager"}
