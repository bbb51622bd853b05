"""Rule extraction of calculator inputs (medmirror.tools.extraction.grounding.rule_arguments) on short synthetic notes.

One test per value family: numbers with unit conversion, sex, findings with negation and
time frame, absent findings assumed, categorical grades, medications and dates; plus the
map's coverage of every calculator input and evidence spans that point at their text.
"""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.extraction.calc_sources import Config, Judgement
from medmirror.tools.extraction.calculator_map import CALCULATOR_MAP, describe, source_for
from medmirror.tools.extraction.grounding import STATUSES, reads_vignette, rule_arguments

C = CALCULATORS


def args_of(calc_id: str, note: str, question: str = "") -> dict:
    return rule_arguments(C[calc_id], note, question=question).args


def status(calc_id: str, note: str, field: str) -> str:
    return rule_arguments(C[calc_id], note).param(field).status


# --- map coverage -----------------------------------------------------------------------


def test_map_covers_every_input_of_every_calculator() -> None:
    medcalc = {cid: calc for cid, calc in C.items() if calc.medcalc_id is not None}
    assert len(medcalc) == 55
    for cid, calc in medcalc.items():
        assert set(CALCULATOR_MAP[cid]) == set(calc.inputs.model_fields), cid
        assert all(isinstance(text, str) and text for text in describe(cid).values())


def test_unknown_input_is_named() -> None:
    with pytest.raises(KeyError, match="'bogus' is not in the field map"):
        source_for("bmi", "bogus")
    with pytest.raises(KeyError, match="no field map"):
        source_for("nope", "age")


# --- numbers ------------------------------------------------------------------------------


def test_numbers_are_converted_to_the_inputs_units() -> None:
    note = "A 70-year-old woman who weighs 154 lb and is 5 ft 4 in tall. Serum creatinine 88 µmol/L."
    a = args_of("creatinine_clearance", note)
    assert a["age"] == 70 and a["sex"] == "female"
    assert a["weight"] == pytest.approx(154 * 0.45359237)  # lb -> kg
    assert a["height"] == pytest.approx(64 * 2.54)  # 5 ft 4 in = 64 in
    assert a["creatinine"] == pytest.approx(88 / 88.4, rel=1e-3)  # creatinine 88.4 µmol/L = 1 mg/dL


def test_temperature_counts_and_urea_conversions() -> None:
    centor = args_of("centor_mcisaac", "A 16-year-old boy. Temperature 101.3 °F.")
    assert centor["temperature"] == pytest.approx((101.3 - 32) * 5 / 9)  # 38.5 °C
    fib4 = args_of("fib4", "A 52-year-old man. AST 80 U/L, ALT 60 U/L, platelets 150,000/µL.")
    assert fib4["platelets"] == pytest.approx(150.0)  # 150,000 /µL = 150 x 10^9/L
    sirs = args_of("sirs_criteria", "WBC 13.2 x 10^3/µL, heart rate 95 bpm.")
    assert sirs["wbc"] == pytest.approx(13200.0)  # SIRS takes cells per µL
    gbs = args_of("glasgow_blatchford", "Serum urea 10 mmol/L.")
    assert gbs["bun"] == pytest.approx(10 * 2.8014, rel=1e-3)  # urea mmol/L x 2.8 = BUN mg/dL


def test_lab_written_after_its_disorder() -> None:
    a = args_of("sodium_correction_hyperglycemia", "Labs showed hyperglycemia at 350 mg/dL and hyponatremia at 132 mEq/L.")
    assert a == {"sodium": 132.0, "glucose": 350.0}


def test_missing_required_number_is_missing_and_the_calculator_names_it() -> None:
    g = rule_arguments(C["bmi"], "A man who weighs 80 kg.")
    assert g.param("height").status == "missing" and g.param("height").value is None
    assert "height" in g.missing
    with pytest.raises(CalculatorInputError, match="missing height"):
        C["bmi"].run(g.args)


