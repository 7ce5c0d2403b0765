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

# Regenerates firmware/ui/fonts/*.py and docs/fonts.png from DejaVu Sans (Debian's
# fonts-dejavu-core, Bitstream Vera license). Commit what it writes.
DEJAVU := /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
.PHONY: fonts
fonts: $(READY)
	test -f $(DEJAVU) || (apt-get update && apt-get install -y fonts-dejavu-core)
	$(BIN)/python -m tools.fontconv
