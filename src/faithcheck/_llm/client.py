"""One client layer over OpenAI-compatible chat completions and Anthropic's messages API.

Both go through their official SDKs (``openai``, ``anthropic``) with the SDKs' own retries
switched off: this module owns retries (jittered exponential backoff on 429, 5xx, timeouts and
connection errors, honouring ``Retry-After``), the per-call timeout, a concurrency limit, the
disk cache and the usage count, identically for every provider.

The per-call timeout is a deadline for the whole attempt, from connecting to the last byte (a
server that drips one byte a second cannot stretch it); the waits between attempts (backoff and
``Retry-After``) add up to at most one per-call timeout, so a call with its retries ends within
``(max_retries + 2) × timeout``; and a reply is capped in size
(:mod:`faithcheck._llm.http_client`). A reply enters the cache only once the step that asked for it
has parsed it as complete and valid; a cached reply the step rejects is ignored and asked again.
"""

from __future__ import annotations

import asyncio
import json
import random
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from faithcheck._core.errors import ConfigError, FaithcheckError, RunStopped
from faithcheck._llm.cache import ResponseCache
from faithcheck._llm.http_client import MAX_REPLY_BYTES, ReplyRefused, ReplyTooLarge
from faithcheck._llm.spec import ProviderSpec

__all__ = ["LLMCallError", "LLMClient", "LLMReply", "LLMRequest", "ReplyParser"]

T = TypeVar("T")

ReplyParser = Callable[[str], tuple[T, bool]]
"""Parses a reply's text into the step's value, and says whether the reply is complete and valid
(only such replies are cached)."""

# Parsing a reply this long runs in a worker thread, so that the event loop (and with it every
# row's and the job's timeout) keeps running; shorter ones take microseconds.
_PARSE_IN_THREAD_CHARS = 32_768

_RETRY_AFTER_CAP_S = 60.0
_LOCAL_PLACEHOLDER_KEY = "not-needed"  # local OpenAI-compatible servers often need no key


class LLMCallError(FaithcheckError):
    """An LLM call failed for good (after retries), or the endpoint refused the request.

    ``unusable``: it failed in a way that says the endpoint itself is unusable (every attempt
    could not connect, or HTTP 401, 403 or 404: a wrong key, model or URL), not this request."""

    def __init__(self, message: str, *, unusable: bool = False):
        super().__init__(message)
        self.unusable = unusable


class EndpointUnusableError(LLMCallError, RunStopped):
    """A call failed as unusable before the endpoint had answered any call of this process: a
    dataset run stops at once (no row is recorded as failed for it, so the same command, once the
    URL, key or model is fixed, scores every row), instead of writing an error row for every row
    after its retries."""


@dataclass(frozen=True)
class LLMRequest:
    """One structured call: a system and a user message, and the JSON schema of the reply."""

    system: str
    user: str
    schema_name: str
    schema: dict[str, Any]
    max_output_tokens: int
    prompt_version: str


@dataclass(frozen=True)
class LLMReply:
    text: str
    input_tokens: int
    output_tokens: int
    truncated: bool
    cached: bool


class _Retryable(Exception):
    """A failure worth retrying, with the server's Retry-After (seconds) if it sent one;
    ``connection``: no connection could be made (nothing answered at all)."""

    def __init__(self, message: str, retry_after: float | None, *, connection: bool = False):
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after
        self.connection = connection


