"""The second reader and the confidence of a calculator answer (tools/extraction/confidence.py), on sentences
written for these tests; and the answer policy's fields in `bench medcalc` (app/bench/calibration.py)."""

from __future__ import annotations

import pytest

from medmirror.bench.calibration import hold_back, risk_coverage
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.confidence import NoteReader, assess, doubts_of, second_reader
from medmirror.tools.extraction.grounding import rule_arguments

CHADS = CALCULATORS["cha2ds2_vasc"]
BASE = "A 72-year-old woman with atrial fibrillation. Treated for hypertension. No diabetes. "
# a stroke in words the rules do not read (the second reader does)
UNREAD_STROKE = "In 2019 she was admitted with an infarct of the cerebral cortex."


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
    conf = _assess(CHADS, BASE + UNREAD_STROKE)
    assert conf.value == 3 and conf.low == 3 and conf.high == 5 and conf.range_text() == "3-5"
    assert conf.uncertain(0.7) and [d.input for d in conf.doubts] == ["stroke"]
    assert conf.doubts[0].value_if == 5 and conf.doubts[0].kind == "documented"
    assert "infarct of the cerebral cortex" in conf.reasons()[0]


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
    conf = _assess(CHADS, BASE + UNREAD_STROKE).to_dict()
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


# --- readings at other times, findings graded later, implied criteria (session 25) ---------------------------------

MELD = CALCULATORS["meld_na"]
LIVER = ("A 56-year-old man with alcohol-related cirrhosis, never dialysed. {first} "
         "Blood tests on the day of assessment showed sodium 129 mEq/L, creatinine 1.9 mg/dL, "
         "total bilirubin 4.2 mg/dL and INR 2.1.")


def test_a_past_reading_used_beside_a_current_one_is_a_doubt_that_moves_the_value():
    note = LIVER.format(first="At his first clinic visit in January his bilirubin was 2.8 mg/dL and his INR 1.7.")
    conf = _assess(MELD, note)
    kinds = {(d.input, d.kind) for d in conf.doubts}
    assert ("bilirubin", "time_point") in kinds and ("inr", "time_point") in kinds
    assert conf.uncertain(0.7) and conf.low < conf.high
    assert any("4.2" in r for r in conf.reasons())


def test_a_reading_after_treatment_is_no_rival_of_the_presenting_one():
    gbs = CALCULATORS["glasgow_blatchford"]
    note = ("A 60-year-old man with melaena. Heart rate 96, blood pressure 112/70 mmHg, haemoglobin 9.1 g/dL, "
            "BUN 30 mg/dL. After two units of red cells the haemoglobin was 10.4 g/dL.")
    conf = _assess(gbs, note)
    assert not [d for d in conf.doubts if d.kind == "time_point"]


def test_a_finding_graded_from_later_in_the_course_is_a_doubt():
    gcs = CALCULATORS["glasgow_coma_scale"]
    note = ("A 72-year-old man was found at the bottom of his stairs. He opened his eyes to voice and was confused. "
            "Six hours later, after observation on the ward, he was obeying commands.")
    g = rule_arguments(gcs, note)
    if g.args.get("motor") != "obeys commands":
        pytest.skip("the rules no longer read the later motor response")  # nothing to doubt then
    conf = assess(gcs, g.args, g.params, note)
    assert [d.input for d in conf.doubts if d.kind == "time_point"] == ["motor"]
    assert conf.uncertain(0.7)


@pytest.mark.parametrize("calc_id, field, sentence, strong", [
    ("heart_score", "hypercholesterolemia", "He takes rosuvastatin every night.", True),  # a statin
    ("wells_pe", "dvt_signs", "On examination the right calf was swollen and tender.", True),
    ("rcri", "elevated_risk_surgery", "Open transperitoneal repair of his aneurysm was planned.", True),
    ("cha2ds2_vasc", "hypertension", "He takes ramipril.", False),  # ACE inhibitors: heart failure too
])
def test_implied_wordings_support_their_criterion(calc_id, field, sentence, strong):
    calc = CALCULATORS[calc_id]
    doubt, found = second_reader(calc, field, NoteReader("A 66-year-old man. " + sentence))
    assert found and doubt == (0.6 if strong else 0.2)


@pytest.mark.parametrize("calc_id, field, sentence", [
    ("has_bled", "hypertension", "Her blood pressure is well controlled on amlodipine."),  # uncontrolled only
    ("heart_score", "hypercholesterolemia", "He has hypertriglyceridaemia and takes amlodipine."),  # not a 'hypert-'
    ("psi", "liver_disease", "She takes ramipril for heart failure."),  # 'portal hypertension' is not hypertension
    ("wells_dvt", "previous_dvt", "The right calf was swollen."),  # a sign now is no previous DVT
])
def test_implied_wordings_stay_with_their_own_criterion(calc_id, field, sentence):
    assert second_reader(CALCULATORS[calc_id], field, NoteReader("A 66-year-old. " + sentence)) == (0.0, [])


