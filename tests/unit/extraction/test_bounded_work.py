"""Issue 12, item 5: large notes are read completely, one over the limit is refused.

How the work grows with the note is measured by ``medmirror bench extraction`` (CPU seconds
at n and 4n for the patterns that were once quadratic or cubic), not asserted here: speed is a
benchmark's business. These tests check what the large inputs must give.
"""

from __future__ import annotations

import pytest

from medmirror.bench.extraction_speed import PATTERNS, ages_note, measure, realistic_note, report
from medmirror.core.limits import MAX_NOTE_CHARS, InputTooLarge
from medmirror.tools.extraction import extract
from medmirror.tools.extraction.calculator_map import CALCULATOR_MAP
from medmirror.tools.extraction.demographics import _age_candidates


def test_every_age_mention_of_a_large_note_is_found_once():
    large = ages_note(2400)
    assert len(large) < MAX_NOTE_CHARS
    assert len(_age_candidates(large)) == 3 * 2400
    e = extract(large)
    # 'his 1-year-old son, aged 30': the son's age is another person's (Extraction.others), the rest alternatives
    assert len(e["age"].alternatives) + len(e.others["age"]) == 3 * 2400 - 1 and len(e.others["age"]) == 2400


def test_a_long_sentence_of_repeated_findings_is_read_as_such():
    e = extract("no chest pain " * 400)
    assert e.has_finding("chest_pain") is False and len(e.findings_for("chest_pain")) == 400
    family = extract("mother had DVT " * 400)
    assert all(f.family for f in family.findings_for("dvt")) and family.has_finding("dvt") is None
    labs = extract("creatinine 2.1 mg/dL " * 400)
    assert labs["creatinine"].value == 2.1 and len(labs["creatinine"].alternatives) == 399


def test_a_five_thousand_word_note_is_read():
    e = extract(realistic_note(5000))
    assert e["creatinine"].value == 2.1 and len(e["creatinine"].alternatives) > 10


def test_the_extraction_benchmark_reports_every_pattern():
    result = measure(scale=0.02)
    assert [s["pattern"] for s in result["scaling"]] == list(PATTERNS)
    assert all(s["chars"][1] > 3 * s["chars"][0] for s in result["scaling"])
    assert {c["calculator"] for c in result["calculators"]} == set(CALCULATOR_MAP)
    text = report(result)
    assert "realistic note:" in text and "growth" in text and "calculator inputs" in text


def test_note_over_the_limit_is_refused_naming_the_limit():
    with pytest.raises(InputTooLarge, match="MAX_NOTE_CHARS"):
        extract("x" * (MAX_NOTE_CHARS + 1))
    extract("x" * MAX_NOTE_CHARS)  # at the limit: fine
