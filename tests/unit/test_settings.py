"""Settings: precedence (explicit > MEDMIRROR_* env > preset > default), presets, validation, role providers."""

from __future__ import annotations

import os

import pytest
from pydantic import ValidationError

from medmirror.core.presets import DESCRIPTIONS, PRESETS
from medmirror.core.settings import ROLES, Settings


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for key in list(os.environ):
        if key.startswith("MEDMIRROR_"):
            monkeypatch.delenv(key)


def test_defaults():
    s = Settings()
    assert s.preset == "mirror" and s.model_provider == "local"
    assert (s.theta_plan, s.theta_tool, s.theta_answer) == (8, 8, 8)
    assert s.max_rounds == 3 and s.max_reviews == 3 and s.top_n_tools == 5 and s.structured_retries == 2
    assert s.checkpointer == "sqlite"


def test_preset_beats_default():
    assert Settings.resolve().use_reviewer is False  # default
    assert Settings.resolve("riskagent").use_reviewer is True  # preset
    assert Settings.resolve("riskagent").plan_mode == "single_tool"


def test_env_beats_preset(monkeypatch):
    monkeypatch.setenv("MEDMIRROR_USE_REVIEWER", "false")
    monkeypatch.setenv("MEDMIRROR_USE_TOOLS", "true")
    assert Settings.resolve("riskagent").use_reviewer is False
    assert Settings.resolve("cot").use_tools is True
    assert Settings.resolve("cot").use_planner is False  # the rest of the preset still applies


def test_explicit_beats_env(monkeypatch):
    monkeypatch.setenv("MEDMIRROR_THETA_PLAN", "9")
    monkeypatch.setenv("MEDMIRROR_USE_REVIEWER", "false")
    assert Settings.resolve().theta_plan == 9
    assert Settings.resolve(theta_plan=7).theta_plan == 7
    assert Settings.resolve("riskagent", use_reviewer=True).use_reviewer is True


def test_explicit_beats_preset():
    s = Settings.resolve("riskagent", max_reviews=1, use_gates=True)
    assert s.max_reviews == 1 and s.use_gates is True and s.use_reviewer is True


def test_preset_from_env_and_explicit_preset_beats_it(monkeypatch):
    monkeypatch.setenv("MEDMIRROR_PRESET", "cot")
    s = Settings.resolve()
    assert s.preset == "cot" and s.use_tools is False
    s = Settings.resolve("react")
    assert s.preset == "react" and s.use_tools is True and s.use_planner is False


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_resolves_to_its_values(preset):
    s = Settings.resolve(preset)
    for key, value in PRESETS[preset].items():
        assert getattr(s, key) == value, (preset, key)
    assert preset in DESCRIPTIONS


def test_presets_switch_the_documented_parts():
    cot, react, mirror = Settings.resolve("cot"), Settings.resolve("react"), Settings.resolve("mirror")
    risk, full = Settings.resolve("riskagent"), Settings.resolve("full")
    assert not cot.use_tools and not cot.use_gates
    assert react.use_tools and not react.use_planner and not react.use_gates
    assert mirror.use_planner and mirror.use_gates and mirror.use_stm and mirror.use_ltm and not mirror.use_reviewer
    assert risk.plan_mode == "single_tool" and risk.use_reviewer and not risk.use_gates and not risk.use_ltm
    assert full.use_gates and full.use_ltm and full.use_reviewer and full.plan_mode == "decompose"


def test_unknown_preset_is_an_error(monkeypatch):
    with pytest.raises(ValidationError, match="unknown preset 'magic'; choose one of cot, react"):
        Settings.resolve("magic")
    monkeypatch.setenv("MEDMIRROR_PRESET", "magic")
    with pytest.raises(ValidationError, match="unknown preset 'magic'"):
        Settings.resolve()


def test_unknown_setting_and_out_of_range_values_are_errors():
    with pytest.raises(ValidationError, match="theta_plans"):
        Settings(theta_plans=9)
    with pytest.raises(ValidationError, match="theta_answer"):
        Settings(theta_answer=11)
    with pytest.raises(ValidationError, match="max_rounds"):
        Settings(max_rounds=0)
    with pytest.raises(ValidationError, match="model_provider"):
        Settings(model_provider="anthropic")
    s = Settings()
    with pytest.raises(ValidationError):
        s.theta_plan = 0  # validate_assignment


def test_role_providers_from_a_dict_and_a_string():
    s = Settings(role_providers={"reviewer": "openai"})
    assert s.provider_for("reviewer") == "openai" and s.provider_for("planner") == "local"
    s = Settings(role_providers="reviewer=openai, planner=scripted,")
    assert s.role_providers == {"reviewer": "openai", "planner": "scripted"}
    assert s.provider_for("answer") == "local"


