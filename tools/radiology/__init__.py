"""Radiology agent platform (RadA-BenchPlat style), offline and seeded.

- :mod:`schema`   anatomies, modalities, the 22 combinations, data items, the 10 tool categories
- :mod:`vocab`    curated per-combination vocabularies shipped in ``data/*.json``
- :mod:`records`  seeded synthetic cases with ground truth (``generate_records``)
- :mod:`tasks`    the 11 task types, their gold tool-category chains and ``make_task``
- :mod:`cards`    radiology tool cards and a catalogue generator
- :mod:`simulate` simulated execution of a card against a record (LangChain StructuredTool)
- :mod:`toolsets` tool sets under the Baseline / Redundant / Insufficient / Differentiated conditions
- :mod:`protocol` the agent's step answers (Call, EndCall, NoCall) and tool-build requests
- :mod:`metrics`  chain, execution, output, text and unsolvability metrics
"""
