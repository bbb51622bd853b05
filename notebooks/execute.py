"""Execute the notebooks' sources and write each ``.ipynb`` with its outputs.

The sources are jupytext percent scripts (``notebooks/NN_name.py``), paired with the ``.ipynb`` next to
them (``formats: ipynb,py:percent``): review and edit the ``.py``, then run

    .venv/bin/python notebooks/execute.py                 # every notebook, full slices, writes the .ipynb
    .venv/bin/python notebooks/execute.py 03_riskagent    # one notebook
    .venv/bin/python notebooks/execute.py --small         # the test suite's small slices, writes nothing

Each notebook runs in a fresh kernel with ``MEDMIRROR_DATA_DIR`` set to a new temporary directory (so the
user's experience store and checkpoints are neither read nor written) and, with ``--small``,
``MEDMIRROR_NOTEBOOK_SMALL=1``, which the notebooks read to shrink their slices (fewer rows, fewer cases).
The seconds each notebook took are printed. ``tests/integration/test_notebooks.py`` runs them with
``--small``'s settings; ``tests/unit/test_notebook_pairing.py`` checks every ``.ipynb`` holds its source's cells.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
TIMEOUT = 1800  # seconds per cell: the full slices run the embedded model on several cases


def sources() -> list[Path]:
    """The notebooks' jupytext sources, in reading order."""
    return sorted(p for p in HERE.glob("[0-9][0-9]_*.py"))


def execute(source: Path, *, small: bool, timeout: int = TIMEOUT) -> tuple[nbformat.NotebookNode, float]:
    """Run ``source`` top to bottom in a fresh kernel; the executed notebook and the seconds it took."""
    nb = jupytext.read(source)
    nb.metadata.setdefault("kernelspec", {"display_name": "Python 3", "language": "python", "name": "python3"})
    saved = {k: os.environ.get(k) for k in ("MEDMIRROR_DATA_DIR", "MEDMIRROR_NOTEBOOK_SMALL")}
    with tempfile.TemporaryDirectory(prefix="medmirror-nb-") as data_dir:
        os.environ["MEDMIRROR_DATA_DIR"] = data_dir
        os.environ["MEDMIRROR_NOTEBOOK_SMALL"] = "1" if small else "0"
        try:
            start = time.perf_counter()
            NotebookClient(nb, timeout=timeout, kernel_name="python3",
                           resources={"metadata": {"path": str(HERE)}}).execute()
            seconds = time.perf_counter() - start
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
    return nb, seconds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="notebook names (e.g. 03_riskagent); all when none")
    ap.add_argument("--small", action="store_true", help="the test suite's small slices; the .ipynb are not written")
    args = ap.parse_args(argv)
    chosen = [p for p in sources() if not args.names or p.stem in args.names]
    if not chosen:
        print(f"no notebook named {', '.join(args.names)}; have: {', '.join(p.stem for p in sources())}",
              file=sys.stderr)
        return 2
    for src in chosen:
        nb, seconds = execute(src, small=args.small)
        if not args.small:
            jupytext.write(nb, src.with_suffix(".ipynb"), fmt="ipynb")
        print(f"{src.stem}: {seconds:.0f} s{' (small)' if args.small else ''}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
