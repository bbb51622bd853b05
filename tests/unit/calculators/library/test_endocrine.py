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
