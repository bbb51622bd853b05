"""Laboratory values: labels, units, conversion to canonical units, ranges, multiple mentions."""

from __future__ import annotations

import pytest

from medmirror.tools.extraction import extract


def value(note: str, name: str) -> float | str | None:
    v = extract(note, findings=False).get(name)
    return None if v is None else v.value


# --- unit variants (hand-worked conversions in the comments) -----------------

def test_creatinine_micromol_to_mg_dl():
    # 97 µmol/L x 113.12 g/mol = 10.97 mg/L = 1.097 mg/dL
    v = extract("Serum creatinine was 97 µmol/L on arrival.", findings=False)["creatinine"]
    assert v.value == pytest.approx(1.097, abs=0.005)
    assert round(v.value, 2) == 1.10
    assert (v.original_value, v.original_unit, v.unit) == (97.0, "µmol/L", "mg/dL")


@pytest.mark.parametrize("note,expected", [
    ("Creatinine 1.39 mg/dL.", 1.39),
    ("creatinine of 72 umol/L", 72 * 113.12 / 10000),  # 72 µmol/L x 113.12 g/mol = 0.814 mg/dL
    ("Cr 13 mg/L", 1.3),  # mg/L -> mg/dL: / 10
    ("creatinine level of 1.56mg/dL (range, 0.67-1.17mg/dL)", 1.56),
])
def test_creatinine_variants(note, expected):
    assert value(note, "creatinine") == pytest.approx(expected, rel=1e-3)


@pytest.mark.parametrize("note,name,expected", [
    ("Glucose 5.5 mmol/L", "glucose", 99.09),  # 5.5 mmol/L x 180.16 g/mol / 10 = 99.09 mg/dL
    ("BUN 7 mmol/L", "bun", 19.61),  # urea nitrogen: 7 mmol/L x 28.014 g/mol / 10 = 19.61 mg/dL
    ("albumin 33 g/L", "albumin", 3.3),  # g/L -> g/dL: / 10
    ("total bilirubin 28.1 umol/L", "bilirubin", 1.643),  # 28.1 x 584.66 / 10000 = 1.643 mg/dL
    ("calcium 2.2 mmol/L", "calcium", 8.818),  # 2.2 x 40.08 / 10 = 8.818 mg/dL
    ("haemoglobin of 117 g/L", "hemoglobin", 11.7),
    ("fasting insulin 87 pmol/L", "insulin", 14.5),  # 1 µIU/mL = 6 pmol/L: 87 / 6 = 14.5
    ("Total cholesterol 5.0 mmol/L", "total_cholesterol", 193.33),  # 5.0 x 386.65 / 10
    ("sodium 140 mmol/L", "sodium", 140.0),  # monovalent: mmol/L == mEq/L
    ("Na+: 135 mEq/L, K+: 4 mEq/L, Cl-: 95, HCO3-: 19 mEq/L", "potassium", 4.0),
    ("Na+: 135 mEq/L, K+: 4 mEq/L, Cl-: 95, HCO3-: 19 mEq/L", "bicarbonate", 19.0),
    ("lactate 18 mg/dL", "lactate", 2.021),  # 18 mg/dL = 180 mg/L; / 89.07 g/mol = 2.021 mmol/L
])
def test_other_conversions(note, name, expected):
    assert value(note, name) == pytest.approx(expected, rel=2e-3)


@pytest.mark.parametrize("note", [
    "Platelets 150,000/µL.", "platelet count of 150 x 10^9/L", "platelets, 150×109/L", "PLT 150 K/uL",
    "platelet count 150", "platelets 150000", "platelet count: 1.5 × 105/mm3",
])
def test_platelet_count_variants(note):
    # 150,000/µL = 150 x 10^3/µL; 150 x 10^9/L = 150 x 10^9 / 10^6 µL = 150,000/µL
    assert value(note, "platelets") == pytest.approx(150.0)


@pytest.mark.parametrize("note,expected", [
    ("white blood cell count of 12,300/mm^3", 12.3), ("WBC 12.3", 12.3), ("TLC 37.4×109/L", 37.4),
    ("leukocyte count 4,880 cells/mcL", 4.88),
])
def test_wbc_variants(note, expected):
    assert value(note, "wbc") == pytest.approx(expected)


