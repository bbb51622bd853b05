"""Infectious-disease scores of the library, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError


def run(cid: str, **args):
    return CALCULATORS[cid].run(args)


def test_rapid():
    # BUN >23 2 + age <50 0 + purulent 0 + community 0 + albumin <2.7 1 = 3 -> medium 17.8%
    r = run("rapid_pleural", bun=">23 mg/dL (8 mmol/L)", age="<50", pleural="Yes", infection="Community-acquired",
            albumin="<2.7 g/dL (27 g/L)")
    assert r.value == 3 and r.interpretation == "Medium risk: 17.8% mortality at 3 months"
    # non-purulent fluid scores 1: 0 + 1 + 1 + 0 + 0 = 2 -> low
    r = run("rapid_pleural", bun="<14 mg/dL (5 mmol/L)", age="50-70", pleural="No", infection="Community-acquired",
            albumin=">=2.7 g/dL (27 g/L)")
    assert r.value == 2 and r.interpretation.startswith("Low risk: 1.5%")
    with pytest.raises(CalculatorInputError, match="pleural"):
        run("rapid_pleural", bun="<14 mg/dL (5 mmol/L)", age="50-70", infection="Community-acquired",
            albumin=">=2.7 g/dL (27 g/L)")


def test_shorr():
    # age 1 + nursing home 1 + IV antibiotics 1 + hospitalised 2 + dementia 1 + female diabetic 1 = 7 -> high
    r = run("shorr_mrsa", age="Yes", nursing="Yes", prioriv="Yes", hospital="Yes", dementia="Yes", fdiabetes="Yes")
    assert r.value == 7 and r.interpretation.startswith("High risk for MRSA")
    assert run("shorr_mrsa", icu="Yes").interpretation.startswith("Intermediate")  # 2


def test_ckd_hiv_reads_the_tenofovir_table():
    # age 40-49 2 + SBP 1 + hypertension 2 + triglycerides 1 = 6; TDF user -> 10.9%
    args = dict(age="40-49 years", gluc="No", sbp="Yes", htn="Yes", tg="Yes", proturia="No", cd4="No")
    r = run("ckd_hiv", **args, tenofivir="Yes")
    assert r.value == 6 and r.interpretation.startswith("10.9% 5-year risk of CKD")
    # the same score without tenofovir -> 5.1%
    assert run("ckd_hiv", **args, tenofivir="No").interpretation.startswith("5.1%")
    with pytest.raises(CalculatorInputError, match="tenofivir"):
        run("ckd_hiv", **args)


def test_cpis():
    # WBC with bands 2 + oxygenation 2 + localized infiltrate 2 + culture >1+ 1 = 7 -> high likelihood
    r = run("cpis", temp="36.5-38.4", leuks="Either <4 or >11 plus band forms >=500", trach="<14+",
            oxy="<=240 and no ARDS", pulm="Localized infiltrate", culture="Pathogenic bacteria cultured >1+")
    assert r.value == 7 and r.interpretation.startswith("High likelihood of VAP")
    with pytest.raises(CalculatorInputError, match="culture"):
        run("cpis", temp="36.5-38.4", leuks="4-11", trach="<14+", oxy=">240 or ARDS", pulm="No infiltrate")


def test_kocher_and_lrinec():
    # non-weight-bearing + fever + WBC = 3 criteria -> 93%
    r = run("kocher_septic_arthritis", weight_bearing_inability="Yes", temperature="Yes", esr_40="No",
            white_blood_cell_count="Yes")
    assert r.value == 3 and r.interpretation == "93% probability of septic arthritis"
    with pytest.raises(CalculatorInputError, match="esr_40"):
        run("kocher_septic_arthritis", weight_bearing_inability="Yes", temperature="Yes", white_blood_cell_count="No")
    # LRINEC: CRP 4 + WBC 15-25 1 + glucose 1 = 6 -> intermediate
    r = run("lrinec", crp=">=15 mg/dL (150 mg/L)", white_blood_cell_count="15-25", hemoglobin=">13.5",
            sodium=">=135", creatinine="<=1.6 mg/dL (141 umol/L)", glucose=">180 mg/dL (10 mmol/L)")
    assert r.value == 6 and r.interpretation.startswith("Intermediate risk: 50-75%")


def test_qsofa_reads_what_the_documented_criteria_settle():
    # altered mentation 1 + SBP <=100 1 = 2 -> high risk (MedRisk row 12063)
    r = run("qsofa", ams="Yes", rr="No", sbp="Yes")
    assert r.value == 2 and r.interpretation.startswith("High risk for in-hospital mortality")
    assert run("qsofa", ams="No", rr="Yes", sbp="No").interpretation.startswith("Not high risk")
    # two present: high risk whatever the third; none present of two: not high risk whatever the third
    assert run("qsofa", rr="Yes", sbp="Yes").interpretation.startswith("High risk")
    assert run("qsofa", rr="No", sbp="No").interpretation.startswith("Not high risk")
    # one present, one unknown: the unknown decides, so it is refused by name
    with pytest.raises(CalculatorInputError, match="ams") as err:
        run("qsofa", rr="Yes", sbp="No")
    assert err.value.missing == ["ams"]


def test_rule_of_7s():
    # headache >=7 days alone -> 1 criterion -> not low risk
    r = run("rule_of_7s_lyme", headache=">=7")
    assert r.value == 1 and r.interpretation.startswith("Not low risk")
    r = run("rule_of_7s_lyme", headache="<7", csf="<70%", palsy="No")
    assert r.value == 0 and r.interpretation.startswith("Low risk for Lyme meningitis")
    with pytest.raises(CalculatorInputError, match="palsy"):
        run("rule_of_7s_lyme", headache="<7", csf="<70%")