def test_a_criterion_of_the_presentation_read_from_later_in_the_course_is_a_doubt():
    curb = CALCULATORS["curb_65"]
    note = ("An 84-year-old woman with pneumonia was alert and oriented on arrival. Respiratory rate 24, blood "
            "pressure 132/76 mmHg, urea 12.4 mmol/L. Overnight she became more muddled and the night doctor "
            "diagnosed delirium.")
    g = rule_arguments(curb, note)
    if g.args.get("confusion") is not True:
        pytest.skip("the rules no longer read the later confusion")  # nothing to doubt then
    conf = assess(curb, g.args, g.params, note)
    assert [(d.input, d.alternative) for d in conf.doubts if d.kind == "time_point"] == [("confusion", False)]


def test_a_history_criterion_told_later_in_the_story_is_no_doubt():
    note = BASE + ("Last spring his face went numb for forty minutes; by the time he reached hospital it had resolved, "
                   "and he was discharged with a diagnosis of transient ischaemic attack.")
    conf = _assess(CHADS, note)
    assert not [d for d in conf.doubts if d.kind == "time_point"]


def test_a_bracketed_aside_does_not_time_the_reading_after_it():
    gbs = CALCULATORS["glasgow_blatchford"]
    note = ("A 45-year-old man with melaena. Heart rate 104, blood pressure 118/72 mmHg. Blood tests on arrival "
            "showed haemoglobin 13.4 g/dL (14.8 g/dL at his clinic visit two months earlier), urea 5.1 mmol/L. "
            "Six hours later the haemoglobin was 12.2 g/dL and the urea 7.4 mmol/L.")
    g = rule_arguments(gbs, note)
    conf = assess(gbs, g.args, g.params, note)
    if g.args.get("bun") and abs(g.args["bun"] - 5.1 * 2.801) > 0.1:  # the later urea used: the arrival one rivals it
        assert "bun" in [d.input for d in conf.doubts if d.kind == "time_point"] and conf.uncertain(0.7)


HASBLED = CALCULATORS["has_bled"]
ALCOHOL_BASE = ("A 71-year-old man with atrial fibrillation was reviewed before anticoagulation. He had never had a stroke, "
                "his kidneys and liver were normal and he took no aspirin. ")


def test_an_unread_quantity_the_note_mentions_is_a_doubt_with_the_range_it_allows():
    note = ALCOHOL_BASE + "He still drinks most evenings, a bottle of red wine or more, and his wife is worried."
    conf = _assess(HASBLED, note)
    unread = [d for d in conf.doubts if d.kind == "unread"]
    assert [d.input for d in unread] == ["alcohol_drinks_per_week"]
    assert conf.high > conf.low and "drinks most evenings" in " ".join(conf.reasons())


def test_an_unread_quantity_the_note_does_not_mention_is_no_doubt():
    conf = _assess(HASBLED, ALCOHOL_BASE + "He walks his dog every day.")
    assert not [d for d in conf.doubts if d.kind == "unread"]


def test_a_quantity_the_calculator_computes_from_others_is_not_unread():
    sofa = CALCULATORS["sofa"]
    note = ("A 66-year-old woman in septic shock: blood pressure 84/46 mmHg on arrival, the mean arterial pressure "
            "was not recorded. Platelets 88 x10^9/L, bilirubin 2.4 mg/dL, creatinine 2.1 mg/dL, GCS 14.")
    conf = _assess(sofa, note)
    assert "mean_arterial_pressure" not in {d.input for d in conf.doubts if d.kind == "unread"}




@pytest.mark.parametrize("calc_id, name, value, sentence", [
    # a lab named with its reading is what an unread quantity looks like
    ("apache_ii", "creatinine", None, "Renal: urine output fell overnight; creatinine 1.6 mg/dL against 0.7 mg/dL."),
    # a vasopressor left at its 'none' default (0) while the note gives its dose
    ("sofa", "dopamine", 0.0, "Her pressure was 84/50 mmHg on a dopamine infusion of 7 micrograms/kg/min."),
    ("sofa", "norepinephrine", 0.0, "CV: remains on norepinephrine, weaned from 0.15 to 0.08 mcg/kg/min."),
])
def test_an_unread_quantity_named_with_its_reading_is_a_doubt(calc_id: str, name: str, value, sentence: str) -> None:
    calc = CALCULATORS[calc_id]
    doubts, _ = doubts_of(calc, [{"name": name, "status": "assumed", "source": "default", "value": value}], sentence)
    assert [d.input for d in doubts if d.kind == "unread"] and all(d.input == name for d in doubts)
    assert sentence in doubts[0].sentences[0]["text"]


