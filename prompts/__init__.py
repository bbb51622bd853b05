"""Prompt templates, one file per role.

Each ``<role>.md`` file has a ``## system`` (the role's instructions) and a
``## user`` section; ``$name`` placeholders are filled with :class:`string.Template`
(so JSON braces in the text need no escaping). A missing variable is an error, not
an empty string.

A node that picks part of its instructions by mode (the planner's decomposition or single tool, the
reviewer's three or four stages, the verifier's refinement or selection) reads that part with
:func:`part` from ``<role>.<name>.txt``.

Every role's prompt starts the same way: one shared system message, then the task
(question and patient note), then the role's instructions and material. Calls for
one task therefore share a long token prefix, which llama.cpp keeps in its KV
cache, so the note is read once per task instead of once per call.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from string import Template
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage


@lru_cache(maxsize=None)
def load(role: str) -> tuple[Template, Template]:
    text = resources.files(__name__).joinpath(f"{role}.md").read_text(encoding="utf-8")
    if "## system" not in text or "## user" not in text:
        raise ValueError(f"prompt {role}.md needs '## system' and '## user' sections")
    system = text.split("## system", 1)[1].split("## user", 1)[0].strip()
    user = text.split("## user", 1)[1].strip()
    return Template(system), Template(user)


@lru_cache(maxsize=None)
def part(role: str, name: str) -> str:
    """A named part of a role's instructions, ``<role>.<name>.txt`` (its final newline is not part of it)."""
    return resources.files(__name__).joinpath(f"{role}.{name}.txt").read_text(encoding="utf-8").removesuffix("\n")


SHARED_SYSTEM = (
    "You are one agent of MedMirror, a team of clinical agents that answer questions about a patient with "
    "validated tools. Follow the instructions of your role. Reply with JSON only."
)


def render(role: str, **variables: Any) -> list[BaseMessage]:
    system, user = load(role)
    values = {k: str(v) for k, v in variables.items()}
    context = []
    if "question" in values:
        context.append(f"Question: {values['question']}")
    if "note" in values:
        context.append(f"Patient note:\n{values['note']}")
    role_text = f"Your role: {system.substitute(values)}"
    body = "\n\n".join([*context, role_text, user.substitute(values).rstrip()])  # an empty last part leaves no gap
    return [SystemMessage(content=SHARED_SYSTEM), HumanMessage(content=body)]
