"""People and their accounts (contract §5.1): sealed credentials in the plan store, each person's connectors.

``vault`` seals with ``PLANBOT_SECRET_KEY``; ``book.Accounts`` connects, lists and disconnects; ``services`` checks
and builds the connector of each service; ``connectors.PersonalConnectors`` gives the registry each requester's own.
"""
