"""The HTTP client under the provider SDKs, with a cap on the size of one reply.

Both SDKs accept their own ``httpx2.AsyncClient`` (``http_client=``). Ours is the SDK's default
client plus one response event hook: a reply whose ``Content-Length`` is over the cap is refused
before its body is read, and the body stream of every other reply is wrapped so that reading
stops, and the call fails, as soon as the cap is passed (a chunked reply has no length to check).
A runaway or hostile endpoint therefore costs at most the cap in memory and parse time, never
all that it sends. Replies are asked for uncompressed; an endpoint that compresses anyway (gzip or
deflate) has its reply's *decoded* bytes counted as they arrive, a bounded step at a time, so a
0.2 MB gzip bomb that inflates to 200 MB stops at the cap; a reply in any other encoding is refused.
"""

from __future__ import annotations

import zlib
from collections.abc import AsyncIterator
from typing import Any

import httpx2

__all__ = ["MAX_REPLY_BYTES", "ReplyRefused", "ReplyTooLarge", "UnexpectedEncoding", "capped_http_client"]

MAX_REPLY_BYTES = 4 * 1024 * 1024
"""The default cap: far above any verdict or claim list (a few KB to a few hundred KB)."""


class ReplyRefused(Exception):
    """A reply the client stopped reading: too large, or in an encoding it cannot count."""


class ReplyTooLarge(ReplyRefused):
    """A reply passed the byte cap; ``size`` is its announced length when it announced one."""

    def __init__(self, limit: int, size: int | None = None):
        self.limit = limit
        self.size = size
        told = f" (it announced {size:,} bytes)" if size is not None else ""
        super().__init__(f"the reply is larger than the {limit:,}-byte cap{told}")


class UnexpectedEncoding(ReplyRefused):
    """A reply compressed in an encoding the client neither asked for nor can count."""

    def __init__(self, encoding: str):
        self.encoding = encoding
        super().__init__(
            f"the reply is compressed as {encoding!r}, which was not asked for (accept-encoding: identity)"
        )


# zlib's window bits: gzip framing, and zlib framing (what HTTP's "deflate" means)
_WBITS = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS, "deflate": zlib.MAX_WBITS}
_STEP = 64 * 1024
"""Decoded bytes counted per step: the counting never holds more than this of the inflated reply."""


class _CappedStream(httpx2.AsyncByteStream):
    """Passes the body through until more than ``limit`` bytes have arrived (decoded bytes, for a
    compressed body), then raises."""

    def __init__(self, inner: httpx2.AsyncByteStream, limit: int, encoding: str | None = None):
        self._inner = inner
        self._limit = limit
        self._inflate = zlib.decompressobj(_WBITS[encoding]) if encoding else None

    async def __aiter__(self) -> AsyncIterator[bytes]:
        seen = 0
        async for chunk in self._inner:
            seen += self._decoded_size(chunk, self._limit - seen) if self._inflate else len(chunk)
            if seen > self._limit:
                raise ReplyTooLarge(self._limit)
            yield chunk

    def _decoded_size(self, chunk: bytes, room: int) -> int:
        """How many bytes ``chunk`` inflates to, counted a step at a time and no further than just
        past ``room`` (the output is dropped: the SDK decodes the chunk again, once it is known to
        fit)."""
        assert self._inflate is not None
        size, pending = 0, chunk
        try:
            while pending and size <= room:
                size += len(self._inflate.decompress(pending, _STEP))
                pending = self._inflate.unconsumed_tail
        except zlib.error:
            return size  # a damaged body: the SDK's own decoder reports it
        return size

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
        encoding = response.headers.get("content-encoding", "identity").strip().lower() or "identity"
        if encoding != "identity" and encoding not in _WBITS:
            raise UnexpectedEncoding(encoding)
        stream = response.stream
        if isinstance(stream, httpx2.AsyncByteStream):
            response.stream = _CappedStream(stream, max_reply_bytes, None if encoding == "identity" else encoding)

    return client_class(event_hooks={"response": [cap]}, headers={"accept-encoding": "identity"})
