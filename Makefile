# Every target creates the local virtual environment from requirements.txt on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
READY := $(VENV)/.ready

.PHONY: test test-cpython test-micropython sim bench clean

$(READY): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

test: $(READY)
	$(BIN)/python -m pytest -q tests
	$(BIN)/python tests/run_micropython.py

test-cpython: $(READY)
	$(BIN)/python -m pytest -q tests

test-micropython: $(READY)
	$(BIN)/python tests/run_micropython.py

sim: $(READY)
	$(BIN)/python -m sim

bench: $(READY)
	$(BIN)/python -m tools.bench

clean:
	rm -rf $(VENV) build .pytest_cache
