"""`python -m offline` (`make offline`): play Waypost locally against the Discord stand-in, no
Discord and no token needed (`offline.console`; `--help` lists the options). It never opens
`WAYPOST_DB` unless `--db` names it."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from front.logs import setup_logging
from offline.console import parse_args, run_console
from rules.errors import InvalidData
from waypost import runtime
from waypost.config import Config
from waypost.records import StoreError


def main(argv: Sequence[str] | None = None) -> int:
    options = parse_args(sys.argv[1:] if argv is None else argv)
    config = Config.from_env()
    setup_logging(config.log_level)
    try:
        return runtime.run(run_console(config, options))
    except KeyboardInterrupt:
        return 0
    except (InvalidData, StoreError) as e:  # a bad data file or database stops the start, named
        print(f"Waypost cannot start: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
