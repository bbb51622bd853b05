"""The experiment file: presets x settings sweeps x datasets x seeds, read from a small TOML file.

::

    name = "one_shot_small"             # the output folder's name (default: the file's stem)
    seeds = [0, 1]                      # sampling seeds (the `seed` setting); default [0]
    concurrency = 4                     # rows at once, only when every role's model is a remote server
    out = "runs/experiments/x"          # default runs/experiments/<name>; `--out` overrides

    [settings]                          # every sub-run (any setting but preset, seed and secrets)
    n_threads = 2

    [sweep]                             # crossed with every condition (lists)
    temperature = [0.0, 0.7]

    [[datasets]]
    name = "one_shot"                   # default: the file's stem
    benchmark = "medcalc"               # medcalc (default), cab or rada (their keys below)
    path = "../shared/data/medcalc/one_shot.csv"   # relative: to the current folder, else to this file's
                                        # (paths in settings, e.g. script_path, are read from the current folder)
    mode = "agent"                      # gold, retrieve, extract or agent (a condition may override it)
    every = 11                          # also skip = K, limit = N (as `bench medcalc`)

    [[conditions]]
    preset = "mirror"                   # or a list of presets
    sweep = { theta_plan = [7, 8, 9] }  # a condition's own sweep (lists), crossed
    settings = { use_checks = false }   # a condition's own fixed settings
    label = "mirror-nochecks"           # optional; default: the preset and the settings that differ
    datasets = ["one_shot"]             # optional: only these datasets (default: every one)

    [[datasets]]                        # the clinical toolbox task sets (`bench cab`): agent mode only
    name = "ehr"
    benchmark = "cab"
    dimension = "ehr"                   # knowledge, ehr, ehr_absent, ner, longdoc, longdoc_unanswerable, all, or a,b
    limit = 5                           # the first N tasks of each dimension

    [[datasets]]                        # RadA-BenchPlat-style radiology tool use (`bench rada`): agent mode only
    name = "rada_baseline"
    benchmark = "rada"
    toolset = "baseline"                # the tool-set condition (`bench rada --condition`)
    records = 1                         # synthetic records x task types
    tasks = ["organ_segmentation"]      # task types (default: all 11)
    records_seed = 0                    # the records' and tool sets' seed (the experiment's seeds are sampling seeds)
    build_tools = false                 # also limit = N

    [statistics]
    confidence = 0.95                   # bootstrap confidence level
    resamples = 9999                    # bootstrap resamples
    random_state = 0                    # bootstrap random state (fixed: the intervals are reproducible)

Every problem is an :class:`ExperimentConfigError` whose message names the key (``conditions[2].sweep.theta_pln:
unknown setting (did you mean theta_plan?)``). A condition's settings are validated with
:class:`medmirror.core.settings.Settings` for each preset, so a bad value fails before anything runs.
"""

from __future__ import annotations

import difflib
import itertools
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from medmirror.bench.cab import CabError, select_tasks
from medmirror.bench.cli import one_line_validation_error
from medmirror.bench.medcalc import MODES, BenchError, get_mode, read_medcalc_csv
from medmirror.bench.rada import RadaError, resolve_conditions, resolve_tasks
from medmirror.core.presets import PRESETS
from medmirror.core.settings import ROLES, Settings

CONFIG_KEYS = ("name", "description", "out", "seeds", "concurrency", "settings", "sweep", "datasets", "conditions",
               "statistics")
DATASET_KEYS = ("name", "benchmark", "path", "mode", "every", "skip", "limit")  # medcalc's
# the keys of each benchmark's [[datasets]] table
BENCHMARK_KEYS: dict[str, tuple[str, ...]] = {
    "medcalc": DATASET_KEYS,
    "cab": ("name", "benchmark", "dimension", "mode", "limit"),
    "rada": ("name", "benchmark", "toolset", "records", "tasks", "records_seed", "build_tools", "mode", "limit"),
}
CONDITION_KEYS = ("preset", "label", "mode", "settings", "sweep", "datasets")
STATISTICS_KEYS = ("confidence", "resamples", "random_state")
BENCHMARKS = tuple(BENCHMARK_KEYS)  # each has an adapter in experiment.py (BENCHMARKS there)
SECRETS = ("openai_api_key", "vision_api_key")
# settings a config may not set: the preset has its own key, the seed is the experiment's `seeds`
RESERVED = {"preset": "give it as the condition's `preset`", "seed": "give the seeds as the top-level `seeds` list"}
DEFAULT_CONCURRENCY = 4


