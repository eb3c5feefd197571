"""Demo inbox: twenty emails (the newsletter from Acme came with schema version 3) over the two weeks before the
seeding day, five of them unread, five with
attachments (among them the signed Acme contract John Smith sent last week), two about the partner summit (its
date, time and place in the text, for ``extract``), one to several people (for a reply to all)."""

from dataclasses import dataclass
from datetime import date, timedelta


@dataclass(frozen=True)
class DemoEmail:
    days_ago: int
    at: str  # local wall-clock time, HH:MM
    sender: str
    address: str
    subject: str
    body: str
    unread: bool = False
    last_week_on: int | None = None  # a weekday of the week before the seeding day's (Monday = 0), not days_ago
    also_to: tuple[str, ...] = ()  # recipients besides the user
    cc: tuple[str, ...] = ()
    attachments: tuple[str, ...] = ()  # file names (demo PDFs)
    added_in: int = 1  # the schema version that brought it: an older file gets it when upgraded

    def day(self, today: date) -> date:
        if self.last_week_on is None:
            return today - timedelta(days=self.days_ago)
        return today - timedelta(days=today.weekday() + 7 - self.last_week_on)


INBOX: list[DemoEmail] = [
    DemoEmail(
        1,
        "08:12",
        "Priya Shah",
        "priya.shah@example.com",
        "Q3 deck: final review before Thursday",
        "Hi, the Q3 deck is ready for a final review. I added the pipeline numbers from Sarah and the new "
        "launch timeline. Could you send me your comments before our 1:1 on Thursday? The file is in the "
        "shared drive under Board/Q3.",
        unread=True,
    ),
    DemoEmail(
        1,
        "16:40",
        "Laura Chen",
        "laura.chen@acme.com",
        "Contract redlines from Acme legal",
        "Our legal team has finished the redlines on the master services agreement. Most changes are in the "
        "liability and renewal clauses. Can we walk through them on Tuesday's call? The marked-up contract "
        "is attached.",
        unread=True,
        attachments=("Acme_MSA_redlines.pdf",),
    ),
    DemoEmail(
        2,
        "10:05",
        "Maria Garcia",
        "maria.garcia@example.com",
        "Invoice #4821 overdue (Globex)",
        "Globex has not paid invoice #4821 for $12,400, which was due last Friday. I sent them a reminder "
        "this morning. Could you mention it to John Park when you talk to him? Finance would like it settled "
        "before month end.",
        unread=True,
    ),
    DemoEmail(
        2,
        "14:30",
        "Tom Reyes",
        "tom.reyes@example.com",
        "Launch plan for the April release",
        "Here is the launch plan for the April release. The press release goes out on the 14th, followed by "
        "the webinar on the 16th. I still need a customer quote; Acme may be willing. Let me know if the "
        "dates work for you.",
    ),
    DemoEmail(
        3,
        "09:15",
        "John Park",
        "john.park@globex.com",
        "Pricing question on the enterprise tier",
        "We are comparing your enterprise tier with two other vendors. Could you clarify whether the price "
        "includes premium support? We would also like a quote for 250 seats. A decision is expected by the "
        "end of the month.",
        unread=True,
    ),
    DemoEmail(
        4,
        "11:20",
        "John Smith",
        "john.smith@example.com",
        "February sales report",
        "The February sales report is attached. Bookings were up 12% on January, mostly thanks to the Globex "
        "expansion. Initech is still slow to move. I would like to discuss the forecast at Monday's standup.",
        last_week_on=3,  # before the signed contract, whatever the seeding day
        attachments=("February_sales_report.pdf",),
    ),
    DemoEmail(
        5,
        "15:45",
        "Sarah Lee",
        "sarah.lee@example.com",
        "Notes from the Acme call",
        "Notes from today's call with Acme are in the CRM. Laura confirmed budget approval for the expansion. "
        "Their main concern is the onboarding timeline. Next step: send the revised proposal by Friday.",
    ),
    DemoEmail(
        6,
        "09:50",
        "Dana Whitfield",
        "dana.whitfield@acme.com",
        "Security questionnaire",
        "Our security team sent over the vendor questionnaire. It covers data retention, encryption and SSO. "
        "Could your team complete it within two weeks? Happy to set up a call if anything is unclear.",
    ),
    DemoEmail(
        7,
        "13:10",
        "Priya Shah",
        "priya.shah@example.com",
        "Roadmap sync agenda",
        "Agenda for the roadmap sync: the April launch scope, the Q3 deck, and hiring for the platform team. "
        "Please add anything I missed. We will keep it to thirty minutes.",
    ),
    DemoEmail(
        8,
        "17:05",
        "Tom Reyes",
        "tom.reyes@example.com",
        "Launch press release draft",
        "The first draft of the launch press release is ready for review. Marketing would like feedback by "
        "Wednesday. The headline still needs work. I have left comments on the open questions.",
        unread=True,
    ),
    DemoEmail(
        9,
        "10:30",
        "Peter Gibbons",
        "peter.gibbons@initech.com",
        "Pilot feedback",
        "The pilot went well overall, though the team found the reporting module slow. We would like to "
        "extend the pilot by two weeks before deciding. Can you check whether that is possible?",
    ),
    DemoEmail(
        10,
        "12:00",
        "Maria Garcia",
        "maria.garcia@example.com",
        "Updated expense policy",
        "The updated expense policy takes effect next month. Travel now needs pre-approval above $1,000. "
        "Please share it with your team.",
    ),
    DemoEmail(
        11,
        "08:45",
        "John Smith",
        "john.smith@example.com",
        "Globex negotiation status",
        "Globex accepted the revised terms in principle. Legal review is the last step before signature. "
        "I expect the contract back within ten days.",
    ),
    DemoEmail(
        12,
        "16:20",
        "Sarah Lee",
        "sarah.lee@example.com",
        "Initech renewal",
        "Initech's renewal is coming up next quarter. Their usage dropped after the reorganisation. I suggest "
        "we offer a smaller plan rather than risk losing them.",
    ),
    DemoEmail(
        13,
        "11:00",
        "Laura Chen",
        "laura.chen@acme.com",
        "Signed NDA",
        "Please find the signed mutual NDA attached. We are looking forward to the next steps.",
        attachments=("Acme_mutual_NDA_signed.pdf",),
    ),
    DemoEmail(
        0,
        "16:30",
        "John Smith",
        "john.smith@example.com",
        "Contract: Acme master services agreement (signed)",
        "Acme signed the master services agreement this afternoon; the countersigned contract is attached. "
        "It includes the renewal clause we agreed with Laura. Please keep a copy with the account and share "
        "it with Sarah for the onboarding plan.",
        last_week_on=4,
        attachments=("Acme_MSA_signed.pdf",),
        added_in=2,
    ),
    DemoEmail(
        1,
        "11:30",
        "Maria Garcia",
        "maria.garcia@example.com",
        "Globex contract: payment terms",
        "I went through the payment terms in the Globex contract. Net 45 is acceptable, but the late-payment "
        "clause was dropped in the last draft and we need it back before signature. My annotated copy is "
        "attached.",
        also_to=("john.smith@example.com",),
        cc=("sarah.lee@example.com",),
        attachments=("Globex_contract_payment_terms.pdf",),
        added_in=2,
    ),
    DemoEmail(
        3,
        "14:05",
        "Tom Reyes",
        "tom.reyes@example.com",
        "Partner summit",
        "Save the date: the partner summit is on {summit} at the Hilton Midtown, in the Gramercy room. We "
        "expect about forty partners. Could you give a ten-minute product update after the keynote?",
        added_in=2,
    ),
    DemoEmail(
        1,
        "12:15",
        "Priya Shah",
        "priya.shah@example.com",
        "Re: Partner summit",
        "Happy to cover the roadmap part of the product update at the partner summit. Shall we rehearse it "
        "together beforehand? I will bring the Q3 deck.",
        added_in=2,
    ),
    DemoEmail(
        9,
        "06:30",
        "Acme Newsletter",
        "newsletter@acme.com",
        "Acme monthly newsletter: new plant in Ohio",
        "This month at Acme: our new plant in Ohio opens, the spring product line, and dates for the customer "
        "advisory board. Read the full stories on our site.",
        added_in=3,
    ),
]