@pytest.mark.parametrize("note,name,expected", [
    ("Hematocrit 34%", "hematocrit", 34.0), ("Hct 0.34 L/L", "hematocrit", 34.0),
    ("FiO2 of 40%", "fio2", 40.0), ("on FiO2 0.4", "fio2", 40.0),
    ("INR 2.2", "inr", 2.2), ("pH 7.29", "ph", 7.29),
    ("PaO2 16.1 kPa", "pao2", 120.76),  # 16.1 kPa x 7.50062 mmHg/kPa = 120.76 mmHg
    ("PaCO2 41 mmHg", "paco2", 41.0), ("AST 107 IU/L and ALT, 104 U/L", "alt", 104.0),
    ("troponin I 250 ng/L", "troponin", 0.25), ("urine sodium 12 mEq/L", "urine_sodium", 12.0),
    ("urine creatinine 128.1 mg/dL", "urine_creatinine", 128.1),
    ("HDL-C = 49 mg/dL", "hdl", 49.0), ("TGs = 120 mg/dL", "triglycerides", 120.0),
])
def test_named_labs(note, name, expected):
    assert value(note, name) == pytest.approx(expected, rel=1e-3)


# --- what must not be read ---------------------------------------------------

@pytest.mark.parametrize("note,name", [
    ("Creatinine clearance was 50 mL/min.", "creatinine"),  # a different quantity
    ("He was given sodium bicarbonate 50 mEq.", "sodium"),
    ("He was given sodium bicarbonate 50 mEq.", "bicarbonate"),
    ("direct bilirubin 0.1 mg/dL", "bilirubin"),
    ("Hemoglobin A1c was 8.1%", "hemoglobin"),
    ("potassium (normal 3.5-5.0 mmol/L) was low", "potassium"),  # reference range is not a reading
    ("Creatinine 97 was noted.", "creatinine"),  # bare number outside the mg/dL range: unit unknown
    ("urea 7.1", "urea"),  # urea without unit: mmol/L or mg/dL cannot be told apart
    ("The patient was seen in clinic.", "creatinine"),
])
def test_not_read(note, name):
    assert value(note, name) is None


def test_absent_values_are_none_not_defaults():
    e = extract("A 40-year-old man presents with headache.", findings=False)
    for name in ("creatinine", "sodium", "heart_rate", "temperature", "weight", "height", "inr", "platelets"):
        assert e.get(name) is None
        assert name not in e
    with pytest.raises(KeyError, match="creatinine"):
        e["creatinine"]


# --- several mentions, respectively, urine context ---------------------------

def test_first_value_is_primary_rest_are_alternatives():
    note = ("On admission creatinine was 2.1 mg/dL. On day 3 creatinine was 1.5 mg/dL. "
            "At discharge, creatinine 1.0 mg/dL.")
    v = extract(note, findings=False)["creatinine"]
    assert v.value == 2.1
    assert [a.value for a in v.alternatives] == [1.5, 1.0]
    assert all(a.alternatives == [] for a in v.alternatives)


def test_baseline_value_goes_after_presenting_value():
    note = "Baseline serum creatinine of 1.5 mg/dL. Laboratory data: serum creatinine = 7.78 mg/dL."
    v = extract(note, findings=False)["creatinine"]
    assert v.value == 7.78
    assert [a.value for a in v.alternatives] == [1.5]
    assert v.alternatives[0].details["baseline"] is True


def test_respectively_pairs_labels_and_values():
    note = "Serum creatinine level and potassium level were 1.39 mg/dL and 4.1 mEq/L, respectively."
    e = extract(note, findings=False)
    assert e["creatinine"].value == 1.39
    assert e["potassium"].value == 4.1
    note2 = "The AST, ALT, ALP, and GGT were 34, 18, 350, and 107 IU/L, respectively."
    e2 = extract(note2, findings=False)
    assert (e2["ast"].value, e2["alt"].value) == (34.0, 18.0)
    assert e2["ast"].original_unit == "IU/L"


