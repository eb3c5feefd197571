"""Words and patterns mapped to concepts (not to goal types): intents, entities, out-of-domain topics.

A word list is a cue file (``data/cues/{kind}_{concept}….txt``, one phrase a line) read as a ``WordCue`` of a kind,
a concept and a weight: a new word is a line there. A row ``(pattern, concept kind, concept, weight)`` is what is
left of the patterns, for what a list cannot say yet (a word only before or after another). A new (intent, entity)
combination is a row of ``planning.understanding.combinations``, not a new keyword list.
"""

import re
from dataclasses import dataclass
from typing import Literal

from planning.understanding.cues import Cues, Words, cues
from planning.understanding.help_asked import help_asked
from planning.understanding.message_cues import opening_word, whole_message

CueKind = Literal["intent", "entity", "offtopic", "question", "chat"]


@dataclass(frozen=True, slots=True)
class Cue:
    kind: CueKind
    concept: str
    weight: float
    pattern: re.Pattern[str]


@dataclass(frozen=True, slots=True)
class WordCue:
    """The phrases of one cue file, each evidence of ``concept`` with ``weight``."""

    kind: CueKind
    concept: str
    weight: float
    phrases: Cues


@dataclass(frozen=True, slots=True)
class Evidence:
    kind: CueKind
    concept: str
    weight: float
    start: int
    end: int
    text: str


def _rows(kind: CueKind, rows: list[tuple[str, str, float]]) -> list[Cue]:
    return [Cue(kind, concept, weight, re.compile(rf"\b(?:{pattern})\b", re.I)) for pattern, concept, weight in rows]


_P = r"(?:[a-z][\w'.-]*|[A-Z][\w'.-]*)"  # a name-like word
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_DEFINITE = r"(?:the|my|our|this|that|today's|tomorrow's|\w+day's|next week's|\w+'s) "  # a thing that exists
# "the launch review", "tomorrow's standup" (not "my dinner order": "my" also names things that are not events)
_DEFINITE_THING = r"(?:the|our|this|that|today's|tomorrow's|\w+day's|next week's) "
_EVENT_NOUNS = (
    r"(?:meeting|call|event|invite|invitation|sync|review|standup|stand-up|1:1|one on one|demo|lunch|dinner|"
    r"breakfast|offsite|off-site|planning|presentation|interview|session|workshop|webinar|retro|check-?in|"
    r"catch-?up|kickoff|kick-off|huddle|appointment|summit|conference)s?\b"
)

