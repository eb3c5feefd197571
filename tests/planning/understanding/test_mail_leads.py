"""The words to send after a clause lead ("- say …", ", just say …"), a mail's other fields after them ("…, cc X.
subject: Y"), and files asked for with a misspelt "attachment" (round 2 of session 3: mechanisms from fresh_c)."""

from tests.planning.conftest import args, run, steps


def test_a_say_lead_after_a_dash_or_comma_gives_a_reply_its_body_and_ends_the_topic():
    reply = args(run("reply to ken's mail about the budget – say the numbers come monday"), "reply_email")
    assert reply["body"] == "The numbers come monday"
    search = args(run("reply to ken's mail about the budget – say the numbers come monday"), "fetch_emails")
    assert search["query"] == "budget"
    assert args(run("write back to ana about the offsite, just say sounds good"), "reply_email")["body"] == (
        "Sounds good"
    )
    draft = args(run("draft a reply to lee's email on the lease. just tell her we signed"), "create_draft")
    assert draft["body"] == "We signed"


def test_say_inside_a_question_is_no_message():
    search = args(run("what did john smith say in the quarterly email"), "fetch_emails")
    assert "body" not in search


def test_cc_and_subject_after_the_words_to_send_are_not_sent_as_text():
    mail = args(run("email bob asking whether the invoice went out, cc carol. subject: invoice check"), "send_email")
    assert mail["body"] == "Could you let me know whether the invoice went out?"
    assert mail["subject"] == "invoice check"  # given after a colon: exactly as typed


def test_a_misspelt_attachment_still_asks_for_mail_with_files():
    assert args(run("show me messages with attachmnts from lee"), "fetch_emails")["hasAttachment"] is True
    assert args(run("pull up mail w/ attachements from raj"), "fetch_emails")["hasAttachment"] is True


def test_a_note_after_a_dash_following_its_record_is_its_body():
    note = args(run("add a note to the globex deal - ken says they need net 45"), "create_entity")
    assert note["fields"]["body"] == "Ken says they need net 45"
    note = args(run("note on the initech account — renewal slipped to june"), "create_entity")
    assert note["fields"]["body"] == "Renewal slipped to june"


def test_people_after_cc_are_looked_up_and_copied_not_sent_to():
    line = run("email bob asking whether the invoice went out, cc carol and dan park. subject: invoice check")
    mail = args(line, "send_email")
    assert len(mail["to"]) == 1 and "find_bob" in mail["to"][0]
    looked_up = [s["arguments"]["input"]["filters"]["name"] for s in steps(line, "fetch_entity")]
    assert looked_up == ["bob", "carol", "dan park"]
    assert len(mail["cc"]) == 2 and "find_carol" in mail["cc"][0] and "find_dan_park" in mail["cc"][1]
    forward = args(run("fwd maya's invoice email to ken lee and cc dora, just say fyi"), "forward_email")
    assert len(forward["to"]) == 1 and "find_ken_lee" in forward["to"][0]
    assert len(forward["cc"]) == 1 and "find_dora" in forward["cc"][0]
    draft = args(run("draft an email to ana about the q3 plan and cc tom park saying numbers are in"), "create_draft")
    assert len(draft["cc"]) == 1 and "find_tom_park" in draft["cc"][0] and draft["body"] == "Numbers are in"


def test_a_topic_ends_where_people_are_copied_in():
    assert args(run("email ana about the offsite and cc tom"), "send_email")["subject"] == "Offsite"
    draft = args(run("draft an email to ana about the q3 plan and cc tom park saying numbers are in"), "create_draft")
    assert draft["subject"] == "Q3 plan"


def test_draft_in_the_words_to_send_asks_for_no_draft():
    assert steps(run("send ken a short note saying the draft contract looks fine"), "send_email")
    assert not steps(run("send ken a short note saying the draft contract looks fine"), "create_draft")
    assert steps(run("email ken that the draft is ready, don't send it yet"), "create_draft")
    assert steps(run("email ken saying the draft is ready. leave it as a draft"), "create_draft")
