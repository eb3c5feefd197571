"""Words mapped to concepts (not to goal types): intents, entities, out-of-domain topics.

A word list is a cue file (``data/cues/{kind}_{concept}….txt``, one phrase a line). A ``WordCue`` reads one file as
evidence of a kind, a concept and a weight; a ``PhraseCue`` reads one or more files with what may stand around their
phrases (``…_after``, ``…_not_before`` … files, ``planning.understanding.cue_context``): "hold" first or after "to",
"book" never after "phone". A phrase is a token sequence that may hold a gap of a few words, a number or another
list ("add * _5 to {the|my|} _6 <said_event_nouns>"), and a part may block ("let me know" is no message to anyone).
A new word is a line in a file; there is no regular expression here. A new (intent, entity) combination is a row
of ``planning.understanding.combinations``, not a new keyword list.
"""

from dataclasses import dataclass
from typing import Literal

from planning.understanding.cue_context import ANYWHERE, Around, at_around
from planning.understanding.cues import Cues, Words, cues
from planning.understanding.help_asked import help_asked
from planning.understanding.message_cues import opening_word, whole_message
from planning.understanding.scanner import scan

CueKind = Literal["intent", "entity", "offtopic", "question", "chat"]


@dataclass(frozen=True, slots=True)
class WordCue:
    """The phrases of one cue file, each evidence of ``concept`` with ``weight``."""

    kind: CueKind
    concept: str
    weight: float
    phrases: Cues


@dataclass(frozen=True, slots=True)
class Part:
    """Phrases with what may stand around them (``planning.understanding.cue_context``)."""

    phrases: Cues
    around: Around = ANYWHERE
    block: bool = False  # a phrase of it found at a place ("let me know") is no evidence, and read as a whole


@dataclass(frozen=True, slots=True)
class PhraseCue:
    """Phrases read where a word boundary puts words, each evidence of ``concept`` with ``weight``; the parts are
    tried in order at each place, so a text's words are evidence once."""

    kind: CueKind
    concept: str
    weight: float
    parts: tuple[Part, ...]


@dataclass(frozen=True, slots=True)
class Evidence:
    kind: CueKind
    concept: str
    weight: float
    start: int
    end: int
    text: str


WORD_CUES: tuple[WordCue, ...] = (
    WordCue("intent", "summarize", 3.5, cues("intent_summarize")),
    WordCue("intent", "find", 1.0, cues("intent_find_written")),
    WordCue("intent", "send", 3.0, cues("intent_send_short")),
    WordCue("intent", "update", 3.0, cues("intent_update_stated")),
    WordCue("intent", "update", 4.0, cues("intent_update_answers")),  # answering an invitation: my side of an event
    WordCue("intent", "delete", 3.0, cues("intent_delete_slang")),
    WordCue("entity", "email", 2.0, cues("entity_email_message")),
    WordCue("entity", "email", 1.2, cues("entity_email_thread")),
    WordCue("entity", "email", 3.5, cues("entity_email_answers")),
    WordCue("entity", "event", 2.5, cues("entity_event_invitation")),
    WordCue("entity", "contact", 3.5, cues("entity_contact")),
    WordCue("entity", "deal", 4.5, cues("entity_deal_close")),
    WordCue("entity", "account", 2.5, cues("entity_account")),
    WordCue("entity", "event", 1.0, cues("entity_event_occasions")),
    WordCue("offtopic", "alarm", 5.0, cues("offtopic_alarm")),
    WordCue("offtopic", "weather", 4.0, cues("offtopic_weather")),
    WordCue("offtopic", "media", 4.0, cues("offtopic_media")),
    WordCue("offtopic", "news", 4.0, cues("offtopic_news")),
    WordCue("offtopic", "food", 4.0, cues("offtopic_food")),
    WordCue("offtopic", "home", 4.0, cues("offtopic_home")),
    WordCue("offtopic", "social", 4.0, cues("offtopic_social")),
    WordCue("offtopic", "quirky", 3.0, cues("offtopic_quirky")),
    WordCue("offtopic", "lists", 4.5, cues("offtopic_lists")),
    WordCue("offtopic", "qa", 3.0, cues("offtopic_qa")),
    WordCue("offtopic", "datetime", 4.5, cues("offtopic_datetime")),
    WordCue("offtopic", "restaurant bookings", 4.0, cues("offtopic_table_booking")),
    WordCue("offtopic", "travel", 4.0, cues("offtopic_travel")),
    WordCue("entity", "lead", 4.0, cues("entity_lead_prospect")),
    WordCue("entity", "lead", 4.0, cues("entity_lead_status")),
    WordCue("entity", "deal", 4.0, cues("entity_deal_stage")),
    WordCue("entity", "deal", 4.0, cues("entity_deal_names")),
    WordCue("entity", "event", 3.0, cues("entity_event_calendar")),
    WordCue("entity", "event", 3.0, cues("entity_event_meetings")),
)