INTENT_CUES = _rows(
    "intent",
    [
        # send
        (
            r"send|sent|shoot|fire off|compose|draft|write(?! (?:down|me))|forward (?=the|this|that|it|my|an?\b|\w+'s)|"
            r"mail (?:to|it|this|the)",
            "send",
            3.0,
        ),
        (
            r"(?:^|(?<=\bto )|(?<=\band )|(?<=\bthen )|(?<=\bplease )|(?<=\balso ))e-?mail"
            r"(?= (?!address|id\b|account|inbox|from|about)\S)|start (?:an? )?(?:new )?e-?mail|"
            r"^message(?= (?!from\b)\w)",
            "send",
            2.5,
        ),
        (r"(?:reply|respond|replies|responses?)(?! from)", "send", 3.5),
        (
            r"let (?!me\b|us\b)"
            + _P
            + r"(?: \w+)?(?:(?:,| and| &) "  # "let Maria and Tom know": several people
            + _P
            + r"(?: \w+)?)* know|tell (?!me\b|us\b|about\b|what\b|all\b|how\b|when\b|where\b|who\b|if\b|whether\b|the\b|a\b|an\b)"
            + _P
            + r"|drop "  # "drop Tom and Priya a quick email": the thing dropped to someone is a message
            + _P
            + r"(?: \w+)?(?:(?:,| and| &) "
            + _P
            + r"(?: \w+)?)* (?:an?|another) (?:quick |short |brief )?(?:line|note|e-?mail|message|mail)\b|ping|"
            r"notify (?!me\b)" + _P,
            "send",
            2.5,
        ),
        (r"(?:a|an|the) (?:quick |short )?(?:note|line|message|e-?mail) to", "send", 1.5),
        # find
        (
            r"show|list|find|search|look(?:ing)? (?:up|for|at)|lookup|get me|check|pull up|bring up|display|view|see|"
            r"fetch|retrieve|read|open(?! (?:a|an|new) )|go through|browse|give me|tell me|what(?:'s| is| are)?|whats|"
            r"when(?:'s| is)?|who(?:'s| is)?|which|where|how many|how much|any|do i have|did i (?:get|receive)|"
            r"have i (?:got|received)|is there|are there|am i|what do i have|anything|latest|upcoming|next|"
            r"let me know|tell me|notify me|receive[ds]?|got any|come in|came in|arrived|pending",
            "find",
            1.5,
        ),
        (
            r"who did i (?:e-?mail|write|send|message)|did i (?:get|receive)|have i (?:got|received|gotten)",
            "find",
            3.0,
        ),
        (
            r"(?:did|has|have|had) [\w']+(?: [\w']+)? (?:send|sent|write|wrote|email|e-mail|reply|replied|respond|"
            r"responded)(?: to)? me|who (?:send|sent|emailed|e-mailed|wrote)|"
            r"did you (?:add|set|schedule|book|create|put|save|send|cancel|delete|remove)",
            "find",
            3.0,
        ),
        # create
        (
            r"add|create|(?:^|(?<=\bto )|(?<=\band )|(?<=\bthen )|(?<=\bplease )|(?<=\balso ))(?:schedule|hold(?! on\b))|(?<!phone )(?<!address )book(?! of)|set ?up|arrange|organi[sz]e|plan(?! for)|put(?! on\b(?! (?:my|the) calendar))|log|"
            r"record|enter|"
            r"block(?: out)?|invite|save|register|open (?:a|an|new)|start (?:a|an|new)|insert|pencil in|note (?=this|that|it|down)|"
            r"make (?:a |an |me an? )?(?:new )?(?:calendar |)(?:entry|event|appointment|meeting|reminder|note|booking|"
            r"reservation|contact|lead|deal|record)|"
            r"new (?=(?:contact|lead|deal|account|acct|event|meeting|appointment|opportunity|reminder|entry)s?\b)",
            "create",
            2.0,
        ),
        (
            r"(?:^|(?<=\bto )|(?<=\band )|(?<=\bthen )|(?<=\bplease )|(?<=\balso ))set(?! (?!an? )(?:[\w'-]+ ){1,5}?(?:to|as)\b)",
            "create",
            2.0,
        ),
        (
            r"go to|attend|be seeing|visit(?:ing)?|remember(?! when| that)|repeat|recurring|make (?:\w+ )?reservations?",
            "create",
            2.0,
        ),
        (
            r"(?:let me know|notify me|alert me) (?:of|with|before|the (?:morning|day|night|evening) of)|(?:notify|alert|warn) me(?: [\w']+){0,3} before",
            "create",
            3.0,
        ),
        (r"update (?:my|the) calendar|send me (?:a |an )?(?:reminder|notification|alert)", "create", 4.0),
        # time kept aside: "hold 90 minutes for deep work", "reserve an hour on Friday", "carve out some time"
        (
            r"(?:hold|reserve|set aside|carve out|keep|free up)(?= (?:an? |some |half an )?(?:\d+(?:\.\d+)? ?)?"
            r"(?:min(?:ute)?s?|hours?|hrs?|time)\b)",
            "create",
            2.5,
        ),
        # time taken with someone: "grab 30 mins with Sarah", "snag a quick call with Tom", "take an hour with her"
        (
            r"(?:grab|snag|squeeze in|fit in|steal|get|take)(?= (?:an? |some |half an )?(?:quick |short )?(?:\d+(?:\.\d+)? ?)?"
            r"(?:min(?:ute)?s?|hours?|hrs?|time|slot|call|coffee|lunch|breakfast|dinner|drinks|meeting|chat|sync|"
            r"catch-?up|1:1)\b(?! (?:from|in)\b))",
            "create",
            2.5,
        ),
        # shorthand with the content after a colon: "note on the Acme account: they want a discount", "task: call Tom"
        (r"^(?:quick |new )?(?:note|task|to-?do)\b[^?:]*(?=:\s*\w)", "create", 3.0),
        # "a task for me to send them the pack": a task is made; what it says to do is its subject, not the action
        (
            r"(?:(?<=\btask )|(?<=\btodo )|(?<=\bto-do )|(?<=\baction item ))(?:for (?:me|myself|us) )?to\b",
            "create",
            4.0,
        ),
        (r"remind(?:ed|ing|s)?(?!ers?\b)|remember to|don't forget|do not forget", "create", 3.5),
        (r"^i(?:'ve| have)(?: got)? (?:a|an|my) ", "create", 2.0),
        # update
        (
            r"update(?! me\b)|change|move(?! on\b| to the next)|reschedule|re-schedule|rename|push(?: back)?|shift|postpone|delay|bring forward|"
            r"modify|edit|extend|shorten|adjust|assign|reassign|swap|"
            r"close(?= (?:out )?(?:the|this|that|a|an|my|our) [\w' -]*?(?:deal|opportunity|oppty))",
            "update",
            3.0,
        ),
        (
            r"(?:set|mark|make|change|switch|flag) (?!a |an )(?:the |my |his |her |their )?(?:[\w'-]+ ){0,4}(?:to|as) ",
            "update",
            3.5,
        ),
        (
            r"add (?!a\b|an\b|new\b)[\w' -]{1,30} to (?:the |my |our )?[\w' -]{0,30}(?:meeting|call|event|invite|sync|review|standup|1:1)",
            "update",
            3.5,
        ),
        # people added to or taken off an event that exists ("invite Tom to the Acme call")
        (
            r"(?:add|invite|include|bring|loop) (?!a\b|an\b|new\b)[\w'@. -]{1,40}? (?:in )?(?:to|into|on|in) "
            + _DEFINITE
            + r"[\w' -]{0,30}?"
            + _EVENT_NOUNS,
            "update",
            4.0,
        ),
        (
            r"(?:remove|drop|take|uninvite|kick) [\w'@. -]{1,40}? (?:from|off|out of) "
            + _DEFINITE
            + r"[\w' -]{0,30}?"
            + _EVENT_NOUNS,
            "update",
            4.0,
        ),
        # a move by a particle: "bring the Acme call forward", "push my 1:1 back"
        (
            r"(?:bring|pull|push|move|bump|shift|slide) (?:[\w':-]+ ){1,5}?(?:forward|back|earlier|later|up|ahead)",
            "update",
            3.5,
        ),
        # a deal's value moved to an amount: "bump the acme deal to 52k", "raise the globex opportunity to $140k"
        (
            r"(?:bump|raise|increase|lower|reduce|up|take|bring) (?:the |our |my |that |this )?"
            r"(?:[\w&'.-]+ ){0,3}?(?:deal|opportunity|oppty)(?:'s)?(?: amount| value| size)?(?: up| down)? to(?= \$?\d)",
            "update",
            4.0,
        ),
        # delete
        (
            r"delete|remove|cancel|call off|clear|erase|wipe|scrap|drop (?!" + _P + r" a)|get rid of|archive|"
            r"take (?:\w+ )?off|make blank|trash (?=it|this|that|the|my|all)",
            "delete",
            3.0,
        ),
        # taking back a sent email is removing it (which planbot cannot do), not sending one
        (
            r"un-?send|recall (?=(?:the|my|that|this|an?|last)\b)|retract|take back (?=(?:the|my|that|this|an?)\b)|"
            r"(?:undo|cancel) (?:the |my |that )?send(?:ing)?\b",
            "delete",
            4.0,
        ),
        # summarize
    ],
)

