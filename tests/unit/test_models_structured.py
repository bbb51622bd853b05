"""Structured calls (validation + bounded retries), the GBNF grammar checker, node schemas, model factory."""

from __future__ import annotations

import json
import os

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from pydantic import BaseModel, Field

from medmirror.core.models.factory import ModelConfigError, ModelSet, make_model, reset_scripted_cache
from medmirror.core.models.grammar import GrammarError, check_gbnf, grammar_for
from medmirror.core.models.json_mode import extract_json, response_format
from medmirror.core.models.scripted import ScriptedChatModel, ScriptExhausted
from medmirror.core.models.structured import StructuredOutputError, call_structured
from medmirror.core.settings import Settings
from medmirror.core.usage import metered
from medmirror.memory.state import AnswerOutput, PlanOutput, ReviewOutput, ToolCallOutput
from medmirror.nodes.schemas import answer_schema, plan_schema, react_schema, tool_call_schema
from medmirror.tools.builtin import default_registry


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for key in list(os.environ):
        if key.startswith("MEDMIRROR_"):
            monkeypatch.delenv(key)


class Scored(BaseModel):
    text: str
    score: int = Field(ge=1, le=10)


MSGS = [SystemMessage(content="system"), HumanMessage(content="question")]


# ---------------------------------------------------------------------------
# call_structured
# ---------------------------------------------------------------------------