A = "atoms"  # phrase cues are read where a word boundary puts words
# "skip team sync this wed": a meeting called off (not "skip the email", "skip it")
_SKIPPED = Part(
    cues("intent_delete_skip", A),
    Around(before=cues("intent_delete_skip_before", A), not_before=cues("intent_delete_skip_not_before", A)),
)

PHRASE_CUES: tuple[PhraseCue, ...] = (
    PhraseCue(
        "intent",
        "send",
        3.0,
        (
            Part(cues("intent_send_verbs", A)),
            Part(cues("intent_send_write", A), Around(not_before=cues("intent_send_write_not_before", A))),
            Part(cues("intent_send_forward", A), Around(before=cues("intent_send_forward_before", A))),
            Part(cues("intent_send_mail", A)),
        ),
    ),
    PhraseCue(
        "intent",
        "send",
        3.5,
        (Part(cues("intent_send_reply", A), Around(not_before=cues("intent_send_reply_not_before", A))),),
    ),
    PhraseCue("intent", "send", 1.5, (Part(cues("intent_send_note_to", A)),)),
    PhraseCue(
        "intent",
        "find",
        1.5,
        (
            Part(cues("intent_find_words", A)),
            Part(cues("intent_find_open", A), Around(not_before=cues("intent_find_open_not_before", A))),
            Part(cues("intent_find_asked", A)),
        ),
    ),
    PhraseCue("intent", "find", 3.0, (Part(cues("intent_find_mine", A)),)),
    PhraseCue(
        "intent",
        "send",
        2.5,
        (
            Part(
                cues("intent_send_email_verb", A),
                Around(
                    after=cues("intent_send_email_verb_after", A),
                    before=cues("intent_send_email_verb_before", A),
                    not_before=cues("intent_send_email_verb_not_before", A),
                ),
            ),
            Part(cues("intent_send_start_email", A)),
            Part(
                cues("intent_send_message_first", A),
                Around(
                    after=cues("intent_send_message_first_after", A),
                    before=cues("intent_send_message_first_before", A),
                    not_before=cues("intent_send_message_first_not_before", A),
                ),
            ),
        ),
    ),
    PhraseCue("intent", "find", 3.0, (Part(cues("intent_find_asked_sent", A)),)),
    PhraseCue(
        "intent",
        "create",
        2.0,
        (
            Part(cues("intent_create_make", A)),
            Part(cues("intent_create_schedule", A), Around(after=cues("intent_create_leads", A))),
            Part(
                cues("intent_create_hold", A),
                Around(after=cues("intent_create_leads", A), not_before=cues("intent_create_hold_not_before", A)),
            ),
            Part(
                cues("intent_create_book", A),
                Around(
                    not_after=cues("intent_create_book_not_after", A),
                    not_before=cues("intent_create_book_not_before", A),
                ),
            ),
            Part(cues("intent_create_arrange", A)),
            Part(cues("intent_create_plan", A), Around(not_before=cues("intent_create_plan_not_before", A))),
            Part(cues("intent_create_put", A), Around(not_before=cues("intent_create_put_not_before", A))),
            Part(cues("intent_create_put", A), Around(before=cues("intent_create_put_before", A))),
            Part(cues("intent_create_enter", A)),
            Part(cues("intent_create_note", A), Around(before=cues("intent_create_note_before", A))),
            Part(cues("intent_create_make_thing", A)),
            Part(cues("intent_create_wanted", A)),
            Part(cues("intent_create_new", A), Around(before=cues("intent_create_new_before", A))),
        ),
    ),
    PhraseCue(
        "intent",
        "create",
        2.0,
        (
            Part(cues("intent_create_going", A)),
            Part(cues("intent_create_remember", A), Around(not_before=cues("intent_create_remember_not_before", A))),
            Part(cues("intent_create_repeat", A)),
        ),
    ),
    PhraseCue("intent", "create", 3.0, (Part(cues("intent_create_alert", A)),)),
    PhraseCue("intent", "create", 4.0, (Part(cues("intent_create_calendar", A)),)),
    # "a task for me to send them the pack": a task is made; what it says to do is its subject, not the action
    PhraseCue(
        "intent",
        "create",
        4.0,
        (Part(cues("intent_create_task_to", A), Around(after=cues("intent_create_task_to_after", A))),),
    ),
    PhraseCue(
        "intent",
        "create",
        2.0,
        (
            Part(
                cues("intent_create_have_got", A),
                Around(after=cues("intent_create_have_got_after", A), before=cues("intent_create_have_got_before", A)),
            ),
        ),
    ),
    PhraseCue("intent", "create", 3.5, (Part(cues("intent_create_remind", A)),)),
    PhraseCue(
        "intent",
        "delete",
        3.0,
        (
            Part(cues("intent_delete_words", A)),
            Part(
                cues("intent_delete_drop", A),
                Around(
                    before=cues("intent_delete_drop_before", A), not_before=cues("intent_delete_drop_not_before", A)
                ),
            ),
            Part(cues("intent_delete_more", A)),
            Part(cues("intent_delete_trash", A), Around(before=cues("intent_delete_trash_before", A))),
            _SKIPPED,
        ),
    ),
    PhraseCue("entity", "event", 5.0, (_SKIPPED,)),  # only a meeting is skipped ("skip pipeline review on tue")
    # taking back a sent email is removing it (which planbot cannot do), not sending one
    PhraseCue(
        "intent",
        "delete",
        4.0,
        (
            Part(cues("intent_delete_unsend", A)),
            Part(cues("intent_delete_recall", A), Around(before=cues("intent_delete_recall_before", A))),
            Part(cues("intent_delete_take_back", A), Around(before=cues("intent_delete_take_back_before", A))),
        ),
    ),
    PhraseCue("entity", "event", 1.0, (Part(cues("entity_event_catchup", A)),)),
    # a reminder before something is a calendar entry ("notify me an hour before my flight")
    PhraseCue("entity", "event", 3.0, (Part(cues("entity_event_alert", A)),)),
    PhraseCue("entity", "email", 3.5, (Part(cues("entity_email_sent_me", A)),)),
    # an answer to me, asked about: "did anyone get back to me about …", "has Tom replied to me"
    PhraseCue(
        "entity",
        "email",
        3.5,
        (
            Part(cues("entity_email_got_back", A)),
            Part(cues("entity_email_replied", A)),
            Part(cues("entity_email_heard_back", A)),
        ),
    ),
    PhraseCue(
        "entity",
        "email",
        2.5,
        (
            Part(cues("entity_email_written", A)),
            Part(cues("entity_email_send_me", A), Around(before=cues("entity_email_send_me_before", A))),
            Part(cues("entity_email_did_say", A)),
        ),
    ),
    PhraseCue(
        "entity",
        "contact",
        3.0,
        (
            Part(cues("entity_contact_details", A)),
            Part(
                cues("entity_contact_details_of", A), Around(not_before=cues("entity_contact_details_of_not_before", A))
            ),
            Part(
                cues("entity_contact_number_of", A), Around(not_before=cues("entity_contact_number_of_not_before", A))
            ),
            Part(cues("entity_contact_theirs", A)),
        ),
    ),
    # a record met "with": a participant of an event, not the thing acted on ("a demo with the Acme lead")
    PhraseCue("entity", "event", 1.5, (Part(cues("entity_event_with_record", A)),)),
    PhraseCue(
        "entity",
        "email",
        3.0,
        (
            Part(cues("entity_email_words", A)),
            Part(cues("entity_email_mail", A), Around(not_after=cues("entity_email_mail_not_after", A))),
            Part(cues("entity_email_boxes", A)),
        ),
    ),
    PhraseCue("entity", "task", 3.0, (Part(cues("entity_task_words", A)),)),
    # a person added "as a contact": that is the record made, whatever else the words say ("her new role is IT lead")
    PhraseCue("entity", "contact", 6.0, (Part(cues("entity_contact_as", A)),)),
    # a person put into the CRM: a contact, unless the record's own noun says otherwise ("add a lead to the crm")
    PhraseCue(
        "entity",
        "contact",
        3.0,
        (Part(cues("entity_contact_crm", A), Around(not_after=cues("entity_contact_crm_not_after", A))),),
    ),
    PhraseCue(
        "entity",
        "lead",
        4.0,
        (
            Part(
                cues("entity_lead_words", A),
                Around(
                    not_before=cues("entity_lead_words_not_before", A),
                    not_after=cues("entity_lead_words_not_after", A),
                ),
            ),
        ),
    ),
    PhraseCue(
        "entity",
        "deal",
        4.0,
        (Part(cues("entity_deal_words", A), Around(not_before=cues("entity_deal_words_not_before", A))),),
    ),
    PhraseCue("entity", "event", 3.0, (Part(cues("entity_event_alerts", A)),)),
    PhraseCue(
        "entity",
        "event",
        3.0,
        (
            Part(cues("entity_event_standups", A)),
            Part(cues("entity_event_busy", A), Around(before=cues("entity_event_busy_before", A))),
        ),
    ),
    # a purchase asked for ("order lunch for the team", "buy a gift for …"): no email, CRM or calendar work
    PhraseCue(
        "offtopic",
        "shopping",
        4.0,
        (
            Part(
                cues("offtopic_shopping", A),
                Around(after=cues("offtopic_shopping_after", A), not_before=cues("offtopic_shopping_not_before", A)),
            ),
        ),
    ),
    PhraseCue(
        "offtopic",
        "travel",
        4.0,
        (Part(cues("offtopic_travel_flights", A), Around(not_before=cues("offtopic_travel_flights_not_before", A))),),
    ),
    PhraseCue(
        "offtopic",
        "lists",
        2.9,
        (Part(cues("offtopic_lists_words", A), Around(not_before=cues("offtopic_lists_words_not_before", A))),),
    ),
    # a message to someone told ("let Maria and Tom know", "tell Sam", "drop Kim a quick line", "ping")
    PhraseCue(
        "intent",
        "send",
        2.5,
        (Part(cues("intent_send_told_not", A), block=True), Part(cues("intent_send_told", A))),
    ),
    PhraseCue(
        "intent",
        "create",
        2.0,
        (
            Part(
                cues("intent_create_set", A),
                Around(after=cues("intent_create_leads", A), before=cues("intent_create_set_before", A)),
            ),
            Part(
                cues("intent_create_set", A),
                Around(after=cues("intent_create_leads", A), not_before=cues("intent_create_set_not_before", A)),
            ),
        ),
    ),
    # time kept aside ("hold 90 minutes for deep work") or taken with someone ("grab 30 mins with Sarah")
    PhraseCue(
        "intent",
        "create",
        2.5,
        (
            Part(cues("intent_create_keep_time", A), Around(before=cues("intent_create_keep_time_before", A))),
            Part(
                cues("intent_create_take_time", A),
                Around(
                    before=cues("intent_create_take_time_before", A),
                    not_before=cues("intent_create_take_time_not_before", A),
                ),
            ),
        ),
    ),
    # shorthand with the content after a colon: "note on the Acme account: they want a discount", "task: call Tom"
    PhraseCue(
        "intent",
        "create",
        3.0,
        (
            Part(
                cues("intent_create_colon_note", A),
                Around(
                    after=cues("intent_create_colon_note_after", A), before=cues("intent_create_colon_note_before", A)
                ),
            ),
        ),
    ),
    PhraseCue(
        "intent",
        "update",
        3.0,
        (
            Part(cues("intent_update_verbs_not", A), block=True),
            Part(cues("intent_update_verbs", A)),
            Part(cues("intent_update_close", A), Around(before=cues("intent_update_close_before", A))),
        ),
    ),
    PhraseCue(
        "intent",
        "update",
        3.5,
        (
            Part(cues("intent_update_set_to_not", A), block=True),
            Part(cues("intent_update_set_to", A), Around(not_before=cues("intent_update_set_to_not_before", A))),
        ),
    ),
    PhraseCue(
        "intent",
        "update",
        3.5,
        (Part(cues("intent_update_add_to_not", A), block=True), Part(cues("intent_update_add_to", A))),
    ),
    # a record's status or stage said as what it becomes ("flip hank to contacted", "mark the renewal task done")
    PhraseCue(
        "intent",
        "update",
        3.5,
        (
            Part(cues("intent_update_status_said_not", A), block=True),
            Part(cues("intent_update_status_said", A), Around(before=cues("intent_update_status_said_before", A))),
        ),
    ),
    PhraseCue(
        "entity",
        "lead",
        4.0,
        (Part(cues("entity_lead_marked", A), Around(before=cues("intent_update_status_said_before", A))),),
    ),
    PhraseCue(
        "entity",
        "deal",
        4.0,
        (Part(cues("entity_deal_marked", A), Around(before=cues("intent_update_status_said_before", A))),),
    ),
    # people added to or taken off an event that exists ("invite Tom to the Acme call")
    PhraseCue(
        "intent",
        "update",
        4.0,
        (Part(cues("intent_update_people_in_not", A), block=True), Part(cues("intent_update_people_in", A))),
    ),
    PhraseCue("intent", "update", 4.0, (Part(cues("intent_update_people_off", A)),)),
    # a move by a particle: "bring the Acme call forward", "push my 1:1 back"
    PhraseCue("intent", "update", 3.5, (Part(cues("intent_update_moved", A)),)),
    # a deal's value moved to an amount: "bump the acme deal to 52k"
    PhraseCue(
        "intent",
        "update",
        4.0,
        (Part(cues("intent_update_deal_to", A), Around(before=cues("intent_update_deal_to_before", A))),),
    ),
    # an event referred to as one that exists ("the launch review", "tomorrow's standup")
    PhraseCue("entity", "event", 3.0, (Part(cues("entity_event_existing", A)),)),
    PhraseCue(
        "entity",
        "note",
        4.5,
        (
            Part(cues("entity_note_on_record", A)),
            Part(cues("entity_note_made", A), Around(after=cues("entity_note_made_after", A))),
        ),
    ),
    PhraseCue("entity", "note", 5.0, (Part(cues("entity_note_put_down", A)),)),
    # a reminder to do something by a day (a deadline, no time of day) is a task due that day
    PhraseCue(
        "entity",
        "task",
        4.0,
        (
            Part(
                cues("entity_task_by_day", A),
                Around(after=cues("entity_task_by_day_after", A), not_before=cues("entity_task_by_day_not_before", A)),
            ),
        ),
    ),
    PhraseCue("entity", "task", 5.0, (Part(cues("entity_task_for_record", A)),)),
    PhraseCue(
        "entity",
        "contact",
        3.0,
        (
            Part(cues("entity_contact_fields", A)),
            Part(cues("entity_contact_saved", A), Around(after=cues("entity_contact_saved_after", A))),
            Part(cues("entity_contact_email_kept", A), Around(after=cues("entity_contact_email_kept_after", A))),
            Part(  # "jen's email?", the whole message: her address, not her mail
                cues("entity_contact_email_asked", A),
                Around(
                    after=cues("entity_contact_email_asked_after", A),
                    before=cues("entity_contact_email_asked_before", A),
                ),
            ),
            Part(cues("entity_contact_email_whose_not", A), block=True),  # "whats the email": the mail
            Part(  # "whats johns email": whose, typed without its apostrophe
                cues("entity_contact_email_whose", A),
                Around(
                    after=cues("entity_contact_email_asked_after", A),
                    before=cues("entity_contact_email_asked_before", A),
                ),
            ),
        ),
    ),
    PhraseCue(
        "entity",
        "availability",
        3.5,
        (
            Part(cues("entity_availability_free", A)),
            Part(
                cues("entity_availability_free_word", A), Around(before=cues("entity_availability_free_word_before", A))
            ),
            Part(
                cues("entity_availability_free_end", A), Around(before=cues("entity_availability_free_end_before", A))
            ),
        ),
    ),
    PhraseCue(
        "entity",
        "event",
        2.0,
        (
            Part(cues("entity_event_going_on", A), Around(before=cues("entity_event_going_on_before", A))),
            Part(cues("entity_event_schedule_asked", A)),
            Part(cues("entity_event_on_day", A), Around(before=cues("entity_event_on_day_before", A))),
        ),
    ),
    PhraseCue(
        "entity",
        "event",
        2.0,
        (
            Part(cues("entity_event_got_on", A), Around(before=cues("entity_event_got_on_before", A))),
            Part(cues("entity_event_anything_with_not", A), block=True),
            Part(cues("entity_event_anything_with", A), Around(before=cues("entity_event_anything_with_before", A))),
        ),
    ),
    # a phone call asked for ("call Maria and tell her …", "give John a ring"): planbot cannot phone anyone
    PhraseCue(
        "offtopic",
        "phone calls",
        5.0,
        (
            Part(
                cues("offtopic_phone_call", A),
                Around(
                    after=cues("offtopic_phone_call_after", A), not_before=cues("offtopic_phone_call_not_before", A)
                ),
            ),
            Part(cues("offtopic_phone_give", A)),
        ),
    ),
    PhraseCue("offtopic", "sports", 4.0, (Part(cues("offtopic_sports_words", A)),)),
    # a lead turned into another record: no tool of the contract converts one (texts.cant_do says so, and what to do)
    PhraseCue("offtopic", "lead conversion", 9.0, (Part(cues("offtopic_lead_conversion", A)),)),
    PhraseCue(
        "offtopic",
        "places",
        3.0,
        (
            Part(cues("offtopic_places_words", A)),
            Part(
                cues("offtopic_places_in", A),
                Around(
                    before=cues("offtopic_places_in_before", A), not_before=cues("offtopic_places_in_not_before", A)
                ),
            ),
        ),
    ),
)