def test_urine_context_reads_urine_sodium():
    note = ("Serum sodium 140 mmol/L. Urine analysis showed pH 5.5, spot potassium 32 meq/l and sodium 75 meq/l. "
            "Arterial blood gas showed pH 7.19.")
    e = extract(note, findings=False)
    assert e["sodium"].value == 140.0 and e["sodium"].alternatives == []
    assert e["urine_sodium"].value == 75.0
    assert e["ph"].value == 7.19
    assert e.get("potassium") is None


def test_evidence_spans_and_sentence():
    note = "History noted. Her hemoglobin was 8.1 g/dL and INR 2.0. Plan follows."
    e = extract(note, findings=False)
    for name in ("hemoglobin", "inr"):
        v = e[name]
        assert note[v.start:v.end] == v.raw
        assert v.sentence.text == "Her hemoglobin was 8.1 g/dL and INR 2.0."
        assert note[v.sentence.start:v.sentence.end] == v.sentence.text
    assert e["hemoglobin"].raw == "hemoglobin was 8.1 g/dL"
    assert e["inr"].unit is None and e["inr"].unit_assumed is False


def test_unitless_value_is_marked_assumed():
    v = extract("BUN 40, creatinine 2.5", findings=False)["bun"]
    assert v.value == 40.0 and v.unit == "mg/dL" and v.original_unit is None and v.unit_assumed is True


def test_units_written_in_words():
    note = ("The hemoglobin level was 12.1 g per deciliter, the white-cell count 12,000 per cubic millimeter, "
            "and the platelet count 250,000 per cubic millimeter. The creatinine level was 1.2 mg per deciliter, "
            "sodium 135 mmol per liter, alanine aminotransferase 45 units per liter and calcium 2.1 millimoles "
            "per liter.")
    e = extract(note, findings=False)
    assert {k: round(e[k].value, 2) for k in ("hemoglobin", "wbc", "platelets", "creatinine", "sodium", "alt",
                                              "calcium")} == {
        "hemoglobin": 12.1, "wbc": 12.0, "platelets": 250.0, "creatinine": 1.2, "sodium": 135.0, "alt": 45.0,
        "calcium": 8.42,  # 2.1 mmol/L x 40.08 g/mol / 10 = 8.42 mg/dL
    }


def test_formula_and_unit_mismatch_are_not_readings():
    e = extract("APRI = AST × 100 / platelets. Troponin was positive x 3 days. AST 40 U/L.", findings=False)
    assert e["ast"].value == 40 and e["ast"].alternatives == []
    assert e.get("troponin") is None


def test_extraction_serialises_to_json():
    import json

    e = extract("A 60-year-old man. Creatinine 1.2 mg/dL; repeat creatinine 1.0 mg/dL. Aspirin 81 mg daily. Denies syncope.")
    data = json.loads(json.dumps(e.to_dict()))
    assert data["values"]["creatinine"]["value"] == 1.2
    assert data["values"]["creatinine"]["alternatives"][0]["value"] == 1.0
    assert data["medications"][0]["daily_dose"] == 81.0
    assert any(f["concept"] == "syncope" and f["negated"] for f in data["findings"])


