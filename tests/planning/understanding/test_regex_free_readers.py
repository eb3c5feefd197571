"""Readers whose phrasing regexes went to cue files (issue 23) read as before: each case is a sentence of the
shape the reader is for, written here (not taken from an evaluation set)."""

from planning.understanding import extract
from planning.understanding.attendee_swaps import bare_change
from planning.understanding.event_title import _strip_times
from planning.understanding.job_titles import role
from planning.understanding.learned.reading import _owned_periods_as_calendar
from planning.understanding.records_text import note_body, task_subject
from planning.understanding.verbforms import present_base


def test_a_bare_attendee_change_names_only_people() -> None:
    assert bare_change("and then loop in Hana Ito too.") == ("add", ("Hana Ito",), ())
    assert bare_change("please uninvite Omar and Lea") == ("remove", ("Omar", "Lea"), ())
    assert bare_change("also drop kai@fjord.no as well") == ("remove", (), ("kai@fjord.no",))
    assert bare_change("take Marta off it") == ("remove", ("Marta",), ())


def test_a_clause_saying_more_than_who_is_no_bare_change() -> None:
    assert bare_change("add Hana Ito to the budget review") is None
    assert bare_change("add the quarterly numbers") is None
    assert bare_change("add") is None
    assert bare_change("invite Hana - the new hire") is None


def test_a_third_person_verb_loses_its_ending() -> None:
    assert present_base("watches") == "watch"
    assert present_base("pushes") == "push"
    assert present_base("relaxes") == "relax"
    assert present_base("buzzes") == "buzz"
    assert present_base("echoes") == "echo"
    assert present_base("plans") == "plan"
    assert present_base("replies") == "reply"


def test_a_period_of_ones_own_is_judged_as_ones_calendar() -> None:
    assert _owned_periods_as_calendar("how packed is my Wednesday") == "how packed is my calendar"
    assert _owned_periods_as_calendar("anything on my coming weekend or my evenings?") == (
        "anything on my calendar or my calendar?"
    )
    assert _owned_periods_as_calendar("what's on my tuesday's list") == "what's on my calendar's list"
    assert _owned_periods_as_calendar("my mid-week review") == "my mid-week review"
    assert _owned_periods_as_calendar("move my dentist visit") == "move my dentist visit"


def test_a_title_ends_where_its_time_begins() -> None:
    assert _strip_times("renew the parking permit tomorrow at 8") == "renew the parking permit"
    assert _strip_times("stretch in 5 min") == "stretch"
    assert _strip_times("stretch in 15 min") == "stretch in 15 min"
    assert _strip_times("feed the cat before") == "feed the cat before"
    assert _strip_times("pick up the dry cleaning for ") == "pick up the dry cleaning"
    assert _strip_times("Atlas review every week") == "Atlas review"


def test_a_role_at_a_company_in_a_contacts_details() -> None:
    text = "save Ines Duarte, ines@brightwave.pt, who's Head of R&D at Brightwave Labs."
    said = role(text)
    assert said is not None and (said.title, said.company) == ("Head of R&D", "Brightwave Labs.")
    assert text[said.span[0] : said.span[1]] == "Head of R&D"
    said = role("new contact: Tomas Berg; the COO @ Nordlys")
    assert said is not None and (said.title, said.company) == ("COO", "Nordlys")
    assert role("Tomas Berg, lunch at Fika Bar") is None  # a word of not_a_role.txt
    assert role("Tomas Berg, works at Nordlys") is None
    assert role("Tomas Berg, ceo at nordlys") is None  # a company is capitalised
    assert role("CEO at Nordlys, Tomas Berg") is None  # the first part names the request


def test_a_notes_text_follows_the_word_that_opens_it() -> None:
    assert note_body("log a note on the Vantor account saying procurement wants two quotes") == (
        "Procurement wants two quotes"
    )
    assert note_body("note for Vantor which says legal signed off") == "Legal signed off"
    assert note_body("for the Vantor deal: budget moves to Q3") == "Budget moves to Q3"


