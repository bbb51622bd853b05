"""The workflow calculators (critical_care_workflows, renal_dosing, oncology_hepatic_workflows, bedside_scores):
values worked by hand from each published definition, and the refusals."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.library import (
    bedside_scores,
    critical_care_workflows,
    general_formulas,
    oncology_hepatic_workflows,
    renal_dosing,
)


def run(cid: str, **args):
    return CALCULATORS[cid].run(args)


# (calculator, arguments, expected value, hand computation)
NUMERIC = [
    ("shock_index", dict(heart_rate="132 beats/min", systolic_bp="88 mmHg"), 1.5, "132/88"),
    ("pediatric_shock_index", dict(age=12, heart_rate=138, systolic_bp=88), 138 / 88, "138/88 = 1.568"),
    ("pf_ratio", dict(pao2=92, fio2="35 %"), 262.857, "92/0.35"),
    ("pf_ratio", dict(pao2=92, fio2=0.35), 262.857, "a bare fraction is a fraction"),
    ("sf_ratio", dict(spo2=95, fio2=30), 316.667, "95/0.30"),
    ("a_a_gradient", dict(pao2=92, fio2=35, paco2=37), 111.3, "0.35 x (760-47) - 37/0.8 - 92 = 249.55-46.25-92"),
    ("news2", dict(respiratory_rate=28, spo2=93, on_oxygen=True, temperature=39.2, systolic_bp=96, heart_rate=122,
                   consciousness="New confusion"), 16, "RR 3 + SpO2 2 + O2 2 + T 2 + SBP 2 + HR 2 + C 3"),
    ("news2", dict(respiratory_rate=16, spo2=97, temperature=37, systolic_bp=120, heart_rate=80,
                   consciousness="alert"), 0, "all in the 0 bands"),
    ("news2", dict(respiratory_rate=16, spo2=95, on_oxygen=True, hypercapnic_failure=True, temperature=37,
                   systolic_bp=120, heart_rate=80, consciousness="alert"), 4, "scale 2: 95-96 on O2 = 2, + O2 2"),
    ("rass", dict(level="Light sedation (-2)"), -2, "selected level"),
    ("rass", dict(level=4), 4, "by number"),
    ("rass", dict(level="Very agitated"), 3, "'very agitated' is not 'agitated'"),
    ("winters_formula", dict(bicarbonate=16), 32, "1.5 x 16 + 8"),
    ("urine_anion_gap", dict(urine_sodium=45, urine_potassium=15, urine_chloride=25), 35, "45 + 15 - 25"),
    ("henderson_hasselbalch", dict(bicarbonate=16, paco2=32), 7.3218, "6.1 + log10(16/0.96)"),
    ("oxygenation_index", dict(fio2=60, mean_airway_pressure="7.4 mmHg", pao2=80), 7.5453,
     "7.4 mmHg = 10.0604 cmH2O; 60 x 10.0604 / 80"),
    ("rsbi", dict(respiratory_rate=20, tidal_volume=380), 52.632, "20 / 0.38"),
    ("static_compliance", dict(tidal_volume=460, plateau_pressure=22, peep=8), 32.857, "460 / 14"),
    ("kdigo_aki", dict(baseline_creatinine=1.8, current_creatinine=3.0, urine_output_rate=0.35, oliguria_hours=12),
     2, "1.67x -> 1; UO < 0.5 for 12 h -> 2"),
    ("kdigo_aki", dict(baseline_creatinine=1.0, current_creatinine=4.2), 3, "4.2x"),
    ("kdigo_aki", dict(baseline_creatinine=1.0, current_creatinine=1.3), 1, "rise 0.3 mg/dL"),
    ("kdigo_aki", dict(baseline_creatinine=1.0, current_creatinine=1.2), 0, "1.2x, rise 0.2: no AKI"),
    ("kinetic_egfr", dict(sex="male", age=62, baseline_creatinine=1.8, creatinine_1=2.3, creatinine_2=3.0, hours=18),
     9.86, "MDRD(1.8, 62) = 38.43; 1.8 x 38.43 / 2.65 x (1 - 24 x 0.7 / (18 x 1.5))"),
    ("sodium_correction_rate", dict(sex="male", age=50, weight="254 lb", sodium=151, fluid="D5W", rate=0.4), 185.77,
     "TBW 0.6 x 115.21 = 69.13; (0 - 151)/70.13 = -2.153; 0.4/2.153 x 1000"),
    ("sodium_correction_rate", dict(sex="male", age=50, weight=80, sodium=120, fluid="3% saline", rate=0.3), 37.405,
     "TBW 0.6 x 80 = 48; (513 - 120)/49 = 8.0204; 0.3/8.0204 x 1000"),
    ("bicarbonate_deficit", dict(weight="180 lb", bicarbonate=10), 457.22, "0.4 x 81.647 x 14"),
    ("total_body_water_watson", dict(sex="male", age=58, height=175, weight=115), 54.386,
     "2.447 - 5.5193 + 18.795 + 38.663"),
    ("total_body_water_watson", dict(sex="female", age=40, height=160, weight=60), 29.8, "-2.097 + 17.104 + 14.796"),
    ("feurea", dict(serum_urea=62, creatinine=3.0, urine_urea=682, urine_creatinine=150), 22.0, "682 x 3 / (62 x 150)"),
    ("ttkg", dict(urine_potassium=15, serum_potassium=5.8, urine_osmolality=500, serum_osmolality=295), 1.5259,
     "(15/5.8) / (500/295)"),
    ("carboplatin_calvert", dict(age=61, sex="female", weight=82, creatinine=1.0, target_auc=4), 405.9,
     "CG (79 x 82 / 72) x 0.85 = 76.48; 4 x 101.48"),
    ("carboplatin_calvert", dict(target_auc=5, gfr=150), 750, "GFR capped at 125: 5 x 150"),
    ("sodium_deficit", dict(sex="male", age=58, weight=80, sodium=130, target_sodium=135), 240, "0.6 x 80 x 5"),
    ("emory_tipss", dict(bilirubin=3.2, alt=48, urgency="Elective"), 1, "bilirubin > 3"),
    ("emory_tipss", dict(bilirubin=3.2, alt=120, encephalopathy=True, urgency="urgent"), 5, "1 + 1 + 1 + 2"),
    ("karnofsky_ecog", dict(karnofsky=70), 1, "80-70 -> 1"),
    ("karnofsky_ecog", dict(karnofsky=0), 5, "0 -> 5"),
    ("age_adjusted_d_dimer", dict(age=56), 560, "56 x 10"),
    ("age_adjusted_d_dimer", dict(age=45), 500, "<= 50: 500"),
    ("age_adjusted_d_dimer", dict(age=70, unit_type="DDU"), 350, "70 x 5"),
    ("crb_65", dict(age_65=True, respiratory_rate_30=True, low_blood_pressure=True), 3, "3 criteria"),
    ("smart_cop", dict(low_albumin=True, high_rr=True, tachycardia=True, low_oxygen=True), 5, "1 + 1 + 1 + 2"),
    ("cpot", dict(ventilator_compliance="Coughing but tolerating", facial_expression="Grimacing (+2)",
                  body_movements="Restlessness", muscle_tension="Tense, rigid"), 6, "1 + 2 + 2 + 1"),
    ("cpot", dict(vocalization="Sighing, moaning", facial_expression="Relaxed, neutral", body_movements="Protection",
                  muscle_tension="Very tense or rigid"), 4, "1 + 0 + 1 + 2"),
    ("clinical_frailty_scale", dict(level="With limited dependence on others for instrumental activities"), 5,
     "phrase of level 5"),
    ("clinical_frailty_scale", dict(level="Living with very severe frailty"), 8, "not 7"),
    ("estimated_average_glucose", dict(hba1c=8.2), 188.64, "28.7 x 8.2 - 46.7"),
    ("glucose_infusion_rate", dict(dextrose_concentration=10, infusion_rate=75, weight=10), 12.5,
     "10 x 75 x 10 / 60 / 10"),
    ("platelet_cci", dict(pre_count=48, post_count=78, height=180, weight=80, platelets_transfused=3), 20000,
     "BSA sqrt(180 x 80 / 3600) = 2.0; 30000 x 2 / 3"),
    ("pesi", dict(age=70, male=True, heart_rate_110=True, sbp_below_100=True), 130, "70 + 10 + 20 + 30"),
    ("naranjo", dict(previous_reports="yes", after_drug="Yes", improved_on_stopping=True, alternative_causes="no",
                     objective_evidence="yes"), 7, "1 + 2 + 1 + 2 + 1, the rest do not know (0)"),
    ("naranjo", dict(after_drug="no", reappeared_on_rechallenge="no", alternative_causes="yes"), -3, "-1 - 1 - 1"),
    ("audit_c", dict(sex="female", frequency="2-3 times a week", drinks_per_day="1 or 2", six_or_more="Never"), 3,
     "3 + 0 + 0"),
    ("apri", dict(ast=80, platelets=100), 2.0, "(80 / 40) / 100 x 100"),
    ("maddrey_df", dict(pt=20, control_pt=12, bilirubin=5), 41.8, "4.6 x 8 + 5"),
    ("mentzer_index", dict(mcv=65, rbc=5.5), 11.818, "65 / 5.5"),
    ("reticulocyte_index", dict(reticulocytes=5, hematocrit=30), 2.2222, "5 x 30/45 = 3.333; / 1.5 (Hct 26-35)"),
    ("absolute_neutrophil_count", dict(wbc=2.0, segmented=20, bands=5), 500, "2000 x 25%"),
    ("harris_benedict", dict(sex="male", age=40, weight=80, height=180), 1796.84, "66.5 + 1100 + 900.54 - 270.2"),
    ("mifflin_st_jeor", dict(sex="female", age=30, weight=60, height=165), 1320.25, "600 + 1031.25 - 150 - 161"),
    ("nadler_blood_volume", dict(sex="male", weight=80, height=180), 5.3191, "0.3669 x 5.832 + 2.5752 + 0.6041"),
    ("parkland", dict(weight=70, tbsa=30), 8400, "4 x 70 x 30"),
    ("crcl_24h_urine", dict(urine_creatinine=100, urine_volume=1440, serum_creatinine=1.0), 100, "100 x 1440 / 1440"),
    ("iv_drip_rate", dict(volume=1000, hours=8, drop_factor=15), 31.25, "1000 x 15 / 480"),
    ("weight_based_liquid_dose", dict(dose_per_kg=15, weight=20, concentration=32), 9.375, "300 mg / 32 mg/mL"),
    ("weight_based_liquid_dose", dict(dose_per_kg=15, weight=80, concentration=32, max_dose=1000), 31.25,
     "1200 mg capped at 1000; / 32"),
    ("bsa_dose", dict(dose_per_m2=100, height=180, weight=80), 200, "BSA 2.0 x 100"),
    ("cardiac_power_output", dict(mean_arterial_pressure=70, cardiac_output=4), 0.62084, "70 x 4 / 451"),
    ("base_excess", dict(ph=7.34, paco2=31), -8.4876, "HCO3 0.03 x 31 x 10^1.24 = 16.155; 0.93 x (16.155 - 24.4 - "
                                                       "0.888)"),
]


@pytest.mark.parametrize(("cid", "args", "expected", "how"), NUMERIC, ids=[f"{c}-{i}" for i, (c, *_) in enumerate(NUMERIC)])
def test_value_worked_by_hand(cid, args, expected, how):
    assert float(run(cid, **args).value) == pytest.approx(expected, rel=1e-3, abs=1e-3), how


def test_abg_metabolic_acidosis_with_gap_and_additional_non_gap():
    r = run("abg_analyzer", ph=7.20, paco2=24, bicarbonate=10, sodium=140, chloride=110, albumin=3.0)
    # Winter's 1.5 x 10 + 8 = 23 ± 2 holds 24; AG 140 - 120 = 20, + 2.5 x 1 = 22.5 > 12; delta ratio 10.5 / 14 < 1
    assert r.value == ("This is an Anion Gap Metabolic Acidosis. Primary Metabolic Acidosis, with: Appropriately "
                       "Compensated by Respiratory Alkalosis and Additional Non-Gap Metabolic Acidosis")
    assert r.components["expected_paco2"] == 23 and r.components["anion_gap"] == pytest.approx(22.5)
    assert r.components["delta_ratio"] == pytest.approx(0.75)


def test_abg_non_gap_and_respiratory_rules():
    r = run("abg_analyzer", ph=7.34, paco2=31, bicarbonate=16, sodium=140, chloride=114, albumin=4.0)
    assert r.value.startswith("This is a Non-Gap Metabolic Acidosis.")  # AG 140 - 130 = 10
    # Winter's 32 ± 2: PaCO2 26 is below -> additional respiratory alkalosis
    assert "Additional Respiratory Alkalosis" in run("abg_analyzer", ph=7.30, paco2=26, bicarbonate=16).value
    # acute respiratory acidosis: expected HCO3 24 + 0.1 x 20 = 26; 30 is above by > 2
    r = run("abg_analyzer", ph=7.25, paco2=60, bicarbonate=30, chronicity="acute")
    assert r.value == "Primary Respiratory Acidosis, Acute, with: Secondary Metabolic Alkalosis"
    # chronic: 24 + 0.35 x 20 = 31 -> 30 is appropriate
    assert "Appropriately Compensated" in run("abg_analyzer", ph=7.34, paco2=60, bicarbonate=30,
                                              chronicity="chronic").value
    assert run("abg_analyzer", ph=7.41, paco2=40, bicarbonate=24).value.startswith("No acid-base disorder")


def test_abg_refusals():
    with pytest.raises(CalculatorInputError, match="chronicity"):
        run("abg_analyzer", ph=7.25, paco2=60, bicarbonate=26)
    with pytest.raises(CalculatorInputError, match="not consistent"):
        run("abg_analyzer", ph=7.20, paco2=30, bicarbonate=30)


def test_modified_shock_index_and_sipa_cutoff():
    r = run("shock_index", heart_rate=120, systolic_bp=90, diastolic_bp=60)
    assert r.components["mean_arterial_pressure"] == 70 and r.components["modified_shock_index"] == pytest.approx(
        120 / 70)
    assert run("pediatric_shock_index", age=5, heart_rate=120, systolic_bp=100).components["elevated"] is False  # 1.2
    assert run("pediatric_shock_index", age=14, heart_rate=100, systolic_bp=100).components["elevated"] is True  # 1.0
    with pytest.raises(CalculatorInputError):
        run("pediatric_shock_index", age=2, heart_rate=100, systolic_bp=100)


def test_sodium_rate_safety_and_refusals():
    r = run("sodium_correction_rate", sex="female", age=70, weight=60, sodium=118, fluid="3% saline", rate=0.5)
    assert r.components["safe"] is False and r.components["per_day"] == 12  # 0.5 x 24 > 10
    with pytest.raises(CalculatorInputError, match="further from normal"):
        run("sodium_correction_rate", sex="male", age=50, weight=80, sodium=120, fluid="5% dextrose in water",
            rate=0.3)
    with pytest.raises(CalculatorInputError, match="fluid"):
        run("sodium_correction_rate", sex="male", age=50, weight=80, sodium=120, rate=0.3)
    with pytest.raises(CalculatorInputError):
        run("sodium_correction_rate", sex="male", age=50, weight=80, sodium=120, fluid="hypertonic saline", rate=0.3)


def test_kinetic_egfr_clips_at_zero_and_keeps_the_raw_value():
    r = run("kinetic_egfr", sex="male", age=58, baseline_creatinine=1.0, creatinine_1=2.6, creatinine_2=4.2, hours=12)
    assert r.value == 0 and r.components["unclipped"] < 0  # 1 - 24 x 1.6 / 18 < 0


@pytest.mark.parametrize(("cid", "args", "needle"), [
    ("kdigo_aki", dict(baseline_creatinine=1.0, current_creatinine=1.0, urine_output_rate=0.2), "oliguria_hours"),
    ("ttkg", dict(urine_potassium=15, serum_potassium=5.8, urine_osmolality=250, serum_osmolality=295),
     "urine_osmolality"),
    ("bicarbonate_deficit", dict(weight=70, bicarbonate=26), "no deficit"),
    ("carboplatin_calvert", dict(target_auc=5, age=60, sex="male"), "weight"),
    ("karnofsky_ecog", dict(karnofsky=75), "multiple of 10"),
    ("karnofsky_ecog", dict(), "karnofsky"),
    ("static_compliance", dict(tidal_volume=400, plateau_pressure=8, peep=8), "PEEP"),
    ("cpot", dict(facial_expression="Tense", body_movements="Protection", muscle_tension="Relaxed"), "exactly one"),
    ("cam_icu", dict(rass=0, acute_change_or_fluctuation=True, inattention=True), "disorganized_thinking"),
    ("crb_65", dict(confusion=True), "age_65"),
    ("rass", dict(level="sleepy"), "level"),
    ("sodium_deficit", dict(sex="male", age=50, weight=70, sodium=140), "no deficit"),
])
def test_refuses_with_the_input_named(cid, args, needle):
    with pytest.raises(CalculatorInputError, match=needle):
        run(cid, **args)


def test_canadian_ct_head_rule_branches():
    assert run("canadian_ct_head", age_65=True).components["high_risk"] == ["Age >= 65 years"]
    assert run("canadian_ct_head", age_65=False, amnesia_30_min=True).value == "CT indicated"
    assert run("canadian_ct_head", age_65=False).value == "CT not required"
    with pytest.raises(CalculatorInputError, match="age_65"):
        run("canadian_ct_head", vomiting_twice=True)


def test_cam_icu_positive_and_unassessable():
    assert run("cam_icu", rass=-2, acute_change_or_fluctuation=True, inattention=True).value == "CAM-ICU positive"
    assert run("cam_icu", rass=0, acute_change_or_fluctuation=True, inattention=True,
               disorganized_thinking=False).value == "CAM-ICU negative"
    assert "Unable" in run("cam_icu", rass=-5, acute_change_or_fluctuation=True, inattention=True).value


DIMENSIONLESS = {"ph", "distribution_fraction", "respiratory_quotient", "platelets_transfused"}  # no unit to state


def test_cards_carry_reference_conventions_and_units():
    ids = {c.id for m in (bedside_scores, critical_care_workflows, general_formulas, oncology_hepatic_workflows,
                          renal_dosing)
           for c in vars(m).values() if hasattr(c, "compute") and hasattr(c, "card")}
    assert len(ids) >= 50
    for cid in ids:
        card = CALCULATORS[cid].card()
        assert len(card.reference) > 30 and len(card.description) > 30 and card.conventions, cid
        assert all(s.unit for s in card.inputs if s.type == "number" and s.name not in DIMENSIONLESS), cid
