"""Connectors to email, CRM and calendar services, and the tool catalog they implement."""
