VENV ?= .venv
# the interpreter the virtual environment is made from (tools/pick_python.sh says which, and why)
PYTHON ?= $(shell sh tools/pick_python.sh)
PY := $(VENV)/bin/python
# the card reference beside the checkout, for `make conformance`
REFERENCE ?= ../shared/reference/cards.json

.PHONY: play serve test conformance lint bench loadtest compile test-compiled remove-compiled \
	clean-compiled learn check-rl

# Every tool and library comes pinned from constraints.txt (tools are upgraded on purpose).
# The rl extras come too, so that `make test` tests the learning environments (docs/rl.md):
# torch is pinned to its CPU build (torch==...+cpu), which a plain `torch` would not be.
$(VENV)/.installed: pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -c constraints.txt pip
	$(PY) -m pip install -q -c constraints.txt -e '.[dev,lab,web,rl,openspiel,learn-rl,nn,learn]'
	touch $@

# What `make compile` needs besides mypy: setuptools, pinned like the rest.
$(VENV)/.compile-tools: $(VENV)/.installed constraints.txt
	$(PY) -m pip install -q -c constraints.txt setuptools
	touch $@

play: $(VENV)/.installed
	$(VENV)/bin/smashup play

# The browser game: open http://127.0.0.1:8000/ (SERVE_ARGS="--port 9000 --db games.db" to change)
SERVE_ARGS ?=
serve: $(VENV)/.installed
	$(VENV)/bin/smashup serve $(SERVE_ARGS)

# 200 games of random players over WebSockets on loopback for 2 minutes: decisions per second,
# latency, and a check that no decision was lost or applied twice (docs/web.md)
loadtest: $(VENV)/.installed
	$(PY) tools/loadtest.py --games 200 --seconds 120

# The suite runs on every core (pytest-xdist), a test file per worker at a time so that a file's
# shared fixtures (a server, a browser) are made once: TEST_JOBS=1 runs it in one process.
TEST_JOBS ?= auto
PARALLEL := $(if $(filter 1,$(TEST_JOBS)),,-n $(TEST_JOBS) --dist loadfile)

# Needs nothing beside the checkout (no C compiler). It tests the pure-Python package: compiled
# modules would shadow their sources, so they are removed first (their build cache stays, and
# the next `make compile` reuses it).
test: $(VENV)/.installed remove-compiled
	$(VENV)/bin/ruff check src tests conformance tools
	$(VENV)/bin/mypy
	SMASHUP_EXPECT_COMPILED=0 $(PY) -m pytest $(PARALLEL)

# The engine, cards and agents compiled with mypyc into extension modules beside their sources
# in src/, which the editable install then imports. Needs a C compiler and the Python headers.
compile: $(VENV)/.compile-tools
	$(PY) tools/mypyc_build.py

# The same pytest suite on the compiled build (a test checks that it really is compiled).
# PY_IGNORE_IMPORTMISMATCH: the doctests of a compiled module come from its .so, not its .py.
# The browser game's tests are left out here: they check the page and the server, which
# compiling does not change (`make loadtest`, which CI runs after this, drives the server on
# the compiled engine).
test-compiled: compile
	SMASHUP_EXPECT_COMPILED=1 PY_IGNORE_IMPORTMISMATCH=1 $(PY) -m pytest $(PARALLEL) --ignore=tests/browser \
		--ignore=tests/server

# Back to the pure-Python package.
remove-compiled:
	find src -name '*.so' -delete

clean-compiled: remove-compiled
	rm -rf build/mypyc

# Checks the cards' printed facts and the own-words rule against ../shared/reference/cards.json.
conformance: $(VENV)/.installed
	SMASHUP_REFERENCE=$(REFERENCE) $(PY) -m pytest conformance

bench: $(VENV)/.installed
	$(VENV)/bin/smashup bench

# The worked example of docs/rl.md: MaskablePPO against the random player (about an hour on
# one shared core), then 400 games of evaluation; the curve and model go to runs/ppo.
learn: $(VENV)/.installed
	$(VENV)/bin/smashup learn --minutes 58 --factions dinosaurs,robots aliens,zombies --seed 1 \
		--out runs/ppo

# The action encoding over 10,000 random games (docs/rl.md): no id shared by different moves.
check-rl: $(VENV)/.installed
	$(PY) -m smashup.rl.check --games 10000
