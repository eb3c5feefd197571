"""The properties of the fake HubSpot's objects, as HubSpot defines them
(``GET /crm/properties/2026-09/{type}/{name}``).

Enumerations carry HubSpot's own option lists (value = internal name, label = what the UI shows) for every
enumerated property planbot writes or could write: company ``industry`` (HubSpot's 147 industries),
``lifecyclestage``, contact ``hs_lead_status``, ``dealstage`` and ``pipeline`` of the default sales pipeline, the
default lead pipeline's stages, and the task enumerations. The fake refuses any other value with HubSpot's 400.
"""

from dataclasses import dataclass, field
from typing import Any, Literal

PropertyType = Literal["string", "number", "datetime", "enumeration"]


@dataclass(frozen=True)
class PropertyDef:
    type: PropertyType
    label: str
    options: tuple[tuple[str, str], ...] = ()  # (value, label)
    read_only: bool = False
    field_type: str = field(default="")

    def values(self) -> set[str]:
        return {value for value, _ in self.options}


def _from_labels(text: str) -> tuple[tuple[str, str], ...]:
    """``VALUE=Label`` per line."""
    pairs = (line.split("=", 1) for line in text.strip().splitlines())
    return tuple((value.strip(), label.strip()) for value, label in pairs)


INDUSTRIES = _from_labels("""
ACCOUNTING=Accounting
AIRLINES_AVIATION=Airlines/Aviation
ALTERNATIVE_DISPUTE_RESOLUTION=Alternative Dispute Resolution
ALTERNATIVE_MEDICINE=Alternative Medicine
ANIMATION=Animation
APPAREL_FASHION=Apparel & Fashion
ARCHITECTURE_PLANNING=Architecture & Planning
ARTS_AND_CRAFTS=Arts and Crafts
AUTOMOTIVE=Automotive
AVIATION_AEROSPACE=Aviation & Aerospace
BANKING=Banking
BIOTECHNOLOGY=Biotechnology
BROADCAST_MEDIA=Broadcast Media
BUILDING_MATERIALS=Building Materials
BUSINESS_SUPPLIES_AND_EQUIPMENT=Business Supplies and Equipment
CAPITAL_MARKETS=Capital Markets
CHEMICALS=Chemicals
CIVIC_SOCIAL_ORGANIZATION=Civic & Social Organization
CIVIL_ENGINEERING=Civil Engineering
COMMERCIAL_REAL_ESTATE=Commercial Real Estate
COMPUTER_NETWORK_SECURITY=Computer & Network Security
COMPUTER_GAMES=Computer Games
COMPUTER_HARDWARE=Computer Hardware
COMPUTER_NETWORKING=Computer Networking
COMPUTER_SOFTWARE=Computer Software
INTERNET=Internet
CONSTRUCTION=Construction
CONSUMER_ELECTRONICS=Consumer Electronics
CONSUMER_GOODS=Consumer Goods
CONSUMER_SERVICES=Consumer Services
COSMETICS=Cosmetics
DAIRY=Dairy
DEFENSE_SPACE=Defense & Space
DESIGN=Design
EDUCATION_MANAGEMENT=Education Management
E_LEARNING=E-Learning
ELECTRICAL_ELECTRONIC_MANUFACTURING=Electrical/Electronic Manufacturing
ENTERTAINMENT=Entertainment
ENVIRONMENTAL_SERVICES=Environmental Services
EVENTS_SERVICES=Events Services
EXECUTIVE_OFFICE=Executive Office
FACILITIES_SERVICES=Facilities Services
FARMING=Farming
FINANCIAL_SERVICES=Financial Services
FINE_ART=Fine Art
FISHERY=Fishery
FOOD_BEVERAGES=Food & Beverages
FOOD_PRODUCTION=Food Production
FUND_RAISING=Fund-Raising
FURNITURE=Furniture
GAMBLING_CASINOS=Gambling & Casinos
GLASS_CERAMICS_CONCRETE=Glass, Ceramics & Concrete
GOVERNMENT_ADMINISTRATION=Government Administration
GOVERNMENT_RELATIONS=Government Relations
GRAPHIC_DESIGN=Graphic Design
HEALTH_WELLNESS_AND_FITNESS=Health, Wellness and Fitness
HIGHER_EDUCATION=Higher Education
HOSPITAL_HEALTH_CARE=Hospital & Health Care
HOSPITALITY=Hospitality
HUMAN_RESOURCES=Human Resources
IMPORT_AND_EXPORT=Import and Export
INDIVIDUAL_FAMILY_SERVICES=Individual & Family Services
INDUSTRIAL_AUTOMATION=Industrial Automation
INFORMATION_SERVICES=Information Services
INFORMATION_TECHNOLOGY_AND_SERVICES=Information Technology and Services
INSURANCE=Insurance
INTERNATIONAL_AFFAIRS=International Affairs
INTERNATIONAL_TRADE_AND_DEVELOPMENT=International Trade and Development
INVESTMENT_BANKING=Investment Banking
INVESTMENT_MANAGEMENT=Investment Management
JUDICIARY=Judiciary
LAW_ENFORCEMENT=Law Enforcement
LAW_PRACTICE=Law Practice
LEGAL_SERVICES=Legal Services
LEGISLATIVE_OFFICE=Legislative Office
LEISURE_TRAVEL_TOURISM=Leisure, Travel & Tourism
LIBRARIES=Libraries
LOGISTICS_AND_SUPPLY_CHAIN=Logistics and Supply Chain
LUXURY_GOODS_JEWELRY=Luxury Goods & Jewelry
MACHINERY=Machinery
MANAGEMENT_CONSULTING=Management Consulting
MARITIME=Maritime
MARKET_RESEARCH=Market Research
MARKETING_AND_ADVERTISING=Marketing and Advertising
MECHANICAL_OR_INDUSTRIAL_ENGINEERING=Mechanical or Industrial Engineering
MEDIA_PRODUCTION=Media Production
MEDICAL_DEVICES=Medical Devices
MEDICAL_PRACTICE=Medical Practice
MENTAL_HEALTH_CARE=Mental Health Care
MILITARY=Military
MINING_METALS=Mining & Metals
MOTION_PICTURES_AND_FILM=Motion Pictures and Film
MUSEUMS_AND_INSTITUTIONS=Museums and Institutions
MUSIC=Music
NANOTECHNOLOGY=Nanotechnology
NEWSPAPERS=Newspapers
NON_PROFIT_ORGANIZATION_MANAGEMENT=Non-Profit Organization Management
OIL_ENERGY=Oil & Energy
ONLINE_MEDIA=Online Media
OUTSOURCING_OFFSHORING=Outsourcing/Offshoring
PACKAGE_FREIGHT_DELIVERY=Package/Freight Delivery
PACKAGING_AND_CONTAINERS=Packaging and Containers
PAPER_FOREST_PRODUCTS=Paper & Forest Products
PERFORMING_ARTS=Performing Arts
PHARMACEUTICALS=Pharmaceuticals
PHILANTHROPY=Philanthropy
PHOTOGRAPHY=Photography
PLASTICS=Plastics
POLITICAL_ORGANIZATION=Political Organization
PRIMARY_SECONDARY_EDUCATION=Primary/Secondary Education
PRINTING=Printing
PROFESSIONAL_TRAINING_COACHING=Professional Training & Coaching
PROGRAM_DEVELOPMENT=Program Development
PUBLIC_POLICY=Public Policy
PUBLIC_RELATIONS_AND_COMMUNICATIONS=Public Relations and Communications
PUBLIC_SAFETY=Public Safety
PUBLISHING=Publishing
RAILROAD_MANUFACTURE=Railroad Manufacture
RANCHING=Ranching
REAL_ESTATE=Real Estate
RECREATIONAL_FACILITIES_AND_SERVICES=Recreational Facilities and Services
RELIGIOUS_INSTITUTIONS=Religious Institutions
RENEWABLES_ENVIRONMENT=Renewables & Environment
RESEARCH=Research
RESTAURANTS=Restaurants
RETAIL=Retail
SECURITY_AND_INVESTIGATIONS=Security and Investigations
SEMICONDUCTORS=Semiconductors
SHIPBUILDING=Shipbuilding
SPORTING_GOODS=Sporting Goods
SPORTS=Sports
STAFFING_AND_RECRUITING=Staffing and Recruiting
SUPERMARKETS=Supermarkets
TELECOMMUNICATIONS=Telecommunications
TEXTILES=Textiles
THINK_TANKS=Think Tanks
TOBACCO=Tobacco
TRANSLATION_AND_LOCALIZATION=Translation and Localization
TRANSPORTATION_TRUCKING_RAILROAD=Transportation/Trucking/Railroad
UTILITIES=Utilities
VENTURE_CAPITAL_PRIVATE_EQUITY=Venture Capital & Private Equity
VETERINARY=Veterinary
WAREHOUSING=Warehousing
WHOLESALE=Wholesale
WINE_AND_SPIRITS=Wine and Spirits
WIRELESS=Wireless
WRITING_AND_EDITING=Writing and Editing
""")
LIFECYCLE_STAGES = _from_labels("""
subscriber=Subscriber
lead=Lead
marketingqualifiedlead=Marketing Qualified Lead
salesqualifiedlead=Sales Qualified Lead
opportunity=Opportunity
customer=Customer
evangelist=Evangelist
other=Other
""")
CONTACT_LEAD_STATUSES = _from_labels("""
NEW=New
OPEN=Open
IN_PROGRESS=In Progress
OPEN_DEAL=Open Deal
UNQUALIFIED=Unqualified
ATTEMPTED_TO_CONTACT=Attempted to Contact
CONNECTED=Connected
BAD_TIMING=Bad Timing
""")
DEAL_STAGES = _from_labels("""
appointmentscheduled=Appointment Scheduled
qualifiedtobuy=Qualified To Buy
presentationscheduled=Presentation Scheduled
decisionmakerboughtin=Decision Maker Bought-In
contractsent=Contract Sent
closedwon=Closed Won
closedlost=Closed Lost
""")
LEAD_STAGES = _from_labels("""
new-stage-id=New
attempting-stage-id=Attempting
connected-stage-id=Connected
qualified-stage-id=Qualified
unqualified-stage-id=Disqualified
""")
TASK_STATUSES = _from_labels("""
NOT_STARTED=Not started
IN_PROGRESS=In progress
WAITING=Waiting
COMPLETED=Completed
DEFERRED=Deferred
""")
TASK_PRIORITIES = _from_labels("""
NONE=None
LOW=Low
MEDIUM=Medium
HIGH=High
""")
TASK_TYPES = _from_labels("""
CALL=Call
EMAIL=Email
TODO=To-do
""")
COMPANY_TYPES = _from_labels("""
PROSPECT=Prospect
PARTNER=Partner
RESELLER=Reseller
VENDOR=Vendor
OTHER=Other
""")


