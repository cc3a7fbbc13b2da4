VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: play test lint bench

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

play: $(VENV)/.installed
	$(VENV)/bin/smashup play

test: $(VENV)/.installed
	$(VENV)/bin/ruff check src tests
	$(VENV)/bin/mypy
	$(PY) -m pytest

bench: $(VENV)/.installed
	$(VENV)/bin/smashup bench
