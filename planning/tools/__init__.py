"""Tools that planbot runs itself, offline, as connectors the registry runs like any other."""
