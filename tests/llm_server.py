"""A real HTTP server on loopback that speaks the OpenAI chat-completions and the Anthropic
messages protocols, with scripted replies. Tests point the real SDK clients at it, so HTTP,
retries, timeouts and parsing run for real; only the model behind the API is a script.

Token usage in replies is measured by the server itself (about 4 characters a token over the
message text), so a test or benchmark can compare what each approach sends.

A reply can also misbehave on the wire, for the robustness tests: drip its body a byte at a time,
stall half-way, drip whitespace forever, or come chunked (with no length to refuse it by).
"""

from __future__ import annotations

import json
import math
import re
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    """One scripted reply. ``content`` is the assistant's text; the server wraps it in the
    protocol's envelope. ``raw`` replaces the whole body (for broken envelopes)."""

    content: str = ""
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    truncated: bool = False
    raw: bytes | None = None
    drip: float = 0.0
    """Seconds between the bytes of the body (sent one byte at a time); 0 sends it at once."""
    stall: bool = False
    """Send the headers and half the body, then nothing more until the server stops."""
    endless: bool = False
    """A chunked body of whitespace, one byte every ``drip`` seconds (default 0.2), never ending."""
    chunked: bool = False
    """Send the body chunked, without a Content-Length."""


def count_tokens(text: str) -> int:
    return math.ceil(len(text) / 4)


@dataclass
class Seen:
    """A request as the server saw it."""

    path: str
    headers: dict[str, str]
    body: dict[str, Any]

    @property
    def text(self) -> str:
        """All message text of the request (system and user)."""
        parts: list[str] = []
        if isinstance(self.body.get("system"), str):
            parts.append(self.body["system"])
        for message in self.body.get("messages", []):
            content = message.get("content")
            if isinstance(content, str):
                parts.append(content)
            elif isinstance(content, list):
                parts.extend(str(block.get("text", "")) for block in content)
        return "\n".join(parts)

    @property
    def user(self) -> str:
        return str(self.body["messages"][-1]["content"])


class FakeLLMServer:
    """Scripted replies are served first in, first out; when the script is empty the
    ``responder`` (if any) answers from the request."""

    def __init__(self, responder: Callable[[Seen], Reply] | None = None):
        self.script: deque[Reply] = deque()
        self.responder = responder
        self.requests: list[Seen] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()
        self._closing = threading.Event()  # ends every reply still dripping or stalled
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                seen = Seen(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                with server._lock:
                    server.requests.append(seen)
                    server.in_flight += 1
                    server.max_in_flight = max(server.max_in_flight, server.in_flight)
                    reply = server.script.popleft() if server.script else None
                try:
                    if reply is None:
                        reply = server.responder(seen) if server.responder else Reply(status=500, content="no script")
                    if reply.delay:
                        server._closing.wait(reply.delay)
                    payload = reply.raw if reply.raw is not None else server._envelope(seen, reply)
                    self.send_response(reply.status)
                    self.send_header("content-type", "application/json")
                    chunked = reply.chunked or reply.endless
                    if chunked:
                        self.send_header("transfer-encoding", "chunked")
                    else:
                        self.send_header("content-length", str(len(payload)))
                    for key, value in reply.headers.items():
                        self.send_header(key, value)
                    self.end_headers()
                    self._send_body(reply, payload, chunked)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)
                finally:
                    with server._lock:
                        server.in_flight -= 1

            def _send_body(self, reply: Reply, payload: bytes, chunked: bool) -> None:
                def send(data: bytes) -> None:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data) if chunked else data)

                if reply.endless:
                    while not server._closing.wait(reply.drip or 0.2):
                        send(b" ")
                    return
                if reply.stall:
                    send(payload[: len(payload) // 2])
                    server._closing.wait()
                    return
                if reply.drip:
                    for i in range(len(payload)):
                        if server._closing.wait(reply.drip):
                            return
                        send(payload[i : i + 1])
                else:
                    for i in range(0, len(payload), 1 << 16):
                        send(payload[i : i + (1 << 16)])
                if chunked:
                    self.wfile.write(b"0\r\n\r\n")

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        # shutdown() waits for the serving loop to look at its flag, which it does once per poll: at
        # the default 0.5 s, every test that starts a server would idle half a second in its teardown
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.01,), daemon=True)

    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def openai_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def anthropic_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> FakeLLMServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._closing.set()
        self._httpd.shutdown()
        self._httpd.server_close()

    def push(self, *replies: Reply) -> None:
        self.script.extend(replies)

    def _envelope(self, seen: Seen, reply: Reply) -> bytes:
        if reply.status != 200:
            if seen.path.endswith("/messages"):
                error = {"type": "error", "error": {"type": "api_error", "message": reply.content or "error"}}
            else:
                error = {"error": {"message": reply.content or "error", "type": "server_error", "code": None}}
            return json.dumps(error).encode()
        input_tokens = count_tokens(seen.text)
        output_tokens = count_tokens(reply.content)
        if seen.path.endswith("/messages"):
            return json.dumps(
                {
                    "id": f"msg_{len(self.requests)}",
                    "type": "message",
                    "role": "assistant",
                    "model": seen.body.get("model", "claude"),
                    "content": [{"type": "text", "text": reply.content}],
                    "stop_reason": "max_tokens" if reply.truncated else "end_turn",
                    "stop_sequence": None,
                    "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens},
                }
            ).encode()
        message: dict[str, Any] = {"role": "assistant", "content": reply.content}
        tools = seen.body.get("tools") or []
        if tools:  # a client that asked for a tool call (e.g. instructor) gets the content as its arguments
            name = tools[0].get("function", {}).get("name", "tool")
            call = {"id": "call_0", "type": "function", "function": {"name": name, "arguments": reply.content}}
            message = {"role": "assistant", "content": None, "tool_calls": [call]}
        finish = "length" if reply.truncated else ("tool_calls" if tools else "stop")
        return json.dumps(
            {
                "id": f"chatcmpl-{len(self.requests)}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": seen.body.get("model", "gpt"),
                "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                "usage": {
                    "prompt_tokens": input_tokens,
                    "completion_tokens": output_tokens,
                    "total_tokens": input_tokens + output_tokens,
                },
            }
        ).encode()