def test_role_providers_reject_unknown_roles_and_providers():
    with pytest.raises(ValidationError) as info:
        Settings(role_providers={"critic": "openai"})
    assert "unknown role(s) ['critic']" in str(info.value)
    assert ", ".join(ROLES) in str(info.value)
    with pytest.raises(ValidationError, match="role_providers"):
        Settings(role_providers="reviewer=gpt")


def test_role_providers_from_env_as_json(monkeypatch):
    monkeypatch.setenv("MEDMIRROR_ROLE_PROVIDERS", '{"reviewer": "openai"}')
    assert Settings().provider_for("reviewer") == "openai"


def test_role_providers_from_env_in_the_documented_pair_form(monkeypatch):
    monkeypatch.setenv("MEDMIRROR_ROLE_PROVIDERS", "reviewer=openai,planner=local")
    assert Settings().role_providers == {"reviewer": "openai", "planner": "local"}


def test_public_dict_hides_the_api_key():
    s = Settings(openai_api_key="sk-secret")
    data = s.public_dict()
    assert data["openai_api_key"] == "***" and "sk-secret" not in str(data)
    assert Settings().public_dict()["openai_api_key"] is None


def test_env_values_are_typed(monkeypatch, tmp_path):
    monkeypatch.setenv("MEDMIRROR_MAX_ROUNDS", "5")
    monkeypatch.setenv("MEDMIRROR_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("MEDMIRROR_OPENAI_API_KEY", "k")
    s = Settings()
    assert s.max_rounds == 5 and s.data_dir == tmp_path
    assert s.openai_api_key.get_secret_value() == "k"
    monkeypatch.setenv("MEDMIRROR_MAX_ROUNDS", "many")
    with pytest.raises(ValidationError, match="max_rounds"):
        Settings()


# ---------------------------------------------------------------------------
# Per-run context vs process configuration
# ---------------------------------------------------------------------------


def test_the_context_holds_run_fields_only_and_every_field_is_one_or_the_other() -> None:
    from medmirror.core.settings import PROCESS_FIELDS, RUN_FIELDS, RunContext

    assert set(RunContext.model_fields) == set(RUN_FIELDS)
    assert set(RUN_FIELDS) | set(PROCESS_FIELDS) == set(Settings.model_fields)
    assert not set(RUN_FIELDS) & set(PROCESS_FIELDS)
    secrets = {n for n, f in Settings.model_fields.items() if "SecretStr" in str(f.annotation)}
    assert secrets and not secrets & set(RUN_FIELDS)
    # the definitions are Settings' own: same bounds and descriptions
    assert RunContext.model_fields["theta_plan"].description == Settings.model_fields["theta_plan"].description
    with pytest.raises(ValueError):
        RunContext(theta_plan=11)
    with pytest.raises(ValueError, match="unknown preset"):
        RunContext(preset="nope")


def test_a_run_context_over_the_process_configuration() -> None:
    from medmirror.core.settings import RunContext, resolve_run

    config = Settings(data_dir="/tmp/medmirror-config-test", n_threads=1)
    s = resolve_run({"preset": "react", "theta_tool": 9}, config)
    assert (s.preset, s.use_planner, s.theta_tool) == ("react", False, 9)  # the preset's values, then explicit ones
    assert str(s.data_dir) == "/tmp/medmirror-config-test" and s.n_threads == 1  # from the process configuration
    s = resolve_run(RunContext(preset="riskagent", use_reviewer=False), config)
    assert s.plan_mode == "single_tool" and s.use_reviewer is False
    full = Settings(preset="cot", data_dir="/tmp/elsewhere")
    assert resolve_run(full, config).data_dir == full.data_dir  # a full Settings (the Python API) is used as it is


def test_a_path_or_secret_in_a_run_context_is_refused_by_name() -> None:
    from medmirror.core.settings import resolve_run

    with pytest.raises(ValueError, match="data_dir, openai_api_key: not per-run settings"):
        resolve_run({"preset": "mirror", "data_dir": "/x", "openai_api_key": "k"})


def test_a_dict_context_is_resolved_once_per_run(monkeypatch) -> None:
    """A Studio-style dict context is resolved once, not on every node call."""
    import medmirror.nodes.common as common
    from medmirror.core.models import ScriptedChatModel
    from medmirror.graphs.main import build_graph

    calls = []
    real = common.resolve_run
    monkeypatch.setattr(common, "resolve_run", lambda ctx, *a: calls.append(ctx) or real(ctx, *a))
    answer = ScriptedChatModel(responses=[{"answer": "x", "value": None, "evaluation": "e", "score": 9}])
    context = {"preset": "cot", "theta_answer": 7}  # a combination no other test resolves
    out = build_graph(preset="cot", models={"answer": answer}).invoke({"question": "What is sepsis?"}, context=context)
    assert out["status"] == "answered"
    assert calls == [context]
