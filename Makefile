VENV ?= .venv
PY := $(VENV)/bin/python
# the card reference beside the checkout, for `make conformance`
REFERENCE ?= ../shared/reference/cards.json

.PHONY: play test conformance lint bench

# Every tool and library comes pinned from constraints.txt (tools are upgraded on purpose).
$(VENV)/.installed: pyproject.toml constraints.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install -q -c constraints.txt pip
	$(PY) -m pip install -q -c constraints.txt -e '.[dev]'
	touch $@

play: $(VENV)/.installed
	$(VENV)/bin/smashup play

# Needs nothing beside the checkout.
test: $(VENV)/.installed
	$(VENV)/bin/ruff check src tests conformance
	$(VENV)/bin/mypy
	$(PY) -m pytest

# Checks the cards' printed facts and the own-words rule against ../shared/reference/cards.json.
conformance: $(VENV)/.installed
	SMASHUP_REFERENCE=$(REFERENCE) $(PY) -m pytest conformance

bench: $(VENV)/.installed
	$(VENV)/bin/smashup bench
