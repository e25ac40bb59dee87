"""LLM calls and tokens per row of the LLM judge, measured by a loopback server.

The server (``tests/llm_server.py``) speaks the OpenAI chat-completions protocol, answers with a
scripted judge, and counts tokens itself (about 4 characters a token over all message text), so
every configuration is measured with the same ruler. Nothing leaves the machine.

* **Standard row**: 6 claims in the answer, a context of about 3,000 tokens in 5 passages
  (synthetic, deterministic). Reported for: LLM extraction + LLM verification, offline
  extraction + LLM verification, and the cascade, with input *and* output tokens. The judge
  reads each claim's assembled evidence (``llm_evidence_budget`` tokens a call, default 2,048,
  shared by the call's claims; repeated and overlapping text sent once); its replies name the
  answer sentence a claim comes from instead of copying it, and a supported verdict is its quote
  without a reason. Targets: input at most half Ragas's, output at most Ragas's (the same
  row, the same ruler). The scripted judge's replies are terser than a real model's, so output
  figures compare prompt formats, not models.
* **Ragas reference**: Ragas's faithfulness makes 2 calls per row: statement generation (question
  + answer) and NLI over *the whole context* with every statement. Ragas 0.4.3 could not be run
  end to end here (its LLM wrappers fail to import with the langchain releases on the index), so
  its two prompts are rendered by Ragas's own prompt classes (``_ragas_prompts``) and measured
  with the same token count. Point ``RAGAS_SITE_PACKAGES`` at a venv's site-packages that has
  ragas installed (it is searched after faithcheck's own packages).
* **Cascade on the dev benchmarks**: LLM calls per row in cascade mode over the BEGIN dev files
  (development data, never used for tuning), as the issue asks (target ≤ 0.5), with each offline
  first stage (``cascade_local``: the shipped model, the default, and the baseline).

    RAGAS_SITE_PACKAGES=/path/to/ragas-venv/lib/python3.11/site-packages python benchmarks/llm_cost.py [ROWS]
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

from faithcheck import (  # noqa: E402
    Faithfulness,
    FaithfulnessConfig,
    TestCase,
)
from faithcheck._llm.prompts import PROMPT_VERSION  # noqa: E402
from faithcheck._pipeline.extract import split_sentences  # noqa: E402

BUDGET: int = FaithfulnessConfig.model_fields["llm_evidence_budget"].default

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


def _ragas_prompts(case: TestCase) -> tuple[list[str], str]:
    """Ragas faithfulness's two prompts for ``case``, and how they were obtained.

    Ragas (0.4 series, ``ragas.metrics.collections.Faithfulness``) sends (1) its statement
    generator prompt with the question and the answer, then (2) its NLI prompt with the *whole*
    retrieved context joined by newlines and every statement. When the ``ragas`` package is
    installed, its own prompt classes render both prompts (only the prompt modules are loaded,
    not its LLM stack); the statements fed to the NLI prompt are the answer's sentences, which is
    what Ragas's statement step returns for answers of simple sentences like this one.
    """
    import importlib.util
    import types

    if extra := os.environ.get("RAGAS_SITE_PACKAGES"):  # a separate venv's site-packages, searched last
        sys.path.append(extra)
    spec = importlib.util.find_spec("ragas")
    if spec is None or spec.submodule_search_locations is None:
        raise RuntimeError("ragas is not installed")
    root = Path(next(iter(spec.submodule_search_locations)))
    for name in (
        "ragas",
        "ragas.prompt",
        "ragas.prompt.metrics",
        "ragas.metrics",
        "ragas.metrics.collections",
        "ragas.metrics.collections.faithfulness",
    ):
        module = types.ModuleType(name)
        module.__path__ = [str(root.joinpath(*name.split(".")[1:]))]
        sys.modules.setdefault(name, module)
    from ragas.metrics.collections.faithfulness import util  # type: ignore[import-not-found]

    statements = [s.text for s in split_sentences(case.sut_response)]
    first = util.StatementGeneratorPrompt().to_string(
        util.StatementGeneratorInput(question=case.question, answer=case.sut_response)
    )
    second = util.NLIStatementPrompt().to_string(
        util.NLIStatementInput(context="\n".join(case.retrieved_context), statements=statements)
    )
    return [first, second], "rendered by Ragas's own prompt classes"


def _cascade_on_begin_dev(server: FakeLLMServer, local: str, limit: int | None) -> list[tuple[str, int, float]]:
    out = []
    metric = Faithfulness(
        verifier="cascade", cascade_local=local, model=f"openai:judge@{server.openai_url}", cache=False
    )
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
        print(f"judge evidence budget: {BUDGET} tokens a call (llm_evidence_budget), prompts {PROMPT_VERSION}\n")
        print("| configuration | LLM calls / row | input tokens / row | output tokens / row |")
        print("|---|---:|---:|---:|")
        for name, options in [
            ("LLM extraction + LLM verification", {"extractor": "llm", "verifier": "llm"}),
            ("offline extraction + LLM verification", {"verifier": "llm"}),
            ("offline extraction + cascade", {"verifier": "cascade"}),
        ]:
            calls, tokens_in, tokens_out = _measure(server, case, **options)
            print(f"| {name} | {calls} | {tokens_in} | {tokens_out} |")
        try:
            prompts, how = _ragas_prompts(case)
            ragas_in = sum(count_tokens(p) for p in prompts)
            print(f"| Ragas faithfulness ({how}) | {len(prompts)} | {ragas_in} | - |")
        except (RuntimeError, ImportError) as exc:
            print(f"| Ragas faithfulness | not measured: {exc} | | |")
        for local in ("model", "baseline"):
            print(f"\ncascade mode on BEGIN dev files, cascade_local={local} (calls per row):")
            for rel, n, per_row in _cascade_on_begin_dev(server, local, limit):
                print(f"  {rel}: {n} rows, {per_row:.2f} LLM calls per row")
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