def evidence_in(text: str) -> list[Evidence]:
    """Every cue found in ``text``, in text order."""
    found = _phrase_evidence(text)
    found += _message_evidence(text)
    words = Words.of(text)
    # a word also read without its possessive ("the doctor's appointment": "doctor"), as a word boundary reads it,
    # where the words as typed give nothing ("what's the date" is a phrase of its own)
    bare = tuple(word.removesuffix("'s") for word in words.words)
    for word_cue in WORD_CUES:
        typed = [(hit, words.char_end(hit.end - 1)) for hit in word_cue.phrases.find_all(words)]
        taken = {index for hit, _ in typed for index in range(hit.start, hit.end)}
        read_bare = [
            (hit, words.char_start(hit.end - 1) + len(bare[hit.end - 1]))
            for hit in word_cue.phrases.find_all(bare)
            if not taken.intersection(range(hit.start, hit.end))
        ]
        for hit, end in typed + read_bare:
            start = words.char_start(hit.start)
            found.append(Evidence(word_cue.kind, word_cue.concept, word_cue.weight, start, end, text[start:end]))
    thanked = _only_thanks(words)
    if thanked is not None:
        found.append(Evidence("chat", "thanks", 5.0, thanked[0], thanked[1], text[thanked[0] : thanked[1]]))
    helped = help_asked(words)
    if helped is not None:  # "what kinda stuff can you do?"
        found.append(Evidence("chat", "help", 5.0, helped[0], helped[1], text[helped[0] : helped[1]]))
    found.sort(key=lambda e: (e.start, -e.weight))
    return found