ENTITY_CUES = _rows(
    "entity",
    [
        # "catch-up" and "catchup" (an event, weakly), not "catch up with you": a cue list reads a hyphen as a space
        (r"catch-?up", "event", 1.0),
        # a reminder before something is a calendar entry ("notify me an hour before my flight")
        (r"(?:notify|alert|warn) me(?: [\w']+){0,3} before", "event", 3.0),
        # email
        (r"e-?mails?|(?<!punjab )mails?|inbox|gmail|outlook|mailbox|unread", "email", 3.0),
        (r"(?:did|has|have) [\w']+ (?:send|sent|write|wrote|e-?mail|e-?mailed|message|messaged) me", "email", 3.5),
        # an answer to me, asked about: "did anyone get back to me about …", "has Tom replied to me"
        (
            r"(?:did|has|have|had) [\w']+ (?:get|got|gotten|written|write|wrote|come|came) back to me|"
            r"(?:did|has|have|had) [\w']+ (?:reply|replied|respond|responded|answer|answered)(?: to me)?\b|"
            r"(?:heard|hear) back from",
            "email",
            3.5,
        ),
        (
            r"wrote|written|emailed|e-mailed|sent me|write me|"
            r"replied|responded|gotten back to me|got back to me|"
            r"send me (?=yesterday|today|this|last)|did [\w']+(?: [\w']+)? (?:say|write|reply)",
            "email",
            2.5,
        ),
        # an event referred to as one that exists ("the launch review", "tomorrow's standup"), or an invitation
        (_DEFINITE_THING + r"(?:[\w'-]+ ){0,3}?" + _EVENT_NOUNS, "event", 3.0),
        # CRM notes and tasks
        (
            r"notes? (?:on|about|for|in|to|against) (?:the |our |my |this |that )?(?:[\w&'.-]+ ){0,3}?"
            r"(?:account|deal|contact|lead|opportunity|record|company|customer|client)s?\b|"
            r"(?:(?<=\blog )|(?<=\badd )|(?<=\battach )|(?<=\bleave )|(?<=\bput )|(?<=\bcreate )|(?<=\brecord )|"
            r"(?<=\bjot down )|(?<=\bwrite up ))(?:a |an )?(?:quick |short |new |call |meeting )*note\b|"
            r"(?:my|the|any|all|recent|latest) (?:\w+ )?notes\b",
            "note",
            4.5,
        ),
        # words put down on a record are a note on it ("jot down on the Globex account that …")
        (
            r"(?:jot|write|note|put) down (?:on|for|against|to|in) (?:the |our |my |this |that )?(?:[\w&'.-]+ ){0,3}?"
            r"(?:account|deal|contact|lead|opportunity|record|company|customer|client)s?\b",
            "note",
            5.0,
        ),
        (r"tasks?|to-?do(?:s| list| items?)|todos?|action items?|follow-?up tasks?", "task", 3.0),
        # a reminder to do something by a day (a deadline, no time of day) is a task due that day
        (
            r"(?:(?<=\bremind me )|(?<=\breminder ))to [^.?!]{1,80}? by (?:the end of |end of |close of )?(?:today|tomorrow|tonight|"
            r"next \w+|this \w+|the \d{1,2}(?:st|nd|rd|th)?|eod|eow|cob|"
            + _WEEKDAY
            + r")(?!\s*(?:at\b|\d|noon|midnight))",
            "task",
            4.0,
        ),
        # a task for a record is a task, whatever the record ("a follow-up task for the Initech deal")
        (
            r"(?:tasks?|to-?dos?|action items?) (?:on|for|about|against|to) (?:the |our |my |this |that )?"
            r"(?:[\w&'.-]+ ){0,3}?(?:account|deal|contact|lead|opportunity|record|company|customer|client)s?\b",
            "task",
            5.0,
        ),
        # contact
        (
            r"(?:e-?mail|mail) (?:address|id)|phone(?: number)?|(?:mobile|cell) (?:number|no|phone)|"
            r"contact (?:details|info|information)|details of (?!this\b)|area code|last name|surname|"
            r"(?:number|address) (?:of|for) (?!the (?:beast|event|meeting))|(?:'s|his|her|their) (?:number|address|mobile|cell)",
            "contact",
            3.0,
        ),
        (
            r"(?:'s|his|her|their) (?:job title|title|role|position|phone|company|(?:work |home |mobile |cell )?number)|"
            r"(?<=save )(?:this|that|the|a|his|her) (?:number|contact|e-?mail address|address)|"
            r"(?:find|get|look ?up|what(?:'s| is)|set|update|change|give me|need|know|have)\s+(?:[\w']+\s+){0,2}[\w']+'s e-?mail|"
            r"(?<=save )[\w']+'s e-?mail|(?<=add )[\w']+'s e-?mail|(?<=store )[\w']+'s e-?mail",
            "contact",
            3.0,
        ),
        # a person added "as a contact": that is the record made, whatever else the words say ("her new role is IT
        # lead")
        (r"\bas (?:a |an |my |our )?(?:new )?contact\b", "contact", 6.0),
        # lead
        (r"leads?(?! singer| guitar| role| actor| vocal)", "lead", 4.0),
        # a record met "with": a participant of an event, not the thing acted on ("a demo with the Acme lead")
        (r"with (?:the |our |my )?(?:[\w'-]+ )?(?:leads?|contacts?|prospects?|customers?|clients?)\b", "event", 1.5),
        # deal
        (
            r"deals?(?! with (?:it|this|that|them|him|her|the (?:issue|problem|situation))\b)",
            "deal",
            4.0,
        ),
        # account
        # event
        (
            r"my (?:\w+ )?(?:alerts|notifications)",
            "event",
            3.0,
        ),
        (
            r"stand-?ups?|check-?ins?|busy (?=on|this|next|today|tomorrow|at)",
            "event",
            3.0,
        ),
        # availability
        (
            r"(?:am i|i am|i'm|are we|is [\w']+(?: [\w']+)?|are [\w']+(?: [\w']+)?|be|when am i|when is [\w']+)"
            r" (?:free|available)|free (?=time|slots?|at|on|tomorrow|today|this|next|for (?:a|an|\d)|between)|"
            r"availability|slots?|open time|time to meet|time for (?:a|an|\d)|good time|find (?:a )?time|"
            r"(?:find|get) (?:me |us )?(?:an? |some |half an )?(?:\d+(?:\.\d+)? ?)?(?:min(?:ute)?s?|hours?|hrs?)\b|"
            r"when can i meet|free\??$",
            "availability",
            3.5,
        ),
        (
            r"(?:going on|happening)(?= (?:today|tomorrow|tonight|this|next|on \w+day))|"
            r"anything (?:on|booked|planned|scheduled)|anywhere to be|"
            r"my (?:\w+ )?(?:day|week|morning|afternoon|evening|schedule|calendar|tomorrow|today|" + _WEEKDAY + r")s? "
            r"look like|"
            # a period's shape asked about: "how's tomorrow looking", "how does the rest of my week look"
            r"\b(?:how|what)(?:'s| is| does| do)?\b[\w' ]{0,30}?\b(?:day|week|weekend|morning|afternoon|evening|"
            r"schedule|calendar|tomorrow|today|"
            + _WEEKDAY
            + r")s? (?:look(?:s|ing)?\b|shap(?:e|es|ing) up\b)|(?:what(?:'s| is)|anything) on (?:my \w+ )?(?:for )?(?=today|tomorrow|tonight|this|next|monday|tuesday|wednesday|thursday|friday|"
            r"saturday|sunday|\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|plans? for|have (?:\w+ )?(?:planned|scheduled|booked)|to do (?:on|today|"
            r"tomorrow)|have to do",
            "event",
            2.0,
        ),
        # a period of one's own asked about: "what have I got on today", "anything with Acme this week"
        (
            r"(?:have|'ve) (?:i|we) got (?:on|going on|lined up|planned|booked|scheduled)(?= (?:today|tomorrow|tonight|this|"
            r"next|on\b|for\b|" + _WEEKDAY + r")|\s*[?.!]*$)|"
            r"anything (?:with|involving) (?!attachments?\b|files?\b)[\w'&. -]{1,40}? (?=(?:today|tomorrow|tonight|"
            r"this|next|on " + _WEEKDAY + r"|" + _WEEKDAY + r")\b)",
            "event",
            2.0,
        ),
    ],
)

