"""CRM connectors: HubSpot (CRM v3) and Salesforce (REST + SOQL), each a package with ``connect(session)``.

``bot.connectors`` picks one with ``PLANBOT_CRM``; both run the four CRM tools of contract §3
(``fetch_entity``, ``create_entity``, ``update_entity``, ``delete_entity``) and return records shaped like the
local workspace's: ``{"id": str, <the entity's contract fields>}``. README.md here says how to connect each.
"""
