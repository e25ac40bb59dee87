"""Running the ``faithcheck`` command line inside the test process (click's ``CliRunner``).

Starting ``python -m faithcheck`` costs over a second of imports per call; a test whose subject is
a command's behaviour, not the process boundary, runs it here instead. The result has the shape of
``subprocess.run``'s, so a test reads ``returncode``, ``stdout`` and ``stderr`` either way. Tests of
signals, locks held by another process, kills, pipes and the installed script keep a real process.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import subprocess
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path

from click.testing import CliRunner, Result

from faithcheck._cli.main import main


def faithcheck(
    *args: str,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    stdin: str | bytes | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run ``faithcheck ARGS`` in this process, in ``cwd``, with ``env`` laid over the environment.

    An exception that escapes the command is written to ``stderr`` as Python would print it, with
    status 1, so a test that asserts "no traceback" still sees one if the command leaks it.
    """

    def invoke() -> Result:
        with contextlib.chdir(cwd) if cwd is not None else contextlib.nullcontext():
            return CliRunner().invoke(main, list(args), env=_overrides(env), input=stdin, prog_name="faithcheck")

    result = _on_a_thread_without_a_loop(invoke)
    stderr = result.stderr
    returncode = result.exit_code
    if result.exc_info is not None and not isinstance(result.exc_info[1], SystemExit):
        stderr += "".join(traceback.format_exception(*result.exc_info))
        returncode = 1
    return subprocess.CompletedProcess(["faithcheck", *args], returncode, result.stdout, stderr)


def _on_a_thread_without_a_loop(call: Callable[[], Result]) -> Result:
    """Playwright's sync API leaves an event loop running in the test's thread, where the command's
    own ``asyncio.run`` would refuse to start; a fresh thread has none, as a fresh process would."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return call()
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(call).result()


def _overrides(env: Mapping[str, str] | None) -> dict[str, str | None] | None:
    """A full environment (``{**os.environ, ...}``, as given to ``subprocess``) becomes the variables
    that differ from this process's, plus the removal of those it left out."""
    if env is None:
        return None
    changed: dict[str, str | None] = {k: v for k, v in env.items() if os.environ.get(k) != v}
    changed.update({k: None for k in os.environ if k not in env})
    return changed
