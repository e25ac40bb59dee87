"""Ctrl-C held over the steps it must not cut in two: importing the command line, loading a model.

Python raises ``KeyboardInterrupt`` wherever the main thread happens to be. Inside the import
machinery or a native library's start (onnxruntime, tokenizers) it does harm: onnxruntime turns it
into ``ImportError: initialization failed`` (and faithcheck fell back to the slower fp32 encoder and
went on scoring, the interrupt lost), and importlib can swallow it ("Exception ignored in ...") and
leave an import lock that later hangs the run. :func:`interrupts_held` holds the signal over such a
step and raises ``KeyboardInterrupt`` right after it, where it is safe.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["interrupts_held"]


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Run the block with Ctrl-C (SIGINT) held; if it came meanwhile, raise ``KeyboardInterrupt``
    once the block is done. A no-op outside the main thread (signals reach only the main thread)
    and when someone else handles SIGINT (``asyncio.run``, which cancels its task instead, or a
    shell that has Ctrl-C ignored).

    >>> with interrupts_held():
    ...     pass
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    held: list[int] = []
    signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if held:
        raise KeyboardInterrupt