def test_out_of_range_value_is_flagged_not_used() -> None:
    """A value the calculator cannot take is not used; the call says what the note gives, not 'missing'."""
    g = rule_arguments(C["framingham_hard_chd"], "A 13-year-old boy.")
    assert g.param("age").status == "missing" and g.param("age").value is None and "age" in g.missing
    assert g.rejected == {"age": "the note gives 13 years, outside 18-120 years"}
    assert any(f.startswith("age:") and "not used" in f for f in g.flags)
    with pytest.raises(CalculatorInputError, match="age: the note gives 13 years, outside 18-120 years") as e:
        C["framingham_hard_chd"].run(g.args)
    assert "missing age" not in str(e.value)


# --- findings: negation, history, family, absent ---------------------------------------


def test_negated_findings_are_false_with_the_negated_mention_as_evidence() -> None:
    note = "A 76-year-old woman. No history of CHF. She denies hemoptysis. Denies diabetes."
    g = rule_arguments(C["cha2ds2_vasc"], note)
    chf = g.param("congestive_heart_failure")
    assert (chf.value, chf.status) == (False, "rule") and chf.evidence["text"] == "CHF"
    assert "negated" in chf.note
    assert g.args["diabetes"] is False
    assert rule_arguments(C["wells_pe"], note).args["hemoptysis"] is False


def test_absent_findings_are_assumed_with_the_calculators_default() -> None:
    g = rule_arguments(C["cha2ds2_vasc"], "A 76-year-old woman with atrial fibrillation.")
    for name in ("stroke", "tia", "diabetes", "vascular_disease"):
        p = g.param(name)
        assert (p.status, p.value, p.source, p.evidence) == ("assumed", False, "default", None)
        assert name not in g.args  # left to the calculator, which reports it as assumed
    assert set(C["cha2ds2_vasc"].run(g.args).assumed) >= {"stroke", "tia", "diabetes"}


def test_history_items_need_a_past_mention_current_items_a_present_one() -> None:
    note = "A 50-year-old man with a history of DVT in 2019. CT angiography today shows a pulmonary embolism."
    g = rule_arguments(C["wells_pe"], note)
    assert g.args["previous_dvt"] is True
    assert g.param("previous_pe").status == "assumed"  # the current PE is not a *previous* one
    smoker = "A 60-year-old man, former smoker who quit 10 years ago."
    assert args_of("framingham_hard_chd", smoker)["smoker"] is False
    assert args_of("framingham_hard_chd", "A 60-year-old man with a history of smoking.")["smoker"] is True


def test_family_history_is_not_the_patients() -> None:
    g = rule_arguments(C["caprini_vte"], "A 45-year-old woman. Her mother had a DVT.")
    assert g.args["family_history_thrombosis"] is True
    assert g.param("previous_dvt").status == "assumed"


def test_inverted_criterion_cough_absent() -> None:
    assert args_of("centor_mcisaac", "A 20-year-old. He denies cough.")["cough_absent"] is True
    assert args_of("centor_mcisaac", "A 20-year-old with a dry cough.")["cough_absent"] is False
    assert status("centor_mcisaac", "A 20-year-old.", "cough_absent") == "assumed"  # default True


def test_elevated_reading_is_not_a_hypertension_diagnosis() -> None:
    assert status("cha2ds2_vasc", "Elevated blood pressure was noted at admission.", "hypertension") == "assumed"
    assert args_of("cha2ds2_vasc", "Hypertension treated with lisinopril.")["hypertension"] is True


def test_medications_decide_drug_criteria() -> None:
    a = args_of("has_bled", "A 70-year-old on warfarin. Takes aspirin 81 mg daily. Drinks 2 beers a day.")
    assert a["bleeding_medication"] is True and a["alcohol_drinks_per_week"] == 14.0  # 2/day x 7
    assert args_of("has_bled", "A 70-year-old. He denies alcohol.")["alcohol_drinks_per_week"] == 0.0