class ExperimentConfigError(ValueError):
    """The experiment file cannot be used; the message names the bad key."""


@dataclass(frozen=True)
class Statistics:
    confidence: float = 0.95
    resamples: int = 9999
    random_state: int = 0


@dataclass(frozen=True)
class Dataset:
    """A benchmark's data: medcalc's CSV ``path`` and row selection, or cab's / rada's ``params`` (cab:
    ``dimension``; rada: ``toolset``, ``records``, ``tasks``, ``records_seed``, ``build_tools``)."""

    name: str
    path: Path | None
    benchmark: str = "medcalc"
    mode: str = "agent"
    every: int = 1
    skip: int = 0
    limit: int | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def selection(self) -> dict[str, Any]:
        if self.benchmark == "medcalc":
            return {"every": self.every, "skip": self.skip, "limit": self.limit}
        return {**self.params, "limit": self.limit}

    def describe(self) -> str:
        """One line for the report."""
        if self.benchmark == "medcalc":
            return (f"{self.name} (`{self.path}`, mode {self.mode}, every {self.every}, skip {self.skip}, "
                    f"limit {self.limit if self.limit is not None else 'none'})")
        params = ", ".join(f"{k} {v}" for k, v in self.selection().items() if v is not None)
        return f"{self.name} ({self.benchmark}: {params})"


@dataclass(frozen=True)
class Condition:
    """One arm: a preset with settings. ``varied`` are the settings that name it (its own and the sweeps')."""

    label: str
    preset: str
    mode: str | None
    settings: dict[str, Any]
    varied: dict[str, Any]
    datasets: tuple[str, ...] | None = None  # None: every dataset

    def runs_on(self, dataset: str) -> bool:
        return self.datasets is None or dataset in self.datasets

    @property
    def slug(self) -> str:
        return slug(self.label)


@dataclass(frozen=True)
class SubRun:
    """One (dataset, condition, seed): a benchmark run in its own folder."""

    dataset: Dataset
    condition: Condition
    seed: int

    @property
    def mode(self) -> str:
        return self.condition.mode or self.dataset.mode

    @property
    def settings(self) -> dict[str, Any]:
        return {**self.condition.settings, "seed": self.seed}

    @property
    def folder(self) -> Path:
        return Path("runs") / slug(self.dataset.name) / self.condition.slug / f"seed-{self.seed}"

    def spec(self) -> dict[str, Any]:
        """What the sub-run's records depend on; a resumed folder must have been run with the same."""
        return {"benchmark": self.dataset.benchmark, "dataset": self.dataset.name, "data": str(self.dataset.path or self.dataset.benchmark),
                "mode": self.mode, **self.dataset.selection(), "condition": self.condition.label,
                "preset": self.condition.preset, "settings": self.settings, "seed": self.seed}

    def resolved(self) -> Settings:
        """The sub-run's settings over the environment's (``MEDMIRROR_*``), with the preset applied."""
        return Settings.resolve(self.condition.preset, **self.settings)

    def remote(self) -> bool:
        """Every role's model is a remote server (model_provider openai): rows may run concurrently."""
        s = self.resolved()
        return all(s.provider_for(role) == "openai" for role in ROLES)


@dataclass(frozen=True)
class Experiment:
    name: str
    source: Path
    out: Path
    datasets: list[Dataset]
    conditions: list[Condition]
    seeds: list[int] = field(default_factory=lambda: [0])
    concurrency: int = DEFAULT_CONCURRENCY
    description: str = ""
    statistics: Statistics = Statistics()

    def subruns(self) -> list[SubRun]:
        """Every (dataset, condition, seed), datasets outermost, seeds innermost."""
        return [SubRun(d, c, s) for d in self.datasets for c in self.conditions if c.runs_on(d.name)
                for s in self.seeds]


