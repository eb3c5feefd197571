"""The IMAP text planbot writes (SEARCH criteria, sequence sets) and reads (FETCH, SEARCH, LIST responses)."""

from datetime import UTC, datetime, timedelta, timezone

import pytest

from integrations.base.arguments import FetchEmailsArgs
from integrations.email.files import FileInfo
from integrations.email.imap import structure
from integrations.email.imap.responses import (
    first_code_value,
    internal_date,
    parse_fetch,
    parse_list,
    parse_search,
    status_codes,
)
from integrations.email.imap.search import imap_date, needs_utf8, quoted, search_criteria, uid_set


def test_user_text_is_quoted_with_quotes_and_backslashes_escaped() -> None:
    assert quoted('say "hi" \\ bye') == '"say \\"hi\\" \\\\ bye"'
    assert quoted('\\"') == '"\\\\\\""'
    assert quoted("line\r\nA1 LOGOUT\x00") == '"line  A1 LOGOUT "'
    assert quoted("") == '""'


def test_every_filter_and_query_word_becomes_a_criterion_and_dates_are_widened_by_a_day() -> None:
    args = FetchEmailsArgs(
        query='budget Q"3',
        sender="Priya",
        to="tom@example.com",
        subject="a\\b",
        since=datetime(2026, 3, 2, 0, 30, tzinfo=timezone(timedelta(hours=2))),  # 1 March 22:30 UTC
        until=datetime(2026, 3, 9, 9, 0, tzinfo=UTC),
        unreadOnly=True,
    )
    assert search_criteria(args) == [
        "TEXT", '"budget"', "TEXT", '"Q\\"3"',
        "FROM", '"Priya"',
        "OR", "TO", '"tom@example.com"', "CC", '"tom@example.com"',
        "SUBJECT", '"a\\\\b"',
        "SINCE", "28-Feb-2026",
        "BEFORE", "11-Mar-2026",
        "UNSEEN",
    ]  # fmt: skip
    assert search_criteria(FetchEmailsArgs()) == ["ALL"]
    assert search_criteria(FetchEmailsArgs(unreadOnly=False)) == ["ALL"]


def test_utf8_is_announced_only_for_text_outside_ascii() -> None:
    assert needs_utf8(search_criteria(FetchEmailsArgs(subject="Café"))) is True
    assert needs_utf8(search_criteria(FetchEmailsArgs(subject="Cafe"))) is False


def test_dates_and_uid_sets() -> None:
    assert imap_date(datetime(2026, 12, 5).date()) == "5-Dec-2026"
    assert uid_set([7, 1, 2, 3, 9, 10, 3]) == "1:3,7,9:10"
    assert uid_set([42]) == "42"
    with pytest.raises(ValueError):
        uid_set([])


def test_fetch_responses_give_uid_flags_date_and_each_section() -> None:
    header = b"Subject: a\r\n\r\n"
    text = b'FLAGS (\\Seen) UID 99 INTERNALDATE "1-Jan-2000 00:00:00 +0000"\r\n'  # a body that looks like items
    lines: list[bytes | bytearray] = [
        b'12 FETCH (UID 7 FLAGS (\\Seen \\Recent) INTERNALDATE " 2-Mar-2026 09:00:05 -0500" BODY[HEADER] {14}',
        bytearray(header),
        b" BODY[TEXT]<0> {59}",
        bytearray(text),
        b")",
        b"13 FETCH (FLAGS (\\Seen))",  # an unsolicited flag update: no UID
        b'14 FETCH (UID 8 INTERNALDATE "30-Dec-2025 23:59:59 +0100" FLAGS ())',
        b"Fetch completed (0.001 + 0.000 secs).",
    ]
    first, second = parse_fetch(lines)
    assert first.uid == 7 and first.flags == {"\\Seen", "\\Recent"}
    assert first.internal_date == datetime(2026, 3, 2, 14, 0, 5, tzinfo=UTC)
    assert first.sections == {"BODY[HEADER]": header, "BODY[TEXT]<0>": text}
    assert second.uid == 8 and second.flags == frozenset() and second.sections == {}
    assert second.internal_date == datetime(2025, 12, 30, 22, 59, 59, tzinfo=UTC)
    assert internal_date(b'INTERNALDATE "2-Foo-2026 00:00:00 +0000"') is None