def test_valid_reply_is_parsed_in_one_call():
    m = ScriptedChatModel(responses=[{"text": "ok", "score": 7}])
    out = call_structured(m, MSGS, Scored, role="tester")
    assert out == Scored(text="ok", score=7)
    assert len(m.calls) == 1
    fmt = m.calls[0]["kwargs"]["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["name"] == "Scored"
    assert fmt["json_schema"]["schema"] == Scored.model_json_schema()


def test_json_schema_override_is_what_the_model_is_sent():
    m = ScriptedChatModel(responses=[{"text": "ok", "score": 7}])
    narrowed = {"type": "object", "properties": {"text": {"type": "string", "enum": ["ok"]}}}
    call_structured(m, MSGS, Scored, role="tester", json_schema=narrowed)
    assert m.calls[0]["kwargs"]["response_format"]["json_schema"]["schema"] == narrowed


def test_invalid_then_valid_is_retried_with_the_error_fed_back():
    m = ScriptedChatModel(responses=['{"text": "ok", "score": 1e15}', {"text": "ok", "score": 9}])
    with metered("node") as usage:
        out = call_structured(m, MSGS, Scored, role="tester", retries=2)
    assert out.score == 9 and len(m.calls) == 2
    retry = m.calls[1]["messages"]
    assert retry[:2] == MSGS
    assert isinstance(retry[2], AIMessage) and retry[2].content == '{"text": "ok", "score": 1e15}'
    assert isinstance(retry[3], HumanMessage)
    assert "score: Input should be less than or equal to 10" in retry[3].content
    assert usage["node"]["calls"] == 2 and usage["node"]["retries"] == 1


@pytest.mark.parametrize("raw,fragment", [
    ('{"text": "ok", "score": 1e15}', "score: Input should be less than or equal to 10"),
    ('{"text": "ok"}', "score: Field required"),
    ("the answer is 7", "Expecting value"),
    ('{"text": "ok", "score": "seven"}', "score: Input should be a valid integer"),
    ("[1, 2]", "Input should be a valid dictionary"),
])
def test_retries_exhausted_raise_structured_output_error(raw, fragment):
    m = ScriptedChatModel(responses=[raw] * 3)
    with pytest.raises(StructuredOutputError) as info:
        call_structured(m, MSGS, Scored, role="planner", retries=2)
    err = info.value
    assert len(m.calls) == 3
    assert err.role == "planner" and err.attempts == 3 and err.raw == raw
    assert fragment in err.error
    assert str(err).startswith("planner: model output was invalid after 3 attempt(s): ")
    assert repr(raw[:300]) in str(err)


def test_semantic_check_failures_are_retried_too():
    def check(o: Scored) -> None:
        if o.text != "bmi":
            raise ValueError(f"text must be 'bmi', got {o.text!r}")

    m = ScriptedChatModel(responses=[{"text": "bsa", "score": 5}, {"text": "bmi", "score": 5}])
    assert call_structured(m, MSGS, Scored, role="t", check=check).text == "bmi"
    assert "text must be 'bmi', got 'bsa'" in m.calls[1]["messages"][-1].content


def test_zero_retries_is_one_attempt():
    m = ScriptedChatModel(responses=["nope", {"text": "ok", "score": 1}])
    with pytest.raises(StructuredOutputError, match="after 1 attempt"):
        call_structured(m, MSGS, Scored, role="t", retries=0)
    assert len(m.calls) == 1


def test_model_failures_are_not_swallowed_as_invalid_output():
    m = ScriptedChatModel(responses=[ConnectionError("server down"), {"text": "ok", "score": 1}])
    with pytest.raises(ConnectionError):
        call_structured(m, MSGS, Scored, role="t", retries=3)
    assert len(m.calls) == 1


def test_agent_output_models_enforce_ranges_after_parsing():
    plan = {"subtasks": [{"description": "x", "tool": "bmi"}], "evaluation": "e"}
    with pytest.raises(ValueError):
        PlanOutput.model_validate({**plan, "score": 10 ** 15})
    with pytest.raises(ValueError):
        PlanOutput.model_validate({**plan, "score": 0})
    with pytest.raises(ValueError):
        PlanOutput.model_validate({**plan, "subtasks": [], "score": 5})
    with pytest.raises(ValueError):
        ToolCallOutput.model_validate({"tool": "bmi", "evaluation": "e", "score": 11})
    with pytest.raises(ValueError):
        ReviewOutput.model_validate({"verdict": "RIGHTISH"})
    assert AnswerOutput.model_validate({"answer": "a", "value": None, "evaluation": "e", "score": 1}).value is None
    with pytest.raises(ValueError, match="value"):  # an explicit null is a refusal; an omitted value is invalid
        AnswerOutput.model_validate({"answer": "a", "evaluation": "e", "score": 1})


@pytest.mark.parametrize("text,expected", [
    ('{"a": 1}', {"a": 1}),
    ('```json\n{"a": 1}\n```', {"a": 1}),
    ('Sure! Here it is: {"a": {"b": 2}} Hope that helps.', {"a": {"b": 2}}),
    ('{"a": "line\nbreak"}', {"a": "line\nbreak"}),  # raw newline inside a string, as grammars allow
])
def test_extract_json(text, expected):
    assert extract_json(text) == expected


def test_extract_json_raises_on_no_json():
    with pytest.raises(json.JSONDecodeError):
        extract_json("no json here")


def test_response_format_name_is_sanitised():
    fmt = response_format({"type": "object"}, name="my schema/v1")
    assert fmt["json_schema"]["name"] == "my_schema_v1"


# ---------------------------------------------------------------------------
# Scripted model
# ---------------------------------------------------------------------------


def test_scripted_model_replays_records_and_runs_out():
    m = ScriptedChatModel(responses=["text", {"k": 1}, lambda msgs: {"n": len(msgs)}, ValueError("boom")])
    assert m.invoke(MSGS).content == "text"
    assert json.loads(m.invoke(MSGS).content) == {"k": 1}
    assert json.loads(m.invoke(MSGS).content) == {"n": 2}
    with pytest.raises(ValueError, match="boom"):
        m.invoke(MSGS)
    with pytest.raises(ScriptExhausted, match="no response left for call 5"):
        m.invoke(MSGS)
    assert len(m.calls) == 5 and m.remaining == 0
    usage = ScriptedChatModel(responses=["a b c"]).invoke(MSGS).usage_metadata
    assert usage["input_tokens"] == 2 and usage["output_tokens"] == 3


def test_scripted_model_with_structured_output():
    m = ScriptedChatModel(responses=[{"text": "ok", "score": 3}])
    assert m.with_structured_output(Scored).invoke(MSGS) == Scored(text="ok", score=3)


# ---------------------------------------------------------------------------
# Factory
# ---------------------------------------------------------------------------


def test_openai_without_base_url_names_the_missing_variables():
    with pytest.raises(ModelConfigError) as info:
        make_model(Settings(model_provider="openai"), "planner")
    assert "MEDMIRROR_OPENAI_BASE_URL" in str(info.value) and "MEDMIRROR_OPENAI_MODEL" in str(info.value)
    with pytest.raises(ModelConfigError) as info:
        make_model(Settings(model_provider="openai", openai_model="m"), "planner")
    assert "MEDMIRROR_OPENAI_BASE_URL" in str(info.value) and "MEDMIRROR_OPENAI_MODEL" not in str(info.value)


def test_openai_provider_builds_a_chat_openai_model():
    from langchain_openai import ChatOpenAI

    s = Settings(model_provider="openai", openai_base_url="http://localhost:8000/v1", openai_model="qwen")
    m = make_model(s, "answer")
    assert isinstance(m, ChatOpenAI) and m.model_name == "qwen"


def test_scripted_without_a_script_path_is_an_error():
    with pytest.raises(ModelConfigError, match="MEDMIRROR_SCRIPT_PATH"):
        make_model(Settings(model_provider="scripted"), "planner")


def test_scripted_from_a_script_file(tmp_path):
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"planner": ["p1"], "answer": ["a1", "a2"]}))
    reset_scripted_cache()
    s = Settings(model_provider="scripted", script_path=str(script))
    assert make_model(s, "answer").responses == ["a1", "a2"]
    assert make_model(s, "answer") is make_model(s, "answer")  # one script position per role
    assert make_model(s, "reviewer").responses == []
    reset_scripted_cache()
    with pytest.raises(FileNotFoundError, match="script file not found"):
        make_model(Settings(model_provider="scripted", script_path=str(tmp_path / "nope.json")), "planner")
    reset_scripted_cache()


