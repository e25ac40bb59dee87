"""The HTTP client under the provider SDKs, with a cap on the size of one reply.

Both SDKs accept their own ``httpx2.AsyncClient`` (``http_client=``). Ours is the SDK's default
client plus one response event hook: a reply whose ``Content-Length`` is over the cap is refused
before its body is read, and the body stream of every other reply is wrapped so that reading
stops, and the call fails, as soon as the cap is passed (a chunked reply has no length to check).
A runaway or hostile endpoint therefore costs at most the cap in memory and parse time, never
all that it sends. Replies are asked for uncompressed, so the bytes counted are the bytes parsed.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx2

__all__ = ["MAX_REPLY_BYTES", "ReplyTooLarge", "capped_http_client"]

MAX_REPLY_BYTES = 4 * 1024 * 1024
"""The default cap: far above any verdict or claim list (a few KB to a few hundred KB)."""


class ReplyTooLarge(Exception):
    """A reply passed the byte cap; ``size`` is its announced length when it announced one."""

    def __init__(self, limit: int, size: int | None = None):
        self.limit = limit
        self.size = size
        told = f" (it announced {size:,} bytes)" if size is not None else ""
        super().__init__(f"the reply is larger than the {limit:,}-byte cap{told}")


class _CappedStream(httpx2.AsyncByteStream):
    """Passes the body through until more than ``limit`` bytes have arrived, then raises."""

    def __init__(self, inner: httpx2.AsyncByteStream, limit: int):
        self._inner = inner
        self._limit = limit

    async def __aiter__(self) -> AsyncIterator[bytes]:
        seen = 0
        async for chunk in self._inner:
            seen += len(chunk)
            if seen > self._limit:
                raise ReplyTooLarge(self._limit)
            yield chunk

    async def aclose(self) -> None:
        await self._inner.aclose()

    @property
    def elapsed(self) -> Any:  # httpx2's Response.elapsed reads it from its stream
        return getattr(self._inner, "elapsed", None)


def capped_http_client(client_class: type[httpx2.AsyncClient], max_reply_bytes: int) -> httpx2.AsyncClient:
    """An instance of ``client_class`` (an SDK's ``DefaultAsyncHttpxClient``, which keeps the
    SDK's own timeouts, connection limits and proxy settings) whose replies are capped at
    ``max_reply_bytes``; a bigger reply raises :class:`ReplyTooLarge` from the SDK call.
    """
    if max_reply_bytes < 1:
        raise ValueError(f"max_reply_bytes must be at least 1, got {max_reply_bytes}")

    async def cap(response: httpx2.Response) -> None:
        announced = response.headers.get("content-length")
        if announced is not None and announced.isdigit() and (len(announced) > 18 or int(announced) > max_reply_bytes):
            raise ReplyTooLarge(max_reply_bytes, int(announced) if len(announced) <= 18 else None)
        stream = response.stream
        if isinstance(stream, httpx2.AsyncByteStream):
            response.stream = _CappedStream(stream, max_reply_bytes)

    return client_class(event_hooks={"response": [cap]}, headers={"accept-encoding": "identity"})