# --- categories -----------------------------------------------------------------------------


@pytest.mark.parametrize(("note", "eye", "verbal", "motor"), [
    ("He opens his eyes to pain, makes incomprehensible sounds and withdraws from pain.",
     "eye opening to pain", "incomprehensible sounds", "withdrawal from pain"),
    ("GCS E3V4M6 on arrival.", "eye opening to verbal command", "confused", "obeys commands"),
    ("No eye opening, no verbal response, decerebrate posturing.", "no eye opening", "no verbal response", "extension to pain"),
])
def test_gcs_components(note: str, eye: str, verbal: str, motor: str) -> None:
    assert args_of("glasgow_coma_scale", note) == {"eye": eye, "verbal": verbal, "motor": motor}


def test_child_pugh_grades() -> None:
    a = args_of("child_pugh", "Cirrhosis with tense ascites and grade 3 hepatic encephalopathy.")
    assert (a["ascites"], a["encephalopathy"]) == ("moderate", "grade 3-4")
    b = args_of("child_pugh", "Mild ascites on ultrasound. Asterixis present.")
    assert (b["ascites"], b["encephalopathy"]) == ("slight", "grade 1-2")
    c = args_of("child_pugh", "No ascites. No asterixis or encephalopathy.")
    assert (c["ascites"], c["encephalopathy"]) == ("absent", "none")


def test_charlson_categories() -> None:
    a = args_of("charlson", "A 72-year-old with type 2 diabetes complicated by retinopathy, metastatic colon cancer, "
                            "and cirrhosis with esophageal varices. CKD stage 4.")
    assert a["diabetes"] == "end-organ damage" and a["solid_tumor"] == "metastatic"
    assert a["liver_disease"] == "moderate to severe" and a["moderate_severe_ckd"] is True
    b = args_of("charlson", "A 66-year-old with diet-controlled diabetes and localized prostate cancer. CKD stage 2.")
    assert b["diabetes"] == "none or diet-controlled" and b["solid_tumor"] == "localized"
    assert b["moderate_severe_ckd"] is False


def test_heart_score_ecg_and_troponin() -> None:
    a = args_of("heart_score", "A 58-year-old man. ECG showed ST depression in V4-V6. Troponin was normal.")
    assert a["ecg"] == "significant st deviation" and a["initial_troponin"] == "<= normal limit"
    assert args_of("heart_score", "ECG: left bundle branch block.")["ecg"] == "non-specific repolarization disturbance"
    assert status("heart_score", "A 58-year-old man.", "history") == "assumed"  # a judgement rules do not make


# --- dosage and dates ----------------------------------------------------------------------


def test_steroid_from_note_target_from_question() -> None:
    g = rule_arguments(C["steroid_conversion"], "Patient takes prednisone 40 mg PO daily.",
                       question="What is the equivalent dose of dexamethasone IV?")
    assert g.args == {"input_steroid": "PredniSONE PO", "dose": 40.0, "target_steroid": "Dexamethasone IV"}
    assert g.param("target_steroid").evidence["where"] == "question"
    assert C["steroid_conversion"].run(g.args).value == pytest.approx(40 * 0.75 / 5)  # 6 mg


def test_opioid_list_and_missing_frequency() -> None:
    a = args_of("morphine_milligram_equivalents", "He takes oxycodone 10 mg every 6 hours and a fentanyl patch 25 mcg/hr.")
    meds = {m["drug"]: m for m in a["medications"]}
    assert meds["OxyCODONE"]["doses_per_day"] == 4.0 and meds["FentANYL patch"]["dose"] == 25.0
    assert C["morphine_milligram_equivalents"].run(a).value == pytest.approx(10 * 4 * 1.5 + 25 * 2.4)  # 60 + 60
    # a drug without its frequency: the list is missing rather than a partial total
    assert status("morphine_milligram_equivalents", "He takes oxycodone 10 mg and morphine 15 mg twice daily.",
                  "medications") == "missing"