def test_search_list_and_status_responses() -> None:
    assert parse_search([b"3 5 8", b"Search completed."]) == [3, 5, 8]
    assert parse_search([b"", b"Search completed."]) == []
    listed = parse_list(
        [
            b'(\\HasNoChildren \\Sent) "/" "Sent Items"',
            b'(\\HasNoChildren) "." INBOX',
            b"(\\Archive) NIL {7}",
            bytearray(b"Archive"),
            b"List completed.",
        ]
    )
    assert listed == [
        (frozenset({"\\hasnochildren", "\\sent"}), "Sent Items"),
        (frozenset({"\\hasnochildren"}), "INBOX"),
        (frozenset({"\\archive"}), "Archive"),
    ]
    lines = [b"[APPENDUID 1795 42] Append completed.", b"NO [TRYCREATE] Mailbox doesn't exist"]
    assert first_code_value(lines, "APPENDUID") == "1795 42"
    assert status_codes(lines) == {"APPENDUID", "TRYCREATE"}


def test_bodystructure_gives_numbered_parts_names_estimated_sizes_and_the_text_part() -> None:
    lines: list[bytes | bytearray] = [
        b'4 FETCH (UID 9 BODYSTRUCTURE ((("text" "plain" ("charset" "utf-8") NIL NIL "quoted-printable" 13 1 NIL NIL'
        b' NIL NIL)("text" "html" ("charset" "utf-8") NIL NIL "7bit" 26 1 NIL NIL NIL NIL) "alternative"'
        b' ("boundary" "b2") NIL NIL NIL)("application" "pdf" ("name" "=?utf-8?q?R=C3=A9sum=C3=A9.pdf?=") NIL NIL'
        b' "base64" 1782 NIL ("attachment" NIL) NIL NIL)("message" "rfc822" NIL NIL NIL "7bit" 300 ("date" "s"'
        b' NIL NIL NIL NIL NIL NIL NIL NIL) ("text" "plain" NIL NIL NIL "7bit" 5 1) 12 NIL ("attachment"'
        b' ("filename" {9}',
        bytearray(b"in\xc3\xa9r.eml"),
        b')) NIL NIL)("image" "png" NIL "<logo@x>" NIL "base64" 78 NIL ("inline" ("filename*" "utf-8\'\'l%C3%B6go.png"'
        b')) NIL NIL) "mixed" ("boundary" "b1") NIL NIL NIL) BODY[HEADER] {14}',
        bytearray(b"Subject: a\r\n\r\n"),
        b")",
        b"Fetch completed.",
    ]
    (item,) = parse_fetch(lines)
    assert item.sections == {"BODY[HEADER]": b"Subject: a\r\n\r\n"}
    leaves = structure.leaves(item.text)
    assert [(leaf.number, leaf.maintype, leaf.subtype) for leaf in leaves] == [
        ("1.1", "text", "plain"), ("1.2", "text", "html"), ("2", "application", "pdf"),
        ("3", "message", "rfc822"), ("4", "image", "png"),
    ]  # fmt: skip
    assert structure.files(leaves) == [
        FileInfo("2", "Résumé.pdf", 1302), FileInfo("3", "inér.eml", 300), FileInfo("4", "lögo.png", 57),
    ]  # fmt: skip
    text = structure.text_leaf(leaves)
    assert text is not None and (text.number, text.encoding, text.params) == (
        "1.1",
        "quoted-printable",
        {"charset": "utf-8"},
    )


def test_a_single_part_bodystructure_is_part_1_and_nonsense_is_refused() -> None:
    (leaf,) = structure.leaves(
        b'1 FETCH (UID 3 BODYSTRUCTURE ("APPLICATION" "PDF" NIL NIL NIL "BASE64" 0 NIL NIL NIL NIL))'
    )
    assert (leaf.number, leaf.maintype, leaf.is_attachment, structure.text_leaf([leaf])) == (
        "1",
        "application",
        False,
        None,
    )
    for broken in (b"1 FETCH (UID 3)", b"1 FETCH (UID 3 BODYSTRUCTURE (", b'1 FETCH (UID 3 BODYSTRUCTURE ("text"))'):
        with pytest.raises(structure.StructureError):
            structure.leaves(broken)
    with pytest.raises(structure.StructureError):  # a literal announced longer than what follows
        structure.leaves(b'1 FETCH (UID 3 BODYSTRUCTURE ("text" {99} x))')
