"""LLM calls and tokens per row of the LLM judge, measured by a loopback server.

The server (``tests/llm_server.py``) speaks the OpenAI chat-completions protocol, answers with a
scripted judge, and counts tokens itself (about 4 characters a token over all message text), so
every configuration is measured with the same ruler. Nothing leaves the machine.

* **Standard row**: 6 claims in the answer, a context of about 3,000 tokens in 5 passages
  (synthetic, deterministic). Reported for: LLM extraction + LLM verification, offline
  extraction + LLM verification, and the cascade.
* **Ragas reference**: Ragas's faithfulness makes 2 calls per row: statement generation (question
  + answer) and NLI over *the whole context* with every statement. If Ragas is importable it is
  run against the same server; otherwise its two prompts are reconstructed from its published
  prompt text (see ``_ragas_reconstructed``) and measured with the same token count — the
  output says which.
* **Cascade on the dev benchmarks**: LLM calls per row in cascade mode over the BEGIN dev files
  (development data, never used for tuning), as the issue asks (target ≤ 0.5).

    python benchmarks/llm_cost.py
"""

from __future__ import annotations

import csv
import os
import random
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.llm_server import FakeLLMServer, count_tokens, judge_responder  # noqa: E402

from faithcheck import Faithfulness, TestCase  # noqa: E402

SHARED = REPO.parent / "shared" / "benchmarks"

_PRODUCTS = ["Altair", "Borealis", "Cygnus", "Draco", "Eridanus", "Fornax", "Gemini", "Hydra", "Lyra", "Orion"]
_FACTS = [
    "The {p} {k} was released in {y} and weighs {w} kilograms.",
    "Customers who buy the {p} {k} receive a warranty of {n} years.",
    "The {p} {k} supports charging at up to {c} watts.",
    "According to the manual, the {p} {k} must be serviced every {m} months.",
    "The {p} {k} is assembled in a factory that employs {e} people.",
    "Reviewers praised the {p} {k} for its battery, which lasts {h} hours.",
]


def standard_row(seed: int = 7) -> TestCase:
    """~3,000 tokens of context in 5 passages, and an answer of 6 claims (4 grounded, 2 not)."""
    rng = random.Random(seed)
    sentences: list[str] = []
    while sum(len(s) for s in sentences) < 12_000:  # ~3,000 tokens at ~4 characters a token
        template = rng.choice(_FACTS)
        sentences.append(
            template.format(
                p=rng.choice(_PRODUCTS),
                k=f"X{rng.randint(100, 999)}",
                y=rng.randint(1990, 2025),
                w=rng.randint(1, 40),
                n=rng.randint(1, 5),
                c=rng.randint(5, 120),
                m=rng.randint(3, 24),
                e=rng.randint(50, 5000),
                h=rng.randint(4, 48),
            )
        )
    size = len(sentences) // 5
    passages = [" ".join(sentences[i * size : (i + 1) * size]) for i in range(5)]
    grounded = [sentences[i] for i in (3, size + 5, 2 * size + 8, 4 * size + 2)]
    invented = ["The Vega Z1 was released in 1987.", "The Orion X100 costs 30,000 dollars."]
    return TestCase(
        input_id="standard",
        prompt="What do the product documents say about these models?",
        sut_response=" ".join(grounded[:2] + invented[:1] + grounded[2:] + invented[1:]),
        retrieved_context=passages,
    )


def _measure(server: FakeLLMServer, case: TestCase, **options: object) -> tuple[int, int, int]:
    start = len(server.requests)
    metric = Faithfulness(model=f"openai:judge@{server.openai_url}", cache=False, **options)  # type: ignore[arg-type]
    score = metric.evaluate(case)
    seen = server.requests[start:]
    server_tokens = sum(count_tokens(s.text) for s in seen)
    assert score.usage.input_tokens == server_tokens, "usage must equal what the server counted"
    return len(seen), server_tokens, score.usage.output_tokens


def _ragas_reconstructed(case: TestCase) -> tuple[int, int]:
    """Ragas faithfulness, reconstructed: (calls, input tokens) with this server's token count.

    Ragas (0.2/0.3 series) sends (1) its statement-generator prompt with its few-shot example,
    the question and the answer, then (2) its NLI prompt with its few-shot examples, the *full*
    retrieved context joined, and every statement. The instruction and example text below are
    abridged from Ragas's prompt classes (``StatementGeneratorPrompt``, ``NLIStatementPrompt``);
    their lengths (about 1,100 and 1,600 characters) are what matters here.
    """
    statement_instruction = "Given a question and an answer, analyze the complexity of each sentence ..." + "x" * 1100
    nli_instruction = "Your task is to judge the faithfulness of statements based on a given context ..." + "x" * 1600
    statements = [s for s in case.sut_response.split(". ") if s]
    first = statement_instruction + case.question + case.sut_response
    second = nli_instruction + "\n".join(case.retrieved_context) + "\n".join(statements)
    return 2, count_tokens(first) + count_tokens(second)


def _cascade_on_begin_dev(server: FakeLLMServer, limit: int | None) -> list[tuple[str, int, float]]:
    out = []
    metric = Faithfulness(verifier="cascade", model=f"openai:judge@{server.openai_url}", cache=False)
    for rel in ("wow/begin_dev_wow.tsv", "cmu-dog/begin_dev_cmu.tsv", "topicalchat/begin_dev_tc.tsv"):
        path = SHARED / "begin" / rel
        with path.open(encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))[:limit]
        start = len(server.requests)
        for i, row in enumerate(rows):
            metric.evaluate(
                TestCase(
                    input_id=str(i),
                    prompt=row["message"] or " ",
                    sut_response=row["response"],
                    retrieved_context=[row["knowledge"]],
                )
            )
        calls = len(server.requests) - start
        out.append((rel, len(rows), calls / max(1, len(rows))))
    return out


def main() -> int:
    limit = int(sys.argv[1]) if len(sys.argv) > 1 else None
    os.environ.setdefault("FAITHCHECK_CACHE_DIR", tempfile.mkdtemp())
    server = FakeLLMServer(responder=judge_responder).start()
    try:
        case = standard_row()
        context_tokens = count_tokens("\n".join(case.retrieved_context))
        print(f"standard row: {context_tokens} context tokens in 5 passages, answer: {case.sut_response!r}\n")
        print("| configuration | LLM calls / row | input tokens / row | output tokens / row |")
        print("|---|---:|---:|---:|")
        for name, options in [
            ("LLM extraction + LLM verification", {"extractor": "llm", "verifier": "llm"}),
            ("offline extraction + LLM verification", {"verifier": "llm"}),
            ("offline extraction + cascade", {"verifier": "cascade"}),
        ]:
            calls, tokens_in, tokens_out = _measure(server, case, **options)
            print(f"| {name} | {calls} | {tokens_in} | {tokens_out} |")
        ragas_calls, ragas_in = _ragas_reconstructed(case)
        print(f"| Ragas faithfulness (reconstructed prompts) | {ragas_calls} | {ragas_in} | - |")
        print("\ncascade mode on BEGIN dev files (calls per row):")
        for rel, n, per_row in _cascade_on_begin_dev(server, limit):
            print(f"  {rel}: {n} rows, {per_row:.2f} LLM calls per row")
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