# -- a scripted "model" that answers sensibly, for end-to-end runs and the benchmark ------------

_CLAIM = re.compile(r'<claim id="([^"]+)" excerpts="([^"]*)">(.*?)</claim>', re.DOTALL)
_EXCERPT = re.compile(r'<excerpt id="([^"]+)" passage="\d+">(.*?)</excerpt>', re.DOTALL)
_ANSWER = re.compile(r"<answer>\n(.*?)\n</answer>", re.DOTALL)
_NUMBERED = re.compile(r"^\[(\d+)\] (.*)$", re.MULTILINE)


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"\w+", text) if len(w) > 2}


def judge_responder(seen: Seen) -> Reply:
    """Answers extraction requests with one claim per numbered answer sentence (naming its
    number), and verification requests by word overlap with the sentences of each claim's own
    excerpts (all of them for ``excerpts="all"``), quoting the best sentence verbatim; a supported
    verdict has no reason, as the prompt asks (a stand-in for a real model)."""
    user = seen.user
    claims = _CLAIM.findall(user)
    if claims:
        excerpts = dict(_EXCERPT.findall(user))
        verdicts = []
        for claim_id, own, text in claims:
            ids = list(excerpts) if own == "all" else own.split()
            sentences = [s for i in ids if i in excerpts for s in re.split(r"(?<=[.!?])\s+", excerpts[i]) if s]
            best = max(sentences, key=lambda e: len(_words(text) & _words(e)), default=None)
            overlap = len(_words(text) & _words(best)) / max(1, len(_words(text))) if best else 0.0
            supported = overlap >= 0.6
            verdicts.append(
                {
                    "claim_id": claim_id,
                    "label": "supported" if supported else "unsupported",
                    "quote": " ".join(best.split()[:12]) if best and supported else "",
                    "reason": "" if supported else "not in the excerpts",
                }
            )
        return Reply(json.dumps({"verdicts": verdicts}))
    answer = _ANSWER.search(user)
    items = [
        {
            "sentence": int(number),
            "text": sentence,
            "relevant": not sentence.endswith("!"),
            "reason": "a greeting" if sentence.endswith("!") else "",
        }
        for number, sentence in _NUMBERED.findall(answer.group(1) if answer else "")
    ]
    return Reply(json.dumps({"claims": items}))
