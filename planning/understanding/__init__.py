"""Understanding: turning free text into structured facts (numbers, times, intents)."""