def test_vasopressor_doses_and_dates() -> None:
    a = args_of("sofa", "On norepinephrine at 0.12 mcg/kg/min and dopamine at 4 mcg/kg/min. Urine output 20 mL/hour.")
    assert (a["norepinephrine"], a["dopamine"], a["urine_output"]) == (0.12, 4.0, 480.0)  # 20 mL/h x 24
    d = args_of("estimated_gestational_age", "Her last menstrual period was on 01/10/2023. Today's date is 05/01/2023.")
    assert d == {"last_menstrual_date": "2023-01-10", "current_date": "2023-05-01"}


def test_method_parameters_and_judgements_are_never_read() -> None:
    g = rule_arguments(C["delta_ratio"], "Sodium 140, chloride 100, bicarbonate 12 mEq/L. Normal anion gap is 10.")
    p = g.param("normal_anion_gap")
    assert p.status == "assumed" and p.value == 12.0 and "method parameter" in p.note
    assert isinstance(source_for("delta_ratio", "normal_anion_gap"), Config)
    assert isinstance(source_for("wells_pe", "pe_most_likely"), Judgement)
    # a judgement is read only where the note writes it out; otherwise it stays the model's (or the default)
    pe = rule_arguments(C["wells_pe"], "Heart rate 110. Pulmonary embolism is on the differential.").param("pe_most_likely")
    assert pe.status == "assumed" and "rules cannot decide" in pe.note


# --- invariants ----------------------------------------------------------------------------

NOTES = [
    "A 67-year-old man weighs 70 kg, height 175 cm, BP 150/90 mmHg, HR 104 bpm, RR 24, temp 38.9 C, SpO2 91% on room air. "
    "Na 131, K 5.1, Cl 98, HCO3 18 mEq/L, BUN 40 mg/dL, creatinine 2.4 mg/dL, glucose 250 mg/dL, albumin 2.9 g/dL. "
    "He denies chest pain. No history of CHF. History of stroke and COPD. Confused on arrival. On insulin and aspirin.",
    "Her last menstrual period was 3/4/2021; cycle 30 days. She takes hydromorphone 2 mg every 4 hours as needed.",
    "",
]


@pytest.mark.parametrize("note", NOTES)
def test_every_calculator_runs_on_any_note_with_valid_evidence(note: str) -> None:
    for calc in C.values():
        g = rule_arguments(calc, note, question="Convert to prednisone.")
        assert [p.name for p in g.params] == list(calc.inputs.model_fields)
        for p in g.params:
            assert p.status in STATUSES
            if p.evidence and p.evidence.get("where", "note") == "note":
                assert note[p.evidence["start"]:p.evidence["end"]] == p.evidence["text"]
        # the calculator gets only what rules read; a library point score also gets the items the vignette reader
        # assumed (their absent option, reported as assumed: such an item may have no calculator default)
        used = ("rule", "assumed") if reads_vignette(calc) else ("rule",)
        assert set(g.args) == {p.name for p in g.params if p.status in used}
        assert all(p.status != "assumed" or reads_vignette(calc) or p.name not in g.args for p in g.params)
        assert isinstance(g.summary(), str)



def test_a_library_score_reads_its_items_as_judgements() -> None:
    assert isinstance(source_for("gds_15", "q1"), Judgement)  # a questionnaire answer: the model's, supported
    with pytest.raises(KeyError, match="'bogus' is not in the field map"):
        source_for("gds_15", "bogus")
    # rules alone find no answers to GDS-15's questions in a note: no item is guessed
    a = rule_arguments(C["gds_15"], "A 78-year-old woman says she feels low and rarely goes out.").args
    assert all(a.get(f"q{i}") is None for i in range(1, 16)), a
