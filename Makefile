# Every target creates the local virtual environment from requirements.txt on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
READY := $(VENV)/.ready

.PHONY: test check test-cpython test-micropython sim demo bench bench-director clean flash typecheck lint mp32

$(READY): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

# MicroPython's ESP32 stubs for pyright (pyrightconfig.json), in a folder of their own:
# in site-packages their time, os, random... would stand beside CPython's. Pinned here,
# since requirements.txt installs into site-packages.
STUBS := micropython-esp32-stubs==1.29.0.post1 micropython-stdlib-stubs==1.29.0.post2
TYPINGS := $(VENV)/typings/.ready
$(TYPINGS): $(READY) Makefile
	rm -rf $(VENV)/typings
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps \
		--target $(VENV)/typings $(STUBS)
	touch $@

# The 32-bit MicroPython unix port for tests/host/test_device_heap.py (the ESP32's object
# sizes), built into build/mp32/ (20 s to a minute) when gcc -m32 works, from MicroPython's
# source: MICROPY_SRC=DIR (a checkout at tools/mp32.py's TAG), else the tarball in
# ../shared/tools/micropython-i386/. Three builds: with the device bench frozen in (built
# again when the bench changes), the same with manifest.py frozen in too (again when the
# firmware changes), and the same with a heap that grows once, as an ESP32's does;
# without them those tests skip and say why.
mp32: $(READY)
	$(BIN)/python -m tools.mp32 --if-possible
	-$(BIN)/python -m tools.mp32 --if-possible --frozen
	-$(BIN)/python -m tools.mp32 --if-possible --grown

# ruff first (ruff.toml: pyflakes and pycodestyle at the project's 100 columns); pytest
# includes tests/host/test_typecheck.py, which runs pyright.
test: $(READY) $(TYPINGS) mp32
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q tests
	$(BIN)/python tests/run_micropython.py
	$(BIN)/python -m tools.fuzz all --seconds 5 --seed 1

# The fast tier, for every change (about 3 minutes on an idle machine: 106 s of CPU, 6
# December; make test before a merge): lint, the engine and app tests on both runtimes
# but the two that draw every screen in every language on every board (the goldens still
# check each screen), the recipes of docs/DEVELOPING.md and the layering, what catches a forgotten package.json, a board
# without its entries and a device's wrong error code (test_packaging, test_boards,
# test_sim_device), every fuzz target for a second, and a short soak on the simulator and
# the unix port.
SWEEPS := test_slices test_layout
CHECK_TESTS := $(filter-out $(SWEEPS),$(basename $(notdir $(wildcard tests/test_*.py))))
check: $(READY)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q -x tests --ignore=tests/host \
		$(addprefix --ignore=tests/,$(addsuffix .py,$(SWEEPS))) \
		tests/host/test_recipes.py tests/host/test_layers.py tests/host/test_one_place.py \
		tests/host/test_packaging.py tests/host/test_boards.py tests/host/test_sim_device.py
	$(BIN)/python tests/run_micropython.py $(CHECK_TESTS)
	$(BIN)/python -m tools.fuzz all --seconds 1 --seed 1
	$(BIN)/python -m tools.soak --presses 300 --seed 1
	$(BIN)/python -m tools.soak --presses 300 --seed 1 --mp

test-cpython: $(READY) $(TYPINGS)
	$(BIN)/python -m pytest -q tests

test-micropython: $(READY)
	$(BIN)/python tests/run_micropython.py

sim: $(READY)
	$(BIN)/python -m sim

bench: $(READY)
	$(BIN)/python -m tools.bench

# The tournament director (docs/PERFORMANCE.md, "The tournament director"): a 16-pair
# phase on 8 simulated tables, then 128 tables at once.
# A tournament played by 8 simulated tables (README, "A tournament"), into demo.db (made anew).
demo: $(READY)
	rm -rf demo.db demo.db-* demo.db.broker
	$(BIN)/python -m tools.director demo --pairs 16 --tables 8 --seed 1 --db demo.db \
		--web-port 8035

bench-director: $(READY)
	rm -f /tmp/truc-bench-demo.db* && $(BIN)/python -m tools.director demo --pairs 16 \
		--tables 8 --seed 1 --db /tmp/truc-bench-demo.db --runner paho
	$(BIN)/python -m tools.director.bench --tables 128 --pace 0.1

lint: $(READY)
	$(BIN)/ruff check .

typecheck: $(READY) $(TYPINGS)
	PYRIGHT_PYTHON_IGNORE_WARNINGS=1 PYRIGHT_PYTHON_GLOBAL_NODE=0 $(BIN)/pyright

# Puts the firmware on a board (docs/FLASHING.md): make flash BOARD=tdisplay
# [PORT=/dev/ttyUSB0] [DEV=1: mount and run, no flash written] [FROZEN=1: a build made
# with manifest.py].
flash: $(READY)
	@test -n "$(BOARD)" || { echo "usage: make flash BOARD=name [PORT=...]; boards:" $(basename $(notdir $(wildcard boards/*.py))); exit 2; }
	$(BIN)/python tools/deploy.py --board $(BOARD) $(if $(PORT),--port $(PORT)) $(if $(DEV),--dev) $(if $(FROZEN),--frozen)

clean:
	rm -rf $(VENV) build .pytest_cache

# Compiles the translations (firmware/app/lang_XX.py, where translators edit) into
# firmware/app/lang_XX.bin, which the firmware reads. Commit both after a change to a text
# (tests/host/test_textc.py fails while a .bin is out of date).
.PHONY: texts
texts: $(READY)
	$(BIN)/python -m tools.textc

# Regenerates firmware/ui/fonts/*.bin and docs/fonts.png from DejaVu Sans (Debian's
# fonts-dejavu-core, Bitstream Vera license). Commit what it writes.
DEJAVU := /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
.PHONY: fonts
fonts: $(READY)
	test -f $(DEJAVU) || (apt-get update && apt-get install -y fonts-dejavu-core)
	$(BIN)/python -m tools.fontconv