def test_note_must_be_text():
    with pytest.raises(TypeError, match="note must be a string"):
        extract(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("note, first, other", [
    ("ABG: pH 7.21, pCO2 28, HCO3 11. BMP: Na 138, Cl 104, CO2 12.", 12.0, [11.0]),
    ("Venous blood gas: pH 7.30, bicarbonate 18 mmol/L. Renal panel: Na 139, Cl 105, total CO2 19.", 19.0, [18.0]),
    ("Na 140, Cl 100, HCO3 20. ABG: pH 7.35, HCO3 21.", 20.0, [21.0]),
    ("ABG pH 7.1, HCO3 8.", 8.0, []),  # only the gas's value: it is used
])
def test_the_chemistry_panels_bicarbonate_before_the_blood_gas(note, first, other):
    v = extract(note)["bicarbonate"]
    assert (v.value, [a.value for a in v.alternatives]) == (first, other)


def test_a_table_with_one_quantity_per_row_reads_every_column():
    note = ("Time | 02:00 | 08:00 | 14:00\n"
            "Na (mmol/L) | 131 | 128 | 133\n"
            "K (mmol/L) | 5.2 | 5.9 | 4.8")
    na, k = extract(note)["sodium"], extract(note)["potassium"]
    assert (na.value, [a.value for a in na.alternatives]) == (131.0, [128.0, 133.0])  # the earliest column presents
    assert all(a.details.get("later") for a in k.alternatives)


def test_a_row_table_names_its_presenting_and_past_columns():
    note = "Test | Baseline (2023) | Admission | 6 h\nCreatinine (mg/dL) | 1.0 | 2.4 | 2.9"
    v = extract(note)["creatinine"]
    assert v.value == 2.4
    assert [(a.value, bool(a.details.get("later")), bool(a.details.get("baseline"))) for a in v.alternatives] == [
        (2.9, True, False), (1.0, False, True)]


def test_apache_takes_the_worst_cell_of_a_row_table():
    from medmirror.tools.calculators import CALCULATORS
    from medmirror.tools.extraction.grounding import rule_arguments

    note = ("66-year-old man admitted to ICU.\nTime | 02:00 | 08:00 | 14:00\nNa (mmol/L) | 131 | 128 | 133\n"
            "K (mmol/L) | 5.2 | 5.9 | 4.8")
    a = rule_arguments(CALCULATORS["apache_ii"], note).args
    assert (a["sodium"], a["potassium"]) == (128.0, 5.9)  # 120-129: 2 points; 5.5-5.9: 1 point


@pytest.mark.parametrize("note, name, value", [
    # lipids in mmol/L without a unit: below the mg/dL range, read as mmol/L (explicit conversion)
    ("Lipids: TC 5.2, HDL 1.1, TG 1.8.", "total_cholesterol", pytest.approx(201.1, abs=0.1)),
    ("Lipids: TC 5.2, HDL 1.1, TG 1.8.", "hdl", pytest.approx(42.5, abs=0.1)),
    ("Lipids: TC 5.2, HDL 1.1, TG 1.8.", "triglycerides", pytest.approx(159.4, abs=0.1)),
    ("Chol 240 / HDL 38 / TG 210 mg/dL", "total_cholesterol", 240.0),
    ("TG 95", "triglycerides", 95.0),  # mg/dL: no mmol/L reading is that high
    # a results table's units column
    ("| Test | Result | Units |\n| Creatinine | 150 | umol/L |", "creatinine", pytest.approx(1.70, abs=0.01)),
    ("Urea\t12.1\tmmol/L", "urea", pytest.approx(72.67, abs=0.01)),
])
def test_lipids_in_si_and_units_in_their_own_table_cell(note, name, value):
    assert extract(note)[name].value == value


def test_a_reference_range_cell_is_not_a_unit():
    assert extract("Creatinine | 1.4 | 0.6-1.2")["creatinine"].value == 1.4


@pytest.mark.parametrize("note, name", [("INR 1,8.", "inr"), ("Temp 38,5 on arrival", "temperature")])
def test_a_decimal_comma_without_a_unit_is_not_read_as_its_integer_part(note, name):
    assert extract(note).get(name) is None  # 1.0 or 38 would be a made-up value


def test_a_decimal_comma_before_a_unit_is_read():
    assert extract("Hb 9,8 g/dL")["hemoglobin"].value == 9.8


@pytest.mark.parametrize("note, pao2, fio2", [
    ("PaO2 on FiO2 0.4 was 68 mmHg.", 68.0, 40.0),
    ("PaO2 (FiO2 0.4) 68 mmHg", 68.0, 40.0),
    ("PaO2 at FiO2 40%: 68", 68.0, 40.0),
    ("PaO2 68 mmHg on FiO2 0.4", 68.0, 40.0),
])
def test_pao2_with_its_fio2_written_between_label_and_value(note, pao2, fio2):
    ex = extract(note)
    assert (ex["pao2"].value, ex["fio2"].value) == (pao2, fio2)  # the FiO2 is never read as the PaO2