@pytest.mark.parametrize("name, sentence", [
    ("epinephrine", "CV: remains on norepinephrine, weaned from 0.15 to 0.08 mcg/kg/min, the lowest dose so far."),
    ("dopamine", "He needed no vasoactive infusion; the lowest dose of fentanyl was 25 mcg an hour."),
])
def test_a_dose_of_another_drug_is_no_unread_vasopressor(name: str, sentence: str) -> None:
    doubts, _ = doubts_of(CALCULATORS["sofa"], [{"name": name, "status": "assumed", "source": "default",
                                                 "value": 0.0}], sentence)
    assert not doubts

@pytest.mark.parametrize("calc_id, field, sentence", [
    ("heart_score", "hypertension", "On arrival her blood pressure was 124/78 mmHg and her pulse 80."),  # a reading
    ("has_bled", "liver_disease", "Bloods today: bilirubin 0.6 mg/dL, ALT 19 U/L, INR 2.8."),  # a threshold's lab
    ("has_bled", "liver_disease", "Renal and liver function tests were normal."),
    ("has_bled", "liver_disease", "Bloods showed normal liver function tests."),
    ("apache_ii", "chronic_renal_failure", "The team recorded an acute kidney injury from dehydration."),
    ("perc_rule", "previous_pe", "CT pulmonary angiography showed a segmental embolus on the left."),  # this event
    ("wells_dvt", "previous_dvt", "Cellulitis was thought at least as likely as a deep vein thrombosis."),
    ("caprini_vte", "plaster_cast_last_month", "After the operation he stayed in bed for five days."),
])
def test_the_second_reader_does_not_take_a_reading_or_this_event_for_the_criterion(calc_id, field, sentence):
    calc = CALCULATORS[calc_id]
    doubt, found = second_reader(calc, field, NoteReader("A 66-year-old patient. " + sentence))
    assert doubt < 0.6, found  # at most a weak doubt


@pytest.mark.parametrize("calc_id, field, sentence", [
    ("perc_rule", "previous_pe", "She had a pulmonary embolism in 2017 after a long flight."),
    ("wells_dvt", "previous_dvt", "He has had two deep vein thromboses in the left leg."),
    ("apache_ii", "chronic_renal_failure", "He has chronic kidney disease stage 4 from diabetic nephropathy."),
])
def test_the_second_reader_still_finds_the_past_event_and_the_chronic_disease(calc_id, field, sentence):
    doubt, found = second_reader(CALCULATORS[calc_id], field, NoteReader("A 66-year-old patient. " + sentence))
    assert doubt == 0.6 and found


def test_an_onset_named_by_weekday_is_a_doubt_on_rapid_attendance() -> None:
    # the rule cannot count the days without the visit's weekday: the second reader sees the onset
    calc = CALCULATORS["feverpain"]
    doubt, found = second_reader(calc, "rapid_attendance", NoteReader("A 30-year-old. Her sore throat started on Saturday."))
    assert doubt > 0 and "Saturday" in found[0]["text"]
    # near miss: a weekday that is not an onset
    assert second_reader(calc, "rapid_attendance", NoteReader("A 30-year-old. Review booked for Saturday.")) == (0.0, [])


def test_a_model_value_dropped_as_unsupported_keeps_the_second_readers_doubt() -> None:
    """The model named hypertension but the checks dropped it (not in the note's words they know): the default applies,
    and the second reader must still see the antihypertensives, as for a criterion the rules assumed absent."""
    calc = CALCULATORS["cha2ds2_vasc"]
    note = "She takes lisinopril 20 mg and amlodipine 5 mg each morning, and metformin 1 g twice daily."
    dropped = {"name": "hypertension", "status": "unsupported", "source": "default", "value": False,
               "note": "not found in the note; dropped (calculator default False applies)"}
    assumed = {**dropped, "status": "assumed", "note": ""}
    for p in (assumed, dropped):
        doubts, absent = doubts_of(calc, [p], note)
        assert [d.input for d in doubts] == ["hypertension"] and absent == 1, p["status"]
    # a dropped value with nothing to fall back on is not a criterion assumed absent
    doubts, absent = doubts_of(calc, [{**dropped, "source": "none", "value": None}], note)
    assert not doubts and absent == 0
