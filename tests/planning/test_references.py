from planning.references import (
    Reference,
    is_template,
    parse_reference,
    placeholder,
    placeholders_in,
    reference,
    references_in,
)


def test_reference_path_has_keys_and_indexes():
    assert parse_reference("find_john.result.data[0].email") == Reference("find_john", ("data", 0, "email"))


def test_reference_round_trips_to_text():
    text = reference("find_john", "data[0].email")
    assert text == "{{find_john.result.data[0].email}}"
    assert str(parse_reference(text[2:-2])) == text  # type: ignore[arg-type]


def test_placeholder_names_are_found_with_their_path():
    args = {"input": {"to": ["{{PLACEHOLDER_to}}"], "fields": {"email": "{{PLACEHOLDER_email}}"}}}
    assert placeholders_in(args) == [(("input", "to", 0), "to"), (("input", "fields", "email"), "email")]


def test_references_inside_longer_text_are_found():
    assert references_in({"body": "Hi {{a.result.data[0].name}}, see you"}) == [Reference("a", ("data", 0, "name"))]


def test_whole_value_template_detection():
    assert is_template(placeholder("body"))
    assert not is_template("Hi {{PLACEHOLDER_name}}")
    assert not is_template(42)
