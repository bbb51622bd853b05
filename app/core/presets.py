"""Presets: each published method as a configuration of the one graph family.

A preset only says which parts are on and how the bounds are set; any field can
still be overridden explicitly (keyword, CLI flag or MEDMIRROR_* variable).
"""

from __future__ import annotations

from typing import Any

PRESETS: dict[str, dict[str, Any]] = {
    # Chain of thought: the answer agent alone, no tools, no gates.
    "cot": dict(use_tools=False, use_planner=False, use_gates=False, use_stm=False, use_ltm=False, use_reviewer=False),
    # ReAct: one tool loop (choose tool or finish), observations fed back, no gates or memory resets.
    "react": dict(use_tools=True, use_planner=False, use_gates=False, use_stm=False, use_ltm=False, use_reviewer=False),
    # MIRROR: planner, score gates on plan/tool/answer, STM per subtask, LTM re-planning.
    "mirror": dict(use_tools=True, use_planner=True, plan_mode="decompose", use_gates=True, use_stm=True,
                   use_ltm=True, use_reviewer=False),
    # MIRROR with the paper's best published settings (θp = 9, 5 rounds).
    "mirror-best": dict(use_tools=True, use_planner=True, plan_mode="decompose", use_gates=True, use_stm=True,
                        use_ltm=True, use_reviewer=False, theta_plan=9, max_rounds=5),
    # RiskAgent: pick one tool from the top-N, schema-validated parameters with retry, result interpretation then
    # answer formatting (its Env3 and Env4), a reviewer of the four stages. The decider chose the tool: the tool
    # agent fills its parameters and does not switch (the reviewer may send the plan back).
    "riskagent": dict(use_tools=True, use_planner=True, plan_mode="single_tool", use_gates=False, use_stm=True,
                      use_ltm=False, use_reviewer=True, max_attempts_per_subtask=3, max_reviews=3,
                      tool_switch=False, answer_steps="interpret_then_format"),
    # ReflecTool: single loop with inner actions, experience from the store, an action verifier.
    "reflectool-refine": dict(use_tools=True, use_planner=False, use_gates=False, use_stm=False, use_ltm=False,
                              use_reviewer=False, use_experience=True, verifier="refine"),
    "reflectool-select": dict(use_tools=True, use_planner=False, use_gates=False, use_stm=False, use_ltm=False,
                              use_reviewer=False, use_experience=True, verifier="select"),
    # The ReflecTool paper's baselines on the single loop (ReAct's agent): Reflexion (retry a failed trial with
    # a verbal self-reflection, up to max_trials) and CRITIC (check the answer with a tool and revise it, up to
    # critic_rounds).
    "reflexion": dict(use_tools=True, use_planner=False, use_gates=False, use_stm=False, use_ltm=False,
                      use_reviewer=False, self_reflection="reflexion", max_trials=3),
    "critic": dict(use_tools=True, use_planner=False, use_gates=False, use_stm=False, use_ltm=False,
                   use_reviewer=False, self_reflection="critic", critic_rounds=2),
    # Everything on.
    "full": dict(use_tools=True, use_planner=True, plan_mode="decompose", use_gates=True, use_stm=True,
                 use_ltm=True, use_reviewer=True),
}

DESCRIPTIONS: dict[str, str] = {
    "cot": "answer only, no tools",
    "react": "single tool loop, no gates",
    "mirror": "planner/tool/answer score gates, STM and LTM (MIRROR)",
    "mirror-best": "MIRROR with the paper's best settings: theta_plan 9, 5 rounds",
    "riskagent": "single tool from top-N, validated parameters with retry, interpretation then formatting, four-stage reviewer (RiskAgent)",
    "reflectool-refine": "single loop with Plan/Think/Finish, experience store, iterative-refinement verifier (ReflecTool)",
    "reflectool-select": "single loop with Plan/Think/Finish, experience store, candidate-selection verifier (ReflecTool)",
    "reflexion": "single tool loop; a failed or low-confidence trial is reflected on and retried (Reflexion)",
    "critic": "single tool loop; the answer is checked with a tool and revised (CRITIC)",
    "full": "MIRROR gates and memory plus the RiskAgent reviewer",
}
