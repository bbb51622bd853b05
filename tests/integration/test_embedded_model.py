"""The real embedded model (SmolLM2-135M-Instruct through llama.cpp) end to end."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, Field

from medmirror import solve
from medmirror.core.models import LocalChatModel
from medmirror.memory.state import MedMirrorState

pytestmark = pytest.mark.integration

NOTE = "A 45-year-old man comes for a routine check-up. He weighs 70 kg and is 175 cm tall. He reports no complaints."
QUESTION = "What is the patient's body mass index (BMI)? Your answer should be in terms of kg/m²."


def test_local_model_is_a_langchain_chat_model_with_usage_and_structured_output() -> None:
    model = LocalChatModel(max_tokens=24)
    msg = model.invoke("Reply with one word: hello")
    assert isinstance(msg.content, str) and msg.content.strip()
    assert msg.usage_metadata["input_tokens"] > 0 and msg.usage_metadata["output_tokens"] > 0

    class Rating(BaseModel):
        score: int = Field(ge=1, le=10)

    structured = LocalChatModel(max_tokens=32).with_structured_output(
        {"title": "Rating", "type": "object", "properties": {"score": {"type": "integer", "enum": list(range(1, 11))}},
         "required": ["score"]})
    out = structured.invoke("Rate how blue the sky is from 1 to 10.")
    assert Rating.model_validate(out).score in range(1, 11)


def test_embedded_model_solves_a_calculator_case_end_to_end() -> None:
    result = solve(QUESTION, NOTE, preset="riskagent", checkpointer="none")
    assert result.status == "answered", result.status_detail
    assert [s["tool"] for s in result.steps if s.get("ok")][-1] == "bmi"
    assert result.value is not None
    assert float(result.value) == pytest.approx(70 / 1.75**2, rel=1e-9)
    totals = result.totals
    assert totals["calls"] >= 3 and totals["input_tokens"] > 0 and totals["output_tokens"] > 0


def test_default_preset_answers_a_short_case_with_the_tool_result() -> None:
    # the default preset (mirror, checks on) on the embedded model: the value is the MAP the calculator
    # computed from the note, (150 + 2 x 90) / 3 = 110, and the answer text carries no number that
    # neither the note nor a tool result holds
    note = "A 60-year-old woman is seen for follow-up of hypertension. Blood pressure 150/90 mm Hg, heart rate 72."
    result = solve("What is the patient's mean arterial pressure in mm Hg?", note, checkpointer="none")
    assert result.preset == "mirror" and result.status == "answered", result.status_detail
    assert result.value == "110"
    assert result.answer.startswith("Mean Arterial Pressure")
    from medmirror.nodes.compose import grounded_numbers, unsupported_numbers

    numbers, text = grounded_numbers(MedMirrorState(**{"steps": result.steps, "note": note, "question": result.question}))
    assert unsupported_numbers(result.answer, numbers, text) == []
    assert unsupported_numbers(result.rationale, numbers, text) == []


def test_n_threads_bounds_prompt_evaluation_too() -> None:
    # llama-cpp-python evaluates prompts on every core unless n_threads_batch is set: two
    # single-thread runs would then still contend for the same cores
    from medmirror.core.models.local import _load, default_gguf_path

    llm, _lock = _load(default_gguf_path(), 512, 1, 0)
    assert (llm.context_params.n_threads, llm.context_params.n_threads_batch) == (1, 1)