def text(label: str) -> PropertyDef:
    return PropertyDef("string", label, field_type="text")


def number(label: str) -> PropertyDef:
    return PropertyDef("number", label, field_type="number")


def moment(label: str, *, read_only: bool = False) -> PropertyDef:
    return PropertyDef("datetime", label, read_only=read_only, field_type="date")


def choice(label: str, options: tuple[tuple[str, str], ...]) -> PropertyDef:
    return PropertyDef("enumeration", label, options, field_type="select")


OWNER = choice("Owner", ())  # HubSpot's owner property: options are the portal's owners (checked separately)

PROPERTIES: dict[str, dict[str, PropertyDef]] = {
    "contacts": {
        "firstname": text("First Name"),
        "lastname": text("Last Name"),
        "email": text("Email"),
        "phone": text("Phone Number"),
        "company": text("Company Name"),
        "jobtitle": text("Job Title"),
        "lifecyclestage": choice("Lifecycle Stage", LIFECYCLE_STAGES),
        "hs_lead_status": choice("Lead Status", CONTACT_LEAD_STATUSES),
        "hubspot_owner_id": OWNER,
    },
    "companies": {
        "name": text("Company name"),
        "domain": text("Company Domain Name"),
        "industry": choice("Industry", INDUSTRIES),
        "type": choice("Type", COMPANY_TYPES),
        "lifecyclestage": choice("Lifecycle Stage", LIFECYCLE_STAGES),
        "hubspot_owner_id": OWNER,
    },
    "deals": {
        "dealname": text("Deal Name"),
        "amount": number("Amount"),
        "dealstage": choice("Deal Stage", DEAL_STAGES),
        "pipeline": choice("Pipeline", (("default", "Sales Pipeline"),)),
        "closedate": moment("Close Date"),
        "hubspot_owner_id": OWNER,
    },
    "leads": {
        "hs_lead_name": text("Lead name"),
        "hs_pipeline": choice("Pipeline", (("lead-pipeline-id", "Lead pipeline"),)),
        "hs_pipeline_stage": choice("Lead stage", LEAD_STAGES),
        "hubspot_owner_id": OWNER,
    },
    "notes": {
        "hs_note_body": PropertyDef("string", "Note body", field_type="html"),
        "hs_timestamp": moment("Activity date"),
        "hubspot_owner_id": OWNER,
    },
    "calls": {  # (v3) HubSpot's calls object (engagements): the properties of its documentation
        "hs_call_title": text("Call Title"),
        "hs_call_body": PropertyDef("string", "Call notes", field_type="html"),
        "hs_call_duration": number("Call duration"),  # milliseconds
        "hs_call_direction": choice("Call direction", (("INBOUND", "Inbound"), ("OUTBOUND", "Outbound"))),
        "hs_timestamp": moment("Activity date"),
        "hubspot_owner_id": OWNER,
    },
    "tasks": {
        "hs_task_subject": text("Task Title"),
        "hs_task_body": PropertyDef("string", "Notes", field_type="html"),
        "hs_task_status": choice("Task Status", TASK_STATUSES),
        "hs_task_priority": choice("Priority", TASK_PRIORITIES),
        "hs_task_type": choice("Task Type", TASK_TYPES),
        "hs_timestamp": moment("Due date"),
        "hubspot_owner_id": OWNER,
    },
}
READ_ONLY: dict[str, tuple[str, ...]] = {
    "contacts": ("hs_object_id", "createdate", "lastmodifieddate"),
    "companies": ("hs_object_id", "createdate", "hs_lastmodifieddate"),
    "deals": ("hs_object_id", "createdate", "hs_lastmodifieddate"),
    "leads": ("hs_object_id", "hs_createdate", "hs_lastmodifieddate"),
    "notes": ("hs_object_id", "hs_createdate", "hs_lastmodifieddate"),
    "tasks": ("hs_object_id", "hs_createdate", "hs_lastmodifieddate"),
    "calls": ("hs_object_id", "hs_createdate", "hs_lastmodifieddate"),
}
REQUIRED_ON_CREATE: dict[str, tuple[str, ...]] = {
    "deals": ("dealname", "dealstage", "pipeline"),
    "leads": ("hs_lead_name",),
    "notes": ("hs_timestamp",),
    "tasks": ("hs_timestamp",),
    "calls": ("hs_timestamp",),
}


def definition(object_type: str, name: str, now: str) -> dict[str, Any]:
    """The ``Property`` HubSpot answers for ``GET /crm/properties/2026-09/{object_type}/{name}``."""
    found = PROPERTIES[object_type][name]
    return {
        "name": name,
        "label": found.label,
        "type": found.type,
        "fieldType": found.field_type or "text",
        "groupName": f"{object_type[:-1]}information",
        "description": "",
        "options": [
            {"label": label, "value": value, "displayOrder": index, "hidden": False}
            for index, (value, label) in enumerate(found.options)
        ],
        "displayOrder": -1,
        "calculated": False,
        "externalOptions": name == "hubspot_owner_id",
        "hasUniqueValue": False,
        "hidden": False,
        "hubspotDefined": True,
        "formField": True,
        "modificationMetadata": {"archivable": False, "readOnlyDefinition": True, "readOnlyValue": found.read_only},
        "createdAt": now,
        "updatedAt": now,
        "archived": False,
    }
