"""Understanding and planning: text in, a validated multi-step plan out. No Slack, no HTTP."""
