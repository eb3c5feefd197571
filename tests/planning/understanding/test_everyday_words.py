"""Everyday requests of contract v3 read from the word lists of ``everyday_data``: which mail a change is for, the
change, a draft, a meeting link, optional people, a calendar by name, a logged call, a link to a deal."""

from planning.understanding import everyday


def test_the_sender_of_mail_to_change_stops_before_the_change():
    assert everyday.mail_target("mark the acmeletter from acme as read") == ("acme", "acmeletter")
    assert everyday.mail_target("archive the newsletter from acme") == ("acme", "newsletter")
    assert everyday.mail_target("mark the invoice email as read") == (None, "invoice")
    assert everyday.mail_change("mark the invoice email as unread") == {"unread": True}
    assert everyday.mail_change("please archive the newsletter from acme") == {"archived": True}
    assert everyday.mail_change("mark the acme deal as won") is None


def test_drafts_links_optional_people_and_calendars_are_read_from_words():
    assert everyday.wants_draft("draft a reply to maria saying thanks")
    assert not everyday.wants_draft("email maria saying thanks")
    assert everyday.meeting_link_words("book 30 min w/ dana tmrw at 2 with a meet link") == ("meet", "link")
    assert everyday.optional_people("invite tom as optional to the acme call") == ["tom"]
    assert everyday.calendar_name("schedule a sync on my team calendar") == "team"
    assert everyday.calendar_name("put it on my calendar") is None
    assert everyday.activity_kind("log a call with laura on the acme account: they want a discount") == "call"
    assert everyday.links_to_deal("link dana to the acme deal")
    assert not everyday.links_to_deal("link dana to the acme account")