def test_a_tasks_subject_ends_where_its_due_time_begins() -> None:
    assert task_subject("create a task for me to chase the Vantor invoice by Monday") == "Chase the Vantor invoice"
    assert task_subject("to-do: renew the SSL cert, then tell ops") == "Renew the SSL cert"
    assert task_subject("remind me to book the venue for next week") == "Book the venue"
    assert task_subject("action items prep the board pack on") == "Prep the board pack"
    assert task_subject("book the venue") is None


def test_extracts_word_cues_read_as_before() -> None:
    assert extract._with_files("any messages carrying PDFs from Olu?")
    assert not extract._with_files("messages with Olu")
    assert extract._attendees_asked("who'll be attending the retreat")
    assert not extract._attendees_asked("who booked the retreat")
    assert extract._contact_fields_asked("what is Olu's cell") == ["phone"]
    assert extract._contact_fields_asked("email the brief to Olu, then his job title") == ["title"]
    assert extract._contact_fields_asked("Olu's cell and email?") == ["phone", "email"]
    assert extract._industry_said("leads from the cold-chain logistics vertical") == "cold-chain logistics"
    assert extract._industry_said("in the morning space") == "morning"
    assert extract._industry_said("in the room") is None


def test_a_new_title_searched_words_and_a_person_named_first() -> None:
    assert extract._new_title("rename Thursday's sync to Pricing deep dive, and move it") == "Pricing deep dive"
    assert extract._new_title("set the title to Vendor day. thanks") == "Vendor day"
    assert extract._new_title("rename it") is None
    assert extract._searched_words("mails mentioning the Harbor lease?") == "the Harbor lease"
    assert extract._searched_words("look for me") is None
    assert extract._searched_words("emails for 2 weeks") is None
    assert extract._named_first("our Lena Ortiz the notes", "lena ortiz") == len("our Lena Ortiz")
    assert extract._named_first("Lenak the notes", "Lena") is None


def test_the_thing_a_mail_gives_runs_to_its_end_word() -> None:
    assert extract._given_object(" their onboarding checklist before Monday") == "their onboarding checklist"
    assert extract._given_object("the Q3 numbers, thanks") == "the Q3 numbers"
    assert extract._given_object("the invoice #42") is None
    assert extract._given_object("invoices from March") is None


def test_the_words_an_event_is_searched_by() -> None:
    assert extract._event_query("cancel our 45-minute weekly vendor sync") == "45-minute weekly vendor sync"
    assert extract._event_query("when is the dentist appointment") == "dentist appointment"
    assert extract._event_query("push my 1:1s with Ravi") == "1:1s"
    assert extract._event_query("any check-ins friday") == "any check-ins"
    assert extract._event_query("clear thursday afternoon") is None
    assert extract._without_length("90 minute board review") == "board review"
    assert extract._without_first_skip("upcoming board review") == "board review"
    assert extract._without_first_skip("2nd board review") == "board review"


def test_each_field_a_record_change_names() -> None:
    said = "move the closing date for the Vantor expansion deal back to May 2 and stage to proposal; thanks"
    assert list(extract._field_changes(said)) == [("closing date", "May 2"), ("stage", "proposal")]
    assert list(extract._field_changes("her Job Title is Head of Ops")) == [("job title", "Head of Ops")]
    assert list(extract._field_changes("the phone, to Ana")) == []


def test_the_topic_of_a_mail_forwarded_is_whole_words() -> None:
    """What a mail forwarded is about is read over words: "report" keeps its "re", "onboarding" its "on" (the regex
    it replaces took them for "re:" and "on"), a trailing "email"/"one" is not part of it, and "to" ends it."""
    from planning.understanding.extract import _forwarded_topic

    assert _forwarded_topic("forward the report to dana") == "report"
    assert _forwarded_topic("fwd the onboarding checklist") == "onboarding checklist"
    assert _forwarded_topic("fwd the renewal email to kim") == "renewal"
    assert _forwarded_topic("forward the pricing one to sam") == "pricing"
    assert _forwarded_topic("forward my last email to sam") is None
    assert _forwarded_topic("forward the deck, thanks") is None