OFFTOPIC_CUES = _rows(
    "offtopic",
    [
        (  # a phone call asked for ("call Maria and tell her …", "give John a ring"): planbot cannot phone anyone
            r"(?:^|(?<=please )|(?<=can you )|(?<=could you ))(?:call|phone|ring|dial)(?! (?:off|it|back|for|in|on|to|a|an|the)\b)"
            r"(?![^.?!]*\b(?:for (?:a |the )?meeting|number)\b)"
            r"|\bgive (?:\w+ ){1,2}an? (?:quick |short )?(?:call|ring|buzz)\b",
            "phone calls",
            5.0,
        ),
        (  # a purchase asked for ("order lunch for the team", "buy a gift for …"): no email, CRM or calendar work
            r"(?:^|(?<=please )|(?<=can you )|(?<=could you ))(?:order|buy|purchase)(?! (?:of|by|to|in|from)\b)",
            "shopping",
            4.0,
        ),
        (
            r"flights? to (?!take|catch|board)",
            "travel",
            4.0,
        ),
        (r"who won|did (?:the )?[\w ]{1,20} win|score of|final score|scores|standings|league table", "sports", 4.0),
        (
            r"(?:to|from|on|the|a|my|new|this|that) lists?(?! of (?:events|meetings|e-?mails|contacts|appointments|leads|deals))",
            "lists",
            2.9,
        ),
        (
            r"near me|nearby|local events|in town|around here|(?:events?|happening|going on|things to do|shows?)"
            r" (?:\w+ ){0,2}(?:in|near|around) (?!my\b|the calendar|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
            r"|the (?:morning|afternoon|evening)|\d)|movies?|films?|tv|netflix|cinema|theat(?:er|re)",
            "places",
            3.0,
        ),
    ],
)

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

ALL_CUES: tuple[Cue, ...] = (*INTENT_CUES, *ENTITY_CUES, *OFFTOPIC_CUES)


def evidence_in(text: str) -> list[Evidence]:
    """Every cue found in ``text``, in text order."""
    found = []
    for cue in ALL_CUES:
        for match in cue.pattern.finditer(text):
            found.append(Evidence(cue.kind, cue.concept, cue.weight, match.start(), match.end(), match.group(0)))
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