def test_unknown_role_is_an_error():
    with pytest.raises(ValueError, match="unknown role 'critic'"):
        make_model(Settings(), "critic")
    with pytest.raises(ValueError, match=r"unknown role\(s\) \['critic'\]"):
        ModelSet({"critic": ScriptedChatModel()})


def test_model_set_overrides_and_role_providers(tmp_path):
    one = ScriptedChatModel()
    ms = ModelSet(one)
    assert all(ms.for_role(r, Settings()) is one for r in ("planner", "tool_agent", "answer", "reviewer"))
    script = tmp_path / "s.json"
    script.write_text(json.dumps({"reviewer": ["r"]}))
    reset_scripted_cache()
    s = Settings(role_providers={"reviewer": "scripted"}, script_path=str(script))
    mine = ScriptedChatModel()
    ms = ModelSet({"planner": mine})
    assert ms.for_role("planner", s) is mine
    rev = ms.for_role("reviewer", s)
    assert isinstance(rev, ScriptedChatModel) and rev.responses == ["r"]
    assert ms.for_role("reviewer", s) is rev  # cached
    reset_scripted_cache()


# ---------------------------------------------------------------------------
# Grammar checker and the schemas the nodes send
# ---------------------------------------------------------------------------

VALID = 'root ::= "{" space item "}"\nitem ::= [a-z]+ | "x"\nspace ::= " "?\n'


def test_check_gbnf_accepts_a_valid_grammar():
    check_gbnf(VALID)


@pytest.mark.parametrize("gbnf,fragment", [
    ('root ::= "{" tool "}"\ntool ::= \n', "rule 'tool' is empty"),
    ('root ::= "{" missing "}"\n', "references undefined rule 'missing'"),
    ('item ::= "x"\n', "no root rule"),
    ('root ::= "x"\nthis is not a rule\n', "unparsable grammar line"),
    # a regex "\." copied into a literal: llama.cpp's parser aborts on the unknown escape
    ('root ::= [0-9] ("\\." [0-9])?\n', "escape llama.cpp rejects"),
])
def test_check_gbnf_rejects_broken_grammars(gbnf, fragment):
    with pytest.raises(GrammarError, match=fragment):
        check_gbnf(gbnf)


def test_names_inside_literals_and_classes_are_not_references():
    check_gbnf('root ::= "missing rule" [a-z] "\\"quoted\\"" | [^"\\\\]\n')


