# The two commands a newcomer needs: `make run` and `make test`. Both set up .venv on first use.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench setup clean model

$(STAMP): pyproject.toml scripts/install-embedding-model.sh
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,index]'
	scripts/install-embedding-model.sh $(BIN)/python
	touch $(STAMP)

setup: $(STAMP)

# The understanding classifier, trained from ../shared/eval and a seed (a no-op when up to date; without the
# shared data it warns and understanding uses the rules alone).
model: $(STAMP)
	$(BIN)/planbot train --if-missing

run: $(STAMP) model
	$(BIN)/planbot chat

test: $(STAMP) model
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/pytest

bench: $(STAMP) model
	$(BIN)/python -m bench.understanding
	$(BIN)/python -m bench.learned_understanding
	$(BIN)/python -m bench.slot_tagger
	$(BIN)/python -m bench.conversation
	$(BIN)/python -m bench.slack_http
	$(BIN)/python -m bench.index
	$(BIN)/python -m bench.replicas_load
	$(BIN)/python -m bench.delivery_load
	$(BIN)/python -m bench.personal_names
	$(BIN)/python -m bench.random_kill
	$(BIN)/python -m bench.extract
	$(BIN)/python -m bench.serve_memory

clean:
	rm -rf $(VENV)
