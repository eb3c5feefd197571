"""The segment tagger: where in a reply one thing said ends and the next begins, learned from the labelled replies."""
