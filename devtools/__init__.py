"""Development commands: measuring the product on held-out sets. Not imported by the app."""