class LLMClient:
    """Calls one model. Safe to share between rows; SDK clients are kept per event loop."""

    def __init__(
        self,
        spec: ProviderSpec,
        *,
        timeout_s: float = 60.0,
        max_retries: int = 4,
        concurrency: int = 8,
        cache: ResponseCache | None = None,
        seed: int = 0,
        backoff_base_s: float = 0.5,
        backoff_cap_s: float = 20.0,
        max_reply_bytes: int = MAX_REPLY_BYTES,
    ):
        if not timeout_s > 0 or max_retries < 0 or concurrency < 1 or max_reply_bytes < 1:
            raise ConfigError("timeout must be > 0, retries >= 0, concurrency >= 1 and max_reply_bytes >= 1")
        self.spec = spec
        self.timeout_s = timeout_s
        self.max_retries = max_retries
        self.concurrency = concurrency
        self.cache = cache
        self.seed = seed
        self.backoff_base_s = backoff_base_s
        self.backoff_cap_s = backoff_cap_s
        self.max_reply_bytes = max_reply_bytes
        self._per_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, tuple[Any, asyncio.Semaphore]] = (
            weakref.WeakKeyDictionary()
        )
        # Endpoints that reject JSON-schema output get plain JSON instructions instead, once.
        self._structured = True
        self._answered = False  # any call answered: the endpoint works (see EndpointUnusableError)

    # -- public -------------------------------------------------------------------------------

    async def complete(self, request: LLMRequest, parse: ReplyParser[T]) -> tuple[LLMReply, T]:
        """Send ``request`` (or answer it from the cache) and parse the reply with ``parse``.

        The reply is cached only when it is not truncated and ``parse`` says it is complete and
        valid; a cached reply that ``parse`` rejects (one an older version stored) is not used.
        So a re-ask after an invalid reply always reaches the model, and a rerun after the
        endpoint was fixed asks again for every reply that was not valid.
        """
        key = self.cache_key(request)
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None and not hit.get("truncated"):
                reply = LLMReply(hit["text"], hit["input_tokens"], hit["output_tokens"], False, cached=True)
                value, valid = await _parse(parse, reply.text)
                if valid:
                    return reply, value
        sdk, semaphore = self._for_this_loop()
        async with semaphore:
            try:
                reply = await self._with_retries(lambda: self._call(sdk, request))
            except LLMCallError as exc:
                self._stop_if_unusable(exc)  # EndpointUnusableError instead, when the endpoint never worked
                raise
        self._answered = True
        value, valid = await _parse(parse, reply.text)
        if self.cache is not None and valid and not reply.truncated:
            self.cache.put(
                key,
                {
                    "text": reply.text,
                    "input_tokens": reply.input_tokens,
                    "output_tokens": reply.output_tokens,
                    "truncated": reply.truncated,
                },
            )
        return reply, value

    def _stop_if_unusable(self, exc: LLMCallError) -> None:
        """An unusable failure before any call was answered stops the run (see
        :class:`EndpointUnusableError`); once the endpoint has answered, a failure is the row's. Not
        kept: the next run (a server started meanwhile, a key fixed) tries again."""
        if exc.unusable and not self._answered:
            raise EndpointUnusableError(
                f"{exc}; no call to it was ever answered: check the endpoint URL (--base-url), "
                "the API key and the model name"
            ) from None

    # -- retries ------------------------------------------------------------------------------

    async def _with_retries(self, attempt: Callable[[], Awaitable[LLMReply]]) -> LLMReply:
        last = "no attempt made"
        never_connected = True
        waited = 0.0  # backoff and Retry-After, all attempts together: at most one per-call timeout
        for n in range(self.max_retries + 1):
            try:
                # a deadline for the whole attempt: the SDKs' timeouts bound each read, not the sum
                async with asyncio.timeout(self.timeout_s):
                    return await attempt()
            except TimeoutError:
                last = f"Timeout: no complete reply within {self.timeout_s:g} s (llm_timeout_seconds)"
                never_connected = False
                delay = self._delay(n, None)
            except _Retryable as exc:
                last = exc.message
                never_connected = never_connected and exc.connection
                delay = self._delay(n, exc.retry_after)
            if n == self.max_retries:
                break
            delay = min(delay, self.timeout_s - waited)
            waited += delay
            await asyncio.sleep(delay)
        if waited >= self.timeout_s:
            last += f"; the waits between attempts were cut to {self.timeout_s:g} s in all (llm_timeout_seconds)"
        tries = f"{self.max_retries + 1} attempt{'s' if self.max_retries else ''}"
        raise LLMCallError(f"{self.spec.label}: giving up after {tries}: {last}", unusable=never_connected)

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(max(retry_after, 0.0), _RETRY_AFTER_CAP_S)
        # "full jitter": uniform in [0, base * 2^attempt], capped
        return random.uniform(0.0, min(self.backoff_cap_s, self.backoff_base_s * 2**attempt))

    # -- providers ----------------------------------------------------------------------------

    def _for_this_loop(self) -> tuple[Any, asyncio.Semaphore]:
        loop = asyncio.get_running_loop()
        entry = self._per_loop.get(loop)
        if entry is None:
            entry = (self._make_sdk_client(), asyncio.Semaphore(self.concurrency))
            self._per_loop[loop] = entry
        return entry

    def _make_sdk_client(self) -> Any:
        spec = self.spec
        key = spec.api_key()
        if key is None:
            if spec.base_url is None or spec.provider == "azure":
                raise ConfigError(f"{spec.label} needs an API key: set the environment variable {spec.api_key_env}")
            key = _LOCAL_PLACEHOLDER_KEY
        try:
            from faithcheck._llm.http_client import capped_http_client

            if spec.provider == "anthropic":
                import anthropic

                return anthropic.AsyncAnthropic(
                    api_key=key,
                    base_url=spec.base_url,
                    timeout=self.timeout_s,
                    max_retries=0,
                    http_client=capped_http_client(anthropic.DefaultAsyncHttpxClient, self.max_reply_bytes),
                )
            import openai

            http_client = capped_http_client(openai.DefaultAsyncHttpxClient, self.max_reply_bytes)
            if spec.provider == "azure":
                import os

                return openai.AsyncAzureOpenAI(
                    api_key=key,
                    azure_endpoint=spec.base_url or "",
                    api_version=os.environ.get("OPENAI_API_VERSION", "2024-10-21"),
                    timeout=self.timeout_s,
                    max_retries=0,
                    http_client=http_client,
                )
            return openai.AsyncOpenAI(
                api_key=key, base_url=spec.base_url, timeout=self.timeout_s, max_retries=0, http_client=http_client
            )
        except ImportError as exc:
            raise ConfigError(f"the LLM judge needs the provider SDKs: pip install 'faithcheck[llm]' ({exc})") from None

    async def _call(self, sdk: Any, request: LLMRequest) -> LLMReply:
        """One attempt, with each SDK's errors mapped the same way: a 400 that rejects the
        structured-output option switches to plain JSON once; other 400s and 4xx fail; 408, 429,
        5xx, timeouts and connection errors are retryable."""
        markers: tuple[str, ...]
        if self.spec.provider == "anthropic":
            import anthropic as module

            call, markers = self._call_anthropic, ("output_config", "json_schema")
        else:
            import openai as module  # type: ignore[no-redef]

            call, markers = self._call_openai, ("response_format",)
        try:
            return await call(sdk, request)
        except ReplyRefused as exc:  # the OpenAI SDK lets it through as it is
            raise self._refused(exc) from None
        except module.BadRequestError as exc:
            if self._structured and any(marker in str(exc) for marker in markers):
                self._structured = False
                return await self._call(sdk, request)
            raise LLMCallError(f"{self.spec.label} refused the request: {_status_message(exc)}") from None
        except module.APIStatusError as exc:
            raise self._classify_status(exc.status_code, exc.response.headers, _status_message(exc)) from None
        except (module.APITimeoutError, module.APIConnectionError) as exc:
            if (refused := _cause(exc, ReplyRefused)) is not None:  # the Anthropic SDK wraps it
                raise self._refused(refused) from None
            connection = isinstance(exc, module.APIConnectionError) and not isinstance(exc, module.APITimeoutError)
            raise _Retryable(f"{type(exc).__name__}: {exc}", None, connection=connection) from None

    def _refused(self, exc: ReplyRefused) -> LLMCallError:
        # not retried: at temperature 0 the same request runs away the same way again
        if not isinstance(exc, ReplyTooLarge):
            return LLMCallError(f"{self.spec.label}: {exc}; the call was not retried")
        return LLMCallError(
            f"{self.spec.label}: {exc}; reading stopped there and the call was not retried. A reply "
            "this long is a model that does not stop: check the endpoint and its maximum output tokens"
        )

    async def _call_openai(self, sdk: Any, request: LLMRequest) -> LLMReply:
        messages = [{"role": "system", "content": request.system}, {"role": "user", "content": request.user}]
        kwargs: dict[str, Any] = {
            "model": self.spec.model,
            "messages": messages,
            "temperature": 0,
            "seed": self.seed,
            "max_tokens": request.max_output_tokens,
        }
        if self._structured:
            kwargs["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": request.schema_name, "schema": request.schema, "strict": True},
            }
        response = await sdk.chat.completions.create(**kwargs)
        if not response.choices:
            raise _Retryable("the reply had no choices", None)
        choice = response.choices[0]
        usage = response.usage
        return LLMReply(
            text=choice.message.content or "",
            input_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
            output_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
            truncated=choice.finish_reason == "length",
            cached=False,
        )

    async def _call_anthropic(self, sdk: Any, request: LLMRequest) -> LLMReply:
        kwargs: dict[str, Any] = {
            "model": self.spec.model,
            "system": request.system,
            "messages": [{"role": "user", "content": request.user}],
            "max_tokens": request.max_output_tokens,
        }
        if self._structured:
            kwargs["output_config"] = {"format": {"type": "json_schema", "schema": request.schema}}
        response = await sdk.messages.create(**kwargs)
        text = "".join(getattr(block, "text", "") for block in response.content if block.type == "text")
        return LLMReply(
            text=text,
            input_tokens=int(response.usage.input_tokens or 0),
            output_tokens=int(response.usage.output_tokens or 0),
            truncated=response.stop_reason == "max_tokens",
            cached=False,
        )

    def _classify_status(self, status: int, headers: Any, message: str) -> Exception:
        if status == 429 or status == 408 or status >= 500:
            return _Retryable(f"HTTP {status}: {message}", _retry_after_seconds(headers))
        # 401, 403, 404: a wrong key, a model it does not serve or a wrong URL; no call will do better
        return LLMCallError(f"{self.spec.label}: HTTP {status}: {message}", unusable=status in (401, 403, 404))

    def cache_key(self, request: LLMRequest) -> str:
        """The key of ``request``'s reply in the cache (model, endpoint, messages, schema, parameters)."""
        return ResponseCache.key(
            {
                "provider": self.spec.provider,
                "model": self.spec.model,
                "base_url": self.spec.base_url,
                "prompt_version": request.prompt_version,
                "system": request.system,
                "user": request.user,
                "schema": json.dumps(request.schema, sort_keys=True),
                "max_output_tokens": request.max_output_tokens,
                "seed": self.seed,
            }
        )


async def _parse(parse: ReplyParser[T], text: str) -> tuple[T, bool]:
    if len(text) > _PARSE_IN_THREAD_CHARS:
        return await asyncio.to_thread(parse, text)
    return parse(text)


def _cause(exc: BaseException, kind: type[ReplyRefused]) -> ReplyRefused | None:
    """``exc`` itself or the first exception of its ``__cause__``/``__context__`` chain of ``kind``."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, kind):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


def _retry_after_seconds(headers: Any) -> float | None:
    try:
        value = headers.get("retry-after-ms")
        if value is not None:
            return float(value) / 1000.0
        value = headers.get("retry-after")
        return None if value is None else float(value)
    except (TypeError, ValueError):
        return None  # an HTTP date; fall back to backoff


def _status_message(exc: Exception) -> str:
    """The server's error message, without echoing request headers (which hold the key)."""
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        error = body.get("error", body)
        if isinstance(error, dict) and "message" in error:
            return str(error["message"])[:300]
    return str(getattr(exc, "message", "") or type(exc).__name__)[:300]
