"""Answer formats end to end: dates, (weeks, days), integer scores with assumed inputs, options, tool-refined text."""

from __future__ import annotations

from medmirror.tools.builtin import default_registry

from ._helpers import answer, call, last_message, models, plan, prompt, run, section, sent_schema, used_up

OB_NOTE = "A 29-year-old woman. Her last menstrual period began on 01/01/2024; cycles are regular (28 days). Today is 03/01/2024."


def test_due_date_is_a_date_from_the_tool():
    ms = models(planner=[plan(("Naegele due date from the LMP", "estimated_due_date"))],
                tool_agent=[call("estimated_due_date", last_menstrual_date="01/01/2024")],
                answer=[answer("2024-10-07"), answer("10/07/2024")])
    r = run(ms, question="Using Naegele's rule, what is the patient's estimated due date?", note=OB_NOTE,
            registry=default_registry())
    # Naegele: 01/01/2024 + 280 days = 10/07/2024 (2024 is a leap year: day 1 + 280 = day 281 = Oct 7)
    assert section(prompt(ms["answer"]), "Allowed values") == "10/07/2024"
    # an ISO date normalises to the same canonical value, so it is accepted as the tool's result
    assert len(ms["answer"].calls) == 1
    assert r["answer_format"] == "date" and r["value"] == "10/07/2024" and r["status"] == "answered"
    assert ms["answer"].remaining == 1


def test_gestational_age_is_weeks_and_days():
    ms = models(planner=[plan(("Gestational age from the LMP and today", "estimated_gestational_age"))],
                tool_agent=[call("estimated_gestational_age", last_menstrual_date="01/01/2024", current_date="03/01/2024")],
                answer=[answer("(8 weeks, 4 days)")])
    r = run(ms, question="Based on the patient's last menstrual period, what is the patient's estimated gestational age?",
            note=OB_NOTE, registry=default_registry())
    # 01/01 -> 03/01/2024 = 31 (Jan) + 29 (Feb) = 60 days = 8 weeks 4 days
    assert section(prompt(ms["answer"]), "Allowed values") == "(8 weeks, 4 days)"
    assert r["answer_format"] == "weeks_days" and r["value"] == "(8 weeks, 4 days)"
    used_up(*ms.values())


def test_integer_score_reports_inputs_assumed_absent():
    ms = models(planner=[plan(("CHA2DS2-VASc score", "cha2ds2_vasc"))],
                tool_agent=[call("cha2ds2_vasc", age=70, sex="male", hypertension=True)],
                answer=[answer("2")])
    r = run(ms, question="What is the patient's CHA2DS2-VASc score?",
            note="A 70-year-old man with atrial fibrillation and hypertension.", registry=default_registry())
    # age 65-74 = 1, hypertension = 1, male = 0 -> 2
    assert section(prompt(ms["answer"]), "Allowed values") == "2"
    assumed = section(prompt(ms["answer"]), "Inputs assumed absent")
    assert "cha2ds2_vasc.diabetes" in assumed and "cha2ds2_vasc.hypertension" not in assumed
    assert "cha2ds2_vasc.stroke" in r["assumed"] and r["value"] == "2"
    used_up(*ms.values())


def test_text_question_takes_the_tools_number_format():
    ms = models(planner=[plan(("Holliday-Segar maintenance rate", "maintenance_fluids"))],
                tool_agent=[call("maintenance_fluids", weight=70)], answer=[answer("110.0")])
    r = run(ms, question="Please compute the hourly maintenance fluids for this patient.", note="Weight 70 kg.")
    # 4*10 + 2*10 + 1*(70-20) = 110 mL/h
    assert r["answer_format"] == "number"
    assert "value: the number only" in " ".join(str(m.content) for m in ms["answer"].calls[0]["messages"])
    assert float(r["value"]) == 110
    used_up(*ms.values())


def test_an_integral_decimal_result_may_be_written_without_the_point():
    ms = models(planner=[plan(("Holliday-Segar maintenance rate", "maintenance_fluids"))],
                tool_agent=[call("maintenance_fluids", weight=70)], answer=[answer("110"), answer("110")])
    r = run(ms, question="What is the patient's maintenance fluid rate?", note="Weight 70 kg.", structured_retries=1)
    assert len(ms["answer"].calls) == 1
    assert r["status"] == "answered" and float(r["value"]) == 110


def test_multiple_choice_answer_is_an_option_letter():
    options = {"A": "underweight", "B": "normal weight", "C": "obese"}
    ms = models(answer=[answer("E"), answer("b")])
    r = run(ms, "cot", question="Which WHO weight class fits this patient?", options=options)
    assert sent_schema(ms["answer"])["properties"]["value"] == {"type": "string", "enum": ["A", "B", "C"]}
    assert "A. underweight" in section(prompt(ms["answer"]), "Options")
    assert "is not one of the options A, B, C" in last_message(ms["answer"], 1)
    assert r["answer_format"] == "option" and r["value"] == "B"
