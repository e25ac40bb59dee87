"""``python -m faithcheck`` (and the ``faithcheck`` command) runs the command line.

Ctrl-C while the command line is still being imported ends it like Ctrl-C anywhere else in a
command: status 130 and one line on standard error, no traceback. The signal is held until the
import is done (:mod:`faithcheck._core.interrupts`), not raised inside the import machinery.
"""

from __future__ import annotations

import sys

from faithcheck._core.interrupts import interrupts_held

EXIT_INTERRUPTED = 130


def run() -> None:
    """Import and run the ``faithcheck`` command line. The command group handles Ctrl-C in a
    command; one in the moment between the import and click's own handling ends here alike."""
    try:
        with interrupts_held():
            from faithcheck._cli.main import main
        main()
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        sys.exit(EXIT_INTERRUPTED)


if __name__ == "__main__":
    run()
