"""Drug lookup (the DrugBank role), tool ``drug_lookup``.

- :mod:`table`    the drug table written for the project (``data/drugs.json``) and name
                  normalisation with ``drug-named-entity-recognition`` (offline, exact matches only)
- :mod:`drugbank` loaders for a user's DrugBank export (CSV, or XML via iterparse with DTDs/entities refused)
- :mod:`lookup`   the ``drug_lookup`` tool (card, args, runner)
"""

from __future__ import annotations

from medmirror.tools.drugs.lookup import CARD, DrugLookupArgs, availability, drug_lookup
from medmirror.tools.registry import RegisteredTool
from medmirror.tools.tooling import card_inputs, make_tool


def registered_tools() -> list[RegisteredTool]:
    card = CARD.model_copy(update={"inputs": card_inputs(DrugLookupArgs)})
    return [make_tool(card, DrugLookupArgs, drug_lookup, needs_context=True, availability=availability)]
