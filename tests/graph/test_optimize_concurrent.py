"""Issue 12: the optimisation step survives the experience store's ConcurrentUpdateError (rule merge instead)."""

from __future__ import annotations

from pathlib import Path

from medmirror.bench.scoring import medcalc_scorer
from medmirror.core.models import ScriptedChatModel
from medmirror.core.settings import Settings
from medmirror.graphs.optimize import build_optimize_graph
from medmirror.memory.experience import ExperienceStore
from medmirror.memory.experience_models import ConcurrentUpdateError

from .test_reflectool import CASE, answer, call, plan


class BusyStore(ExperienceStore):
    """Another writer changes the tool's experience during every model merge."""

    def merge_experience(self, tool, new_suggestions, *, merger=None, max_items=None):
        if merger is not None:
            raise ConcurrentUpdateError(f"experience of {tool!r} changed during each merger run; not written")
        return super().merge_experience(tool, new_suggestions, max_items=max_items)


def test_optimisation_step_falls_back_to_the_rule_merge_on_a_concurrent_update(tmp_path: Path) -> None:
    store = BusyStore(tmp_path / "exp")
    store.set_experience("bmi", ["Height goes in centimetres."])
    reviewer = ScriptedChatModel(responses=[
        {"suggestion": "Use 70 kg."},
        {"suggestions": [{"tool": "bmi", "suggestion": "Weight in kg from the note."}]},
    ])
    models = {"planner": ScriptedChatModel(responses=[plan(), plan()]),
              "tool_agent": ScriptedChatModel(responses=[call(80), call(70)]),
              "answer": ScriptedChatModel(responses=[answer(80), answer(70)]), "reviewer": reviewer}
    settings = Settings.resolve("mirror", use_gates=False, data_dir=tmp_path, checkpointer="none")
    out = build_optimize_graph(store=store, scorer=medcalc_scorer, models=models).invoke({"case": CASE}, context=settings)
    assert out["outcome"] == "solved_after_reflection"
    merged = " ".join(e["detail"] for e in out["trace"] if e["event"] == "experience_merged")
    assert "rule merge (model merge failed" in merged and "changed during each merger run" in merged
    assert store.get_experience("bmi") == ["Height goes in centimetres.", "Weight in kg from the note."]