def slug(text: str) -> str:
    """A folder name for a label: spaces become '__', anything but letters, digits and ._=+- becomes '_'."""
    return re.sub(r"[^A-Za-z0-9_.=+-]+", "_", text.strip().replace(" ", "__")) or "_"


# ---------------------------------------------------------------------------
# Reading and checking
# ---------------------------------------------------------------------------


def load_experiment(path: str | Path, out: str | Path | None = None) -> Experiment:
    """Read and check the experiment file at ``path`` (``out`` overrides its output folder)."""
    p = Path(path)
    if not p.is_file():
        raise ExperimentConfigError(f"experiment file not found: {p}")
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ExperimentConfigError(f"{p}: not a valid TOML file: {exc}") from None
    return parse_experiment(data, source=p, out=out)


def parse_experiment(data: dict[str, Any], *, source: Path, out: str | Path | None = None) -> Experiment:
    """Check a parsed experiment file; raises :class:`ExperimentConfigError` naming the first bad key."""
    where = str(source)
    _known(data, CONFIG_KEYS, "", where)
    name = _str(data.get("name", source.stem), "name", where)
    if not name.strip():
        raise ExperimentConfigError(f"{where}: name: must not be empty")
    seeds = data.get("seeds", [0])
    if not isinstance(seeds, list) or not seeds or not all(_is_int(s) for s in seeds):
        raise ExperimentConfigError(f"{where}: seeds: must be a non-empty list of integers, got {seeds!r}")
    if len(set(seeds)) != len(seeds):
        raise ExperimentConfigError(f"{where}: seeds: repeated seed(s) in {seeds}")
    concurrency = data.get("concurrency", DEFAULT_CONCURRENCY)
    if not _is_int(concurrency) or concurrency < 1:
        raise ExperimentConfigError(f"{where}: concurrency: must be an integer >= 1, got {concurrency!r}")
    common = _settings(data.get("settings", {}), "settings", where)
    common_sweep = _sweep(data.get("sweep", {}), "sweep", where)
    _no_overlap(common, common_sweep, "settings", "sweep", where)
    datasets = _datasets(data.get("datasets"), source, where)
    conditions = _conditions(data.get("conditions"), common, common_sweep, where, [d.name for d in datasets])
    statistics = _statistics(data.get("statistics", {}), where)
    for c in conditions:  # every sub-run's settings must hold for its preset
        _validate_settings(c, where)
    for d in datasets:
        for mode in sorted({c.mode or d.mode for c in conditions if c.runs_on(d.name)}):
            if d.benchmark != "medcalc" and mode != "agent":
                raise ExperimentConfigError(f"{where}: dataset {d.name!r}: a condition asks for mode {mode!r}; "
                                            f"{d.benchmark} runs in agent mode only (give that condition "
                                            f"`datasets = [...]` without it)")
            if d.benchmark == "medcalc":
                _check_dataset(d, mode, where)
    out_dir = Path(out) if out is not None else Path(_str(data.get("out", ""), "out", where) or
                                                     Path("runs") / "experiments" / slug(name))
    return Experiment(name=name, source=source, out=out_dir, datasets=datasets, conditions=conditions,
                      seeds=[int(s) for s in seeds], concurrency=int(concurrency),
                      description=_str(data.get("description", ""), "description", where), statistics=statistics)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _str(v: Any, key: str, where: str) -> str:
    if not isinstance(v, str):
        raise ExperimentConfigError(f"{where}: {key}: must be a string, got {v!r}")
    return v


