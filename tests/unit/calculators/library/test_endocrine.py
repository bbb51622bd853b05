"""Endocrine, metabolic, bone and nutrition scores, values worked by hand."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def run(cid: str, **args):
    return CALCULATORS[cid].run(args)


# --- FRACTURE Index ---------------------------------------------------------------------------------


def test_fracture_index_with_bmd_from_medrisk_codes():
    # age 80-84 4 + prior fracture 1 + mother 1 + weight <=125 lb 1 + T-score >=-1 (code 0.5) 0 = 7: 3.9%
    raw = {"q1": 4, "q2": 1, "q3": 1, "q4": 1, "q5": 0, "q6": 0, "q7": 0.5}
    args, notes = mdcalc_arguments(CALCULATORS["fracture_index"], 10540, raw)
    assert not notes and args["q7"] == ">=-1"
    r = CALCULATORS["fracture_index"].run(args)
    assert r.value == 7 and r.interpretation.startswith("3.9% 5-year risk")


def test_fracture_index_without_bmd_uses_the_other_table():
    # age 75-79 3 + smoker 1 = 4: without BMD 3.2%; with T-score between -2 and -2.5 (3) = 7: 3.9%
    base = {"q1": "75-79", "q4": ">125 lb (>56.7 kg)", "q5": "Yes"}
    assert run("fracture_index", **base, q7="Not measured").interpretation.startswith("3.2% 5-year risk")
    assert run("fracture_index", **base, q7="Between -2 and -2.5").value == 7
    # >=85 5 + arms 2 + T <-2.5 4 = 11: 8.7%
    assert run("fracture_index", q1=">=85", q4=">125 lb (>56.7 kg)", q6="Yes", q7="<-2.5").interpretation.startswith(
        "8.7%")
    with pytest.raises(CalculatorInputError, match="q7"):
        run("fracture_index", **base)


# --- DKA MPM ----------------------------------------------------------------------------------------


def test_dka_mpm_bands():
    # comorbidity 6 + pH 4 + fever 3 = 13: low 0.86%; + insulin 4 = 17: high 20.8%; + glucose 4 = 21: very high
    assert run("dka_mpm", scd=True, ph=True, fever=True).interpretation == "Low risk: 0.86% in-hospital mortality"
    assert run("dka_mpm", scd=True, ph=True, fever=True, regular=True).value == 17
    assert run("dka_mpm", scd=True, ph=True, fever=True, regular=True, serum=True).interpretation.startswith(
        "Very high risk: 93.3%")


# --- NAFLD Activity Score ---------------------------------------------------------------------------


def test_nafld_activity_score():
    # steatosis 5-33% 1 + >4 foci 3 + no ballooning 0 = 4: moderate
    raw = {"stenosis": 1, "inflam": 3, "injury": 0}
    args, notes = mdcalc_arguments(CALCULATORS["nafld_activity_score"], 10068, raw)
    assert not notes
    r = CALCULATORS["nafld_activity_score"].run(args)
    assert r.value == 4 and r.interpretation.startswith("Moderate activity")
    # 3 + 3 + 2 = 8: marked; 0 + 0 + 0: none; 0 + 0 + 2 = 2: mild
    assert run("nafld_activity_score", stenosis=">66%", inflam=">4 foci per 200x field",
               injury="Many cells/prominent ballooning").interpretation.startswith("Marked")
    assert run("nafld_activity_score", stenosis="<5%", inflam="No foci", injury="None").interpretation == "No activity"
    with pytest.raises(CalculatorInputError, match="injury"):
        run("nafld_activity_score", stenosis="<5%", inflam="No foci")


# --- WAT-1 ------------------------------------------------------------------------------------------

_WAT_CALM = {"stools": "No", "vomit": "No", "temp": "No", "sbs": "<=0 OR asleep or awake and calm",
             "tremor": "None or mild", "sweat": "No", "move": "None or mild", "yawn": "0-1 time",
             "touch": "None or mild", "tone": "Normal", "time": "<2 min"}


def test_wat1_cut_off_at_three():
    # vomiting 1 + fever 1 = 2: below the cut-off; + recovery >5 min 2 = 4: withdrawal
    r = run("wat_1", **{**_WAT_CALM, "vomit": "Yes", "temp": "Yes"})
    assert r.value == 2 and r.interpretation.startswith("WAT-1 <3")
    r = run("wat_1", **{**_WAT_CALM, "vomit": "Yes", "temp": "Yes", "time": ">5 min"})
    assert r.value == 4 and r.interpretation.startswith("WAT-1 >=3")
    with pytest.raises(CalculatorInputError, match="tone"):
        run("wat_1", **{k: v for k, v in _WAT_CALM.items() if k != "tone"})