def _phrase_evidence(text: str) -> list[Evidence]:
    """The evidence of :data:`PHRASE_CUES` in ``text``: at each place, the parts of a cue tried in order."""
    atoms = scan(text, "atoms")
    words = tuple(atom.word for atom in atoms)
    found = []
    for cue in PHRASE_CUES:
        for start, end in _spans(cue.parts, words):
            at, to = atoms[start].start, atoms[end - 1].end
            found.append(Evidence(cue.kind, cue.concept, cue.weight, at, to, text[at:to]))
    return found


def _spans(parts: tuple[Part, ...], words: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where the phrases of ``parts`` are in ``words``, left to right, none overlapping; at a place, the first part
    that has a phrase there."""
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(words):
        found = next(
            ((hit, part) for part in parts if (hit := at_around(part.phrases, part.around, words, index)) is not None),
            None,
        )
        if found is None:
            index += 1
            continue
        hit, part = found
        if not part.block:
            spans.append((hit.start, hit.end))
        index = max(hit.end, index + 1)
    return spans


# a whole message that greets or asks for help ("hi there", "what can you do"), and a question's first word
_WHOLE_MESSAGES = (
    ("greeting", cues("chat_greetings"), cues("chat_greeting_names")),
    ("help", cues("chat_help_whole"), None),
)


def _message_evidence(text: str) -> list[Evidence]:
    """The chat and question cues of ``text``: the whole message a greeting or a request for help, its first word
    a question word (data/cues/chat_greetings.txt, chat_help_whole.txt, question_openers.txt)."""
    found = []
    for concept, phrases, after in _WHOLE_MESSAGES:
        end = whole_message(text, phrases, after)
        if end is not None:
            found.append(Evidence("chat", concept, 5.0, 0, end, text[:end]))
    opened = opening_word(text, cues("question_openers"))
    if opened is not None:
        found.append(Evidence("question", "question", 1.0, 0, opened, text[:opened]))
    return found


def _only_thanks(words: Words) -> tuple[int, int] | None:
    """Where the words of a message that only thanks or praises lie ("lol ty, ur a lifesaver 🙏"): every word is
    part of a phrase of ``chat_thanks``, marks and emoji aside; ``None`` when one word is not."""
    kept = tuple(index for index in range(len(words)) if words.is_word(index))
    if not kept:
        return None
    seq = tuple(words.words[index] for index in kept)
    index = 0
    while index < len(seq):
        found = cues("chat_thanks").at(seq, index)
        if found is None:
            return None
        index = found.end
    return words.char_start(kept[0]), words.char_end(kept[-1])
