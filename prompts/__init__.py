"""Prompt templates, one file per role.

Each ``<role>.md`` file has a ``## system`` and a ``## user`` section; ``$name``
placeholders are filled with :class:`string.Template` (so JSON braces in the text
need no escaping). A missing variable is an error, not an empty string.
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


def render(role: str, **variables: Any) -> list[BaseMessage]:
    system, user = load(role)
    values = {k: str(v) for k, v in variables.items()}
    return [SystemMessage(content=system.substitute(values)), HumanMessage(content=user.substitute(values))]