def _table(v: Any, key: str, where: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise ExperimentConfigError(f"{where}: {key}: must be a table, got {v!r}")
    return v


def _known(table: dict[str, Any], keys: tuple[str, ...], prefix: str, where: str) -> None:
    for k in table:
        if k not in keys:
            hint = difflib.get_close_matches(k, keys, n=1)
            raise ExperimentConfigError(
                f"{where}: {prefix}{k}: unknown key" + (f" (did you mean {hint[0]}?)" if hint else "")
                + f"; keys here: {', '.join(keys)}")


def _setting_name(name: str, key: str, where: str) -> None:
    if name in RESERVED:
        raise ExperimentConfigError(f"{where}: {key}: not a setting here: {RESERVED[name]}")
    if name in SECRETS:
        raise ExperimentConfigError(f"{where}: {key}: secrets do not go in an experiment file; set "
                                    f"MEDMIRROR_{name.upper()} in the environment")
    if name not in Settings.model_fields:
        valid = [n for n in Settings.model_fields if n not in RESERVED and n not in SECRETS]
        hint = difflib.get_close_matches(name, valid, n=1)
        raise ExperimentConfigError(f"{where}: {key}: unknown setting" + (f" (did you mean {hint[0]}?)" if hint else "")
                                    + f"; settings: {', '.join(valid)}")


def _settings(v: Any, key: str, where: str) -> dict[str, Any]:
    table = _table(v, key, where)
    for name in table:
        _setting_name(name, f"{key}.{name}", where)
    return dict(table)


def _sweep(v: Any, key: str, where: str) -> dict[str, list[Any]]:
    table = _table(v, key, where)
    for name, values in table.items():
        _setting_name(name, f"{key}.{name}", where)
        if not isinstance(values, list) or not values:
            raise ExperimentConfigError(f"{where}: {key}.{name}: a sweep takes a non-empty list of values, got {values!r}")
        if len({repr(x) for x in values}) != len(values):
            raise ExperimentConfigError(f"{where}: {key}.{name}: repeated value(s) in {values}")
    return {k: list(v) for k, v in table.items()}


def _no_overlap(a: dict[str, Any], b: dict[str, Any], key_a: str, key_b: str, where: str) -> None:
    both = sorted(set(a) & set(b))
    if both:
        raise ExperimentConfigError(f"{where}: {key_b}.{both[0]}: also fixed in {key_a}; give it in one place")


def _mode(v: Any, key: str, where: str) -> str:
    mode = _str(v, key, where)
    if mode not in MODES:
        raise ExperimentConfigError(f"{where}: {key}: unknown mode {mode!r}; modes: {', '.join(MODES)}")
    try:
        get_mode(mode)
    except BenchError as exc:
        raise ExperimentConfigError(f"{where}: {key}: {exc}") from None
    return mode


def _positive(v: Any, key: str, where: str, lo: int) -> int:
    if not _is_int(v) or v < lo:
        raise ExperimentConfigError(f"{where}: {key}: must be an integer >= {lo}, got {v!r}")
    return int(v)


def _data_path(raw: str, source: Path) -> tuple[Path, list[Path]]:
    """A dataset path: as given (from the current folder), else beside the experiment file."""
    p = Path(os.path.expandvars(os.path.expanduser(raw)))
    tried = [p] if p.is_absolute() else [p, source.parent / p]
    for t in tried:
        if t.is_file():
            return t.resolve(), tried
    return p, tried


def _datasets(v: Any, source: Path, where: str) -> list[Dataset]:
    if not isinstance(v, list) or not v:
        raise ExperimentConfigError(f"{where}: datasets: give at least one [[datasets]] table")
    out: list[Dataset] = []
    for i, d in enumerate(v):
        key = f"datasets[{i}]"
        d = _table(d, key, where)
        benchmark = _str(d.get("benchmark", "medcalc"), f"{key}.benchmark", where)
        if benchmark not in BENCHMARKS:
            raise ExperimentConfigError(f"{where}: {key}.benchmark: {benchmark!r} is not supported by the experiment "
                                        f"harness (supported: {', '.join(BENCHMARKS)})")
        _known(d, BENCHMARK_KEYS[benchmark], f"{key}.", where)
        if benchmark != "medcalc":
            out.append(_agent_dataset(d, benchmark, key, where))
            continue
        if "path" not in d:
            raise ExperimentConfigError(f"{where}: {key}.path: missing (the benchmark's CSV file)")
        path, tried = _data_path(_str(d["path"], f"{key}.path", where), source)
        if not path.is_file():
            raise ExperimentConfigError(f"{where}: {key}.path: data file not found: {d['path']} (tried "
                                        + ", ".join(str(t) for t in tried) + ")")
        limit = d.get("limit")
        out.append(Dataset(
            name=_str(d.get("name", Path(d["path"]).stem), f"{key}.name", where), path=path, benchmark=benchmark,
            mode=_mode(d.get("mode", "agent"), f"{key}.mode", where),
            every=_positive(d.get("every", 1), f"{key}.every", where, 1),
            skip=_positive(d.get("skip", 0), f"{key}.skip", where, 0),
            limit=None if limit is None else _positive(limit, f"{key}.limit", where, 0),
        ))
    names = [d.name for d in out]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise ExperimentConfigError(f"{where}: datasets: name {dup[0]!r} is used twice; give each a distinct name")
    return out


def _agent_dataset(d: dict[str, Any], benchmark: str, key: str, where: str) -> Dataset:
    """A cab or rada dataset: agent mode only, its parameters checked against the benchmark's own lists."""
    mode = _str(d.get("mode", "agent"), f"{key}.mode", where)
    if mode != "agent":
        raise ExperimentConfigError(f"{where}: {key}.mode: {benchmark} runs the whole graph: mode must be 'agent'")
    limit = d.get("limit")
    limit = None if limit is None else _positive(limit, f"{key}.limit", where, 1)
    try:
        if benchmark == "cab":
            dimension = _str(d.get("dimension", "all"), f"{key}.dimension", where)
            select_tasks(dimension, limit)  # unknown dimensions fail here
            params: dict[str, Any] = {"dimension": dimension}
            name = d.get("name", f"cab-{dimension}")
        else:
            toolset = _str(d.get("toolset", "baseline"), f"{key}.toolset", where)
            resolve_conditions(toolset)
            tasks = d.get("tasks")
            if tasks is not None and not (isinstance(tasks, (str, list)) and all(isinstance(t, str) for t in tasks)):
                raise ExperimentConfigError(f"{where}: {key}.tasks: a list of task types, got {tasks!r}")
            build = d.get("build_tools", False)
            if not isinstance(build, bool):
                raise ExperimentConfigError(f"{where}: {key}.build_tools: true or false, got {build!r}")
            params = {"toolset": toolset, "records": _positive(d.get("records", 1), f"{key}.records", where, 1),
                      "tasks": resolve_tasks(tasks), "records_seed": _positive(d.get("records_seed", 0),
                                                                               f"{key}.records_seed", where, 0),
                      "build_tools": build}
            name = d.get("name", f"rada-{toolset}")
    except (CabError, RadaError) as exc:
        raise ExperimentConfigError(f"{where}: {key}: {exc}") from None
    return Dataset(name=_str(name, f"{key}.name", where), path=None, benchmark=benchmark, mode="agent", limit=limit,
                   params=params)


def _label_value(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def _conditions(v: Any, common: dict[str, Any], common_sweep: dict[str, list[Any]], where: str,
                dataset_names: list[str]) -> list[Condition]:
    if not isinstance(v, list) or not v:
        raise ExperimentConfigError(f"{where}: conditions: give at least one [[conditions]] table with a preset")
    out: list[Condition] = []
    for i, c in enumerate(v):
        key = f"conditions[{i}]"
        c = _table(c, key, where)
        _known(c, CONDITION_KEYS, f"{key}.", where)
        if "preset" not in c:
            raise ExperimentConfigError(f"{where}: {key}.preset: missing; presets: {', '.join(PRESETS)}")
        presets = c["preset"] if isinstance(c["preset"], list) else [c["preset"]]
        for p in presets:
            if not isinstance(p, str) or p not in PRESETS:
                hint = difflib.get_close_matches(str(p), list(PRESETS), n=1)
                raise ExperimentConfigError(f"{where}: {key}.preset: unknown preset {p!r}"
                                            + (f" (did you mean {hint[0]}?)" if hint else "")
                                            + f"; presets: {', '.join(PRESETS)}")
        mode = _mode(c["mode"], f"{key}.mode", where) if "mode" in c else None
        own = _settings(c.get("settings", {}), f"{key}.settings", where)
        sweep = _sweep(c.get("sweep", {}), f"{key}.sweep", where)
        _no_overlap(own, sweep, f"{key}.settings", f"{key}.sweep", where)
        _no_overlap(sweep, common_sweep, f"{key}.sweep", "sweep", where)
        _no_overlap(own, common_sweep, f"{key}.settings", "sweep", where)
        label = _str(c["label"], f"{key}.label", where) if "label" in c else None
        only = c.get("datasets")
        if only is not None:
            if not isinstance(only, list) or not only or not all(isinstance(n, str) for n in only):
                raise ExperimentConfigError(f"{where}: {key}.datasets: a non-empty list of dataset names, got {only!r}")
            unknown = [n for n in only if n not in dataset_names]
            if unknown:
                raise ExperimentConfigError(f"{where}: {key}.datasets: no dataset named {unknown[0]!r}; datasets: "
                                            f"{', '.join(dataset_names)}")
        if label is not None and len(presets) > 1:
            raise ExperimentConfigError(f"{where}: {key}.label: one label for several presets; give each its own "
                                        "[[conditions]] table")
        axes = {**sweep, **common_sweep}
        for values in itertools.product(*axes.values()) if axes else [()]:
            point = dict(zip(axes, values))
            for preset in presets:
                varied = {**own, **point}
                head = label or preset
                parts = [head, *([f"mode={mode}"] if mode and not label else []),
                         *(f"{k}={_label_value(x)}" for k, x in (point if label else varied).items())]
                out.append(Condition(label=" ".join(parts), preset=preset, mode=mode,
                                     settings={**common, **own, **point}, varied=varied,
                                     datasets=None if only is None else tuple(only)))
    labels = [c.label for c in out]
    dup = sorted({x for x in labels if labels.count(x) > 1})
    if dup:
        raise ExperimentConfigError(f"{where}: conditions: condition {dup[0]!r} appears twice; give a `label` or "
                                    "different settings")
    slugs = [c.slug for c in out]
    dup = sorted({x for x in slugs if slugs.count(x) > 1})
    if dup:
        raise ExperimentConfigError(f"{where}: conditions: two conditions share the folder name {dup[0]!r}; "
                                    "give them distinct labels")
    return out


def _validate_settings(c: Condition, where: str) -> None:
    try:
        Settings(preset=c.preset, **c.settings, seed=0)
    except (ValidationError, ValueError) as exc:
        raise ExperimentConfigError(f"{where}: condition {c.label!r}: invalid setting: "
                                    f"{one_line_validation_error(exc)}") from None


def _statistics(v: Any, where: str) -> Statistics:
    t = _table(v, "statistics", where)
    _known(t, STATISTICS_KEYS, "statistics.", where)
    conf = t.get("confidence", 0.95)
    if isinstance(conf, bool) or not isinstance(conf, (int, float)) or not 0 < conf < 1:
        raise ExperimentConfigError(f"{where}: statistics.confidence: must be a number between 0 and 1, got {conf!r}")
    return Statistics(confidence=float(conf),
                      resamples=_positive(t.get("resamples", 9999), "statistics.resamples", where, 100),
                      random_state=_positive(t.get("random_state", 0), "statistics.random_state", where, 0))


def _check_dataset(d: Dataset, mode: str, where: str) -> None:
    """The file reads as the benchmark's data with the columns ``mode`` needs (cheap: the CSV is read once here)."""
    try:
        read_medcalc_csv(d.path, get_mode(mode).required_columns)
    except BenchError as exc:
        raise ExperimentConfigError(f"{where}: dataset {d.name!r} (mode {mode}): {exc}") from None
