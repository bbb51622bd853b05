"""The second reader and the confidence of a calculator answer (tools/extraction/confidence.py), on sentences
written for these tests; and the answer policy's fields in `bench medcalc` (app/bench/calibration.py)."""

from __future__ import annotations

import pytest

from medmirror.bench.calibration import hold_back, risk_coverage
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.confidence import NoteReader, assess, second_reader
from medmirror.tools.extraction.grounding import rule_arguments

CHADS = CALCULATORS["cha2ds2_vasc"]
BASE = "A 72-year-old woman with atrial fibrillation. Treated for hypertension. No diabetes. "


def _assess(calc, note):
    g = rule_arguments(calc, note)
    return assess(calc, g.args, g.params, note)


@pytest.mark.parametrize("sentence, field", [
    ("In 2019 she was admitted with a left middle cerebral artery infarct and recovered well.", "stroke"),
    ("She walks with a cane since an infarct of the cerebral cortex in 2015.", "stroke"),
    ("Carotid endarterectomy was done for aortic plaque seen on imaging.", "vascular_disease"),
])
def test_the_second_reader_finds_a_criterion_written_in_other_words(sentence, field):
    doubt, sentences = second_reader(CHADS, field, NoteReader(BASE + sentence))
    assert doubt > 0 and sentences and sentence.split()[0] in sentences[0]["text"]


@pytest.mark.parametrize("sentence, field", [
    ("There is no history of cerebral artery infarct.", "stroke"),  # negated
    ("Her mother had a cerebral artery infarct at 60.", "stroke"),  # a relative's
    ("If a cerebral artery infarct occurs she should call 999.", "stroke"),  # hypothetical
    ("Her legs appear to be unaffected by swelling.", "vascular_disease"),  # nothing of the criterion
    ("Liver function tests and renal panel are within normal limits.", "vascular_disease"),
])
def test_the_second_reader_ignores_denied_hypothetical_and_relatives_mentions(sentence, field):
    assert second_reader(CHADS, field, NoteReader(BASE + sentence)) == (0.0, [])


def test_for_a_current_criterion_a_past_mention_is_no_support():
    wells = CALCULATORS["wells_pe"]
    note = "55-year-old with pleuritic chest pain. Provoked DVT of the right leg in 2019, treated for 3 months."
    g = rule_arguments(wells, note)
    conf = assess(wells, g.args, g.params, note)
    assert "dvt_signs" not in [d.input for d in conf.doubts]


def test_a_documented_looking_criterion_makes_the_answer_uncertain_with_its_range():
    conf = _assess(CHADS, BASE + "In 2019 she was admitted with a left middle cerebral artery infarct.")
    assert conf.value == 3 and conf.low == 3 and conf.high == 5 and conf.range_text() == "3-5"
    assert conf.uncertain(0.7) and [d.input for d in conf.doubts] == ["stroke"]
    assert conf.doubts[0].value_if == 5 and conf.doubts[0].kind == "documented"
    assert "cerebral artery infarct" in conf.reasons()[0]


def test_a_note_that_settles_the_criteria_is_confident():
    conf = _assess(CHADS, BASE + "No prior stroke or TIA.")
    assert conf.value == 3 and not conf.uncertain(0.7) and conf.doubts == []
    assert conf.range_text() == "3"


def test_two_doubts_combine_into_the_whole_range():
    note = (BASE + "In 2019 she was admitted with a left middle cerebral artery infarct. "
                   "She also had a femoral artery occlusion treated with a stent.")
    conf = _assess(CHADS, note)
    inputs = {d.input for d in conf.doubts}
    if "vascular_disease" in inputs:  # read by the second reader (the rules may read it themselves)
        assert conf.high == 6
    assert conf.low == min(conf.values) and conf.high == max(conf.values)


def test_conflicting_readings_are_a_doubt_and_move_the_value():
    bmi = CALCULATORS["bmi"]
    params = [{"name": "weight", "status": "conflict", "value": 150.0, "source": "rule",
               "alternatives": [{"value": 70.0, "sentence": "Weight 70 kg.", "start": 20, "end": 33}]},
              {"name": "height", "status": "rule", "value": 175.0, "source": "rule"}]
    conf = assess(bmi, {"weight": 150.0, "height": 175.0}, params, "The weight is 150 kg. Weight 70 kg. Height 175 cm.")
    (d,) = [d for d in conf.doubts if d.kind == "conflict"]
    assert d.input == "weight" and d.alternative == 70.0 and conf.uncertain(0.7)
    assert conf.low == pytest.approx(70 / 1.75 ** 2) and conf.high == pytest.approx(150 / 1.75 ** 2)


def test_a_judgement_left_at_its_default_is_a_doubt_when_it_matters():
    wells = CALCULATORS["wells_pe"]
    note = "A 40-year-old man with pleuritic chest pain and a heart rate of 110. No leg swelling."
    conf = _assess(wells, note)
    assert "pe_most_likely" in [d.input for d in conf.doubts if d.kind == "judgement"]


def test_hold_back_writes_the_policy_fields():
    rec = {"got": 3, "correct": True}
    conf = _assess(CHADS, BASE + "In 2019 she was admitted with a left middle cerebral artery infarct.").to_dict()
    hold_back(rec, conf, 0.7, "calibrated")
    assert rec["abstained"] is True and rec["got"] is None and rec["held_value"] == 3 and rec["held_correct"] is True
    assert rec["uncertain_inputs"] == ["stroke"] and rec["value_range"] == "3-5" and rec["confidence"] < 0.7
    kept = {"got": 3, "correct": True}
    hold_back(kept, conf, 0.7, "always")
    assert kept["got"] == 3 and kept["abstained"] is False and kept["uncertain"] is True


def test_risk_coverage_counts_answered_held_back_and_refused_rows():
    records = [
        {"got": 1, "correct": True, "confidence": 0.99},
        {"got": 2, "correct": True, "confidence": 0.95},
        {"got": 3, "correct": False, "confidence": 0.9},
        {"got": None, "abstained": True, "held_correct": False, "confidence": 0.3, "uncertain_inputs": ["x"]},
        {"got": None, "error": "missing weight"},
    ]
    s = risk_coverage(records)
    assert s["rows"] == 5 and s["answered"] == 3 and s["abstained"] == 1 and s["refused_or_error"] == 1
    assert s["coverage"] == 0.6 and s["precision"] == pytest.approx(2 / 3, abs=1e-4) and s["accuracy"] == 0.4
    # ranked 0.99 ok, 0.95 ok, 0.9 wrong, 0.3 wrong: risks 0, 0, 1/3, 1/2
    assert s["aurc"] == pytest.approx((0 + 0 + 1 / 3 + 1 / 2) / 4, abs=1e-4)
    assert s["precision_at_coverage"]["50"] == pytest.approx(2 / 3, abs=1e-4)
    assert s["precision_at_coverage"]["95"] is None  # 4 of 5 rows at most have a value