def _gbnf(schema: dict, relax: bool = True) -> str:
    """The local model's path: large bounds relaxed, converted, checked."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    from medmirror.core.models.grammar import relax_large_bounds

    gbnf = json_schema_to_gbnf(json.dumps(relax_large_bounds(schema) if relax else schema))
    check_gbnf(gbnf)
    return gbnf


def test_every_tool_call_schema_converts_and_checks():
    reg = default_registry()
    for name in reg.names():
        gbnf = _gbnf(tool_call_schema(name, reg.get(name).args_schema))
        assert f'\\"{name}\\"' in gbnf, name  # the tool name is the only allowed value


@pytest.mark.parametrize("single", [True, False])
def test_plan_schema_converts_and_checks(single):
    cands = [h.card.name for h in default_registry().search("What is the patient's CHA2DS2-VASc score?", k=5)]
    gbnf = _gbnf(plan_schema(cands, single_tool=single))
    assert ('\\"none\\"' in gbnf) is (not single)


def test_react_schema_converts_and_checks():
    reg = default_registry()
    tools = {n: reg.get(n).args_schema for n in reg.names()[:8]}
    _gbnf(react_schema(tools))
    _gbnf(react_schema({}))  # finish only


@pytest.mark.parametrize("fmt", ["number", "date", "weeks_days", "option", "text"])
@pytest.mark.parametrize("allowed", [None, [], ["22.857142857142858", "(4 weeks, 2 days)", "01/05/2024"]],
                         ids=["unconstrained", "empty", "values"])
def test_answer_schema_converts_and_checks(fmt, allowed):
    options = {"A": "yes", "B": "no"} if fmt == "option" else None
    schema = answer_schema(fmt, allowed, options)
    _gbnf(schema)
    grammar_for(schema)  # the path the local model takes
    if allowed == []:
        assert schema["properties"]["value"] == {"type": "null"}  # only a refusal fits


def test_an_empty_enum_is_caught_before_llama_cpp_sees_it():
    with pytest.raises(GrammarError, match="is empty"):
        grammar_for(plan_schema([], single_tool=True))


def test_reviewer_schema_converts_and_checks():
    # the reviewer sends its pydantic model's own schema (no narrowed json_schema)
    gbnf = _gbnf(response_format(ReviewOutput)["json_schema"]["schema"])
    assert '\\"WRONG\\"' in gbnf and '\\"tool_call\\"' in gbnf


def test_large_length_bounds_are_relaxed_before_llama_cpp_sees_them():
    from medmirror.core.models.grammar import MAX_GRAMMAR_CHARS, relax_large_bounds

    # the clinical_ner tool takes a whole note (maxLength 200000): as GBNF that is a 1.6 MB nested rule
    # that crashed llama.cpp; the bound is left to pydantic, short bounds stay in the grammar
    schema = {"type": "object", "properties": {
        "text": {"type": "string", "maxLength": 200_000}, "short": {"type": "string", "maxLength": 20}},
        "required": ["text", "short"]}
    with pytest.raises(GrammarError, match="too far"):
        _gbnf(schema, relax=False)
    relaxed = relax_large_bounds(schema)
    assert "maxLength" not in relaxed["properties"]["text"] and relaxed["properties"]["short"]["maxLength"] == 20
    assert len(_gbnf(relaxed)) < MAX_GRAMMAR_CHARS
    grammar_for(schema)  # the local model's path relaxes, so it works


def test_every_tool_schema_fits_a_grammar():
    """Offering every tool at once (hundreds of calculators) keeps each tool's name in the grammar; when their
    argument schemas together exceed the grammar limit, each branch takes any argument object instead (the tool
    validates the arguments when it runs), and a small offer keeps its full argument schemas."""
    from medmirror.core.models.grammar import MAX_GRAMMAR_CHARS

    reg = default_registry()
    tools = {n: reg.get(n).args_schema for n in reg.names()}
    schema = react_schema(tools)
    gbnf = _gbnf(schema)
    assert len(gbnf) < MAX_GRAMMAR_CHARS
    assert all(f'\\"{n}\\"' in gbnf for n in list(tools)[:50])
    small = react_schema({n: tools[n] for n in ("bmi", "mean_arterial_pressure")})
    assert small["anyOf"][1]["properties"]["arguments"] != {"type": "object"}  # the full schema


def test_the_agents_own_text_bounds_stay_in_the_grammar():
    # relaxing a 600-1200 character bound let the reply run into max_tokens and cut the JSON
    from medmirror.core.models.grammar import relax_large_bounds
    from medmirror.memory.state import AnswerOutput, PlanOutput, ReactDecision, ToolCallOutput
    from medmirror.nodes.optimize import ReflectOutput

    for model in (ReviewOutput, AnswerOutput, PlanOutput, ReactDecision, ToolCallOutput, ReflectOutput):
        schema = response_format(model)["json_schema"]["schema"]
        assert relax_large_bounds(schema) == schema, model.__name__
