"""Try planbot over Slack without a Slack workspace: the real app served as ``planbot serve --http`` serves it, on
127.0.0.1 and a fresh data folder with the demo workspace, in front of the Slack stand-in of the tests (signed
requests, the Web API's checks). Each turn is a message typed in Slack; the transcript shows what the bot answered
and, with ``--channel``, who sees each message (the channel, only you, your DM).

Run: ``PYTHONPATH=. .venv/bin/python -m devtools.slack_try --channel --click-approvals "book 30 min w/ priya thurs
at 2" "yes"``: the first turn mentions the bot in #general (``--channel``) or is a DM to it, the others are replies
in its thread; with ``--click-approvals`` a turn that is only an approval word clicks the card's Approve button.
The clock is Monday 2 March 2026, 09:00 New York.
"""

import argparse
import asyncio
import logging
import sys
import tempfile
from pathlib import Path

from devtools.slack_conversations import run_slack


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("turns", nargs="+", help="what you type, one argument a message")
    parser.add_argument("--channel", action="store_true", help="mention the bot in a channel instead of a DM")
    parser.add_argument("--click-approvals", action="store_true", help="click Approve for a turn that is 'yes', ...")
    options = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder) / "data"
        data_dir.mkdir()
        transcript = asyncio.run(
            run_slack(options.turns, data_dir, click_approvals=options.click_approvals, channel=options.channel)
        )
    sys.stdout.write(transcript)


if __name__ == "__main__":
    main()
