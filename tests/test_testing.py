from __future__ import annotations

import pytest

from faithcheck import Faithfulness, TestCase
from faithcheck.testing import assert_that, recorded_scores


def test_meets_metric_passes_for_a_faithful_answer(faithful_case: TestCase) -> None:
    assertion = assert_that(faithful_case).meets_metric(Faithfulness(0.8))
    assert assertion.results[0].value == 1.0


def test_failure_message_lists_claims_labels_and_evidence(return_policy_case: TestCase) -> None:
    with pytest.raises(AssertionError) as info:
        assert_that(return_policy_case).meets_metric(Faithfulness(0.8))
    message = str(info.value)
    assert "faithfulness = 0.500" in message
    assert "[overclaim] 'We offer free return shipping.'" in message
    assert "evidence: passage 1 [0:49] 'Return shipping is free for defective items only.'" in message
    assert "You can return items" not in message  # supported claims are not listed


def test_meets_metric_accepts_a_row_and_records_the_score() -> None:
    before = len(recorded_scores())
    assert_that(
        {
            "input_id": "row",
            "prompt": "Q?",
            "sut_response": "The sky is blue.",
            "retrieved_context": ["The sky is blue."],
        }
    ).meets_metric(Faithfulness())
    after = recorded_scores()
    assert len(after) == before + 1
    assert after[-1].test_id is not None
    assert after[-1].test_id.endswith("test_meets_metric_accepts_a_row_and_records_the_score")


PLUGIN_TESTS = """
import pytest
from faithcheck import Faithfulness, TestCase
from faithcheck.testing import assert_that

CASE = TestCase(
    input_id="seed-003-a",
    prompt="What is our return window?",
    sut_response="You can return items within 30 days. We offer free return shipping.",
    retrieved_context=["Customers may return items within 30 days of purchase.",
                       "Return shipping is free for defective items only."],
)

@pytest.mark.faithcheck
def test_fails():
    assert_that(CASE).meets_metric(Faithfulness(0.8))

@pytest.mark.faithcheck
def test_passes():
    assert_that(CASE).meets_metric(Faithfulness(0.4))

def test_recorded_by_fixture(faithcheck_record):
    faithcheck_record(Faithfulness().evaluate(CASE))
"""


def test_plugin_prints_a_summary_table(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_rag=PLUGIN_TESTS)
    report = pytester.path / "scores.jsonl"
    result = pytester.runpytest("-p", "no:cacheprovider", "--strict-markers", f"--faithcheck-report={report}")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*faithcheck summary*",
            "*faithcheck: 3 scores*",
            "*test_rag.py::test_fails*seed-003-a*0.500*0.8*FAIL*",
            "*test_rag.py::test_passes*seed-003-a*0.500*0.4*PASS*",
            "*[[]overclaim[]] 'We offer free return shipping.'*",
        ]
    )
    assert len(report.read_text().splitlines()) == 3


def test_a_report_path_that_cannot_be_written_is_a_usage_error_before_any_test(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_rag=PLUGIN_TESTS)
    (pytester.path / "notes.txt").write_text("a file, not a folder")
    result = pytester.runpytest("-p", "no:cacheprovider", f"--faithcheck-report={pytester.path}/notes.txt/s.jsonl")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--faithcheck-report: cannot write */notes.txt/s.jsonl: */notes.txt is not a folder"])
    assert "passed" not in result.stdout.str()  # no test ran


def test_a_report_that_fails_at_the_end_says_so_without_an_internal_error(pytester: pytest.Pytester) -> None:
    folder = pytester.path / "out"  # made when the session starts; a test then puts a file in its place
    pytester.makepyfile(
        test_rag=PLUGIN_TESTS,
        test_zz_break=f"import shutil\n\ndef test_break():\n    shutil.rmtree({str(folder)!r})\n"
        f"    open({str(folder)!r}, 'w').close()\n",
    )
    result = pytester.runpytest("-p", "no:cacheprovider", f"--faithcheck-report={folder}/scores.jsonl")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(["*faithcheck summary*", f"faithcheck: cannot write {folder}/scores.jsonl: *"])
    assert "INTERNALERROR" not in result.stdout.str()


def test_plugin_marker_selects_tests(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_rag=PLUGIN_TESTS)
    result = pytester.runpytest("-p", "no:cacheprovider", "-m", "faithcheck")
    result.assert_outcomes(passed=1, failed=1, deselected=1)


def test_plugin_is_quiet_without_scores(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain="def test_x():\n    assert True\n")
    result = pytester.runpytest("-p", "no:cacheprovider")
    assert "faithcheck summary" not in result.stdout.str()


def test_an_invalid_case_fails_at_the_test_line_naming_the_field(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_bad="""
from faithcheck import Faithfulness
from faithcheck import InputError
from faithcheck.testing import assert_that
import pytest

ROW = {"input_id": "x", "prompt": "Q?", "sut_response": "A.", "retrieved_context": 5}

def test_bad_case():
    assert_that(ROW).meets_metric(Faithfulness())

def test_still_an_input_error():
    with pytest.raises(InputError, match="retrieved_context"):
        assert_that(ROW)
"""
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*InputError: input_id='x': field 'retrieved_context': must be a list*",
            "test_bad.py:*: InputError",
        ]
    )
    assert "rows.py" not in result.stdout.str()  # the traceback stops at the test's line
