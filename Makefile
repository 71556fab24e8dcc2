PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
HOST ?= 127.0.0.1
STAMP := $(VENV)/.installed

.PHONY: up test check install cli bench clean lock

$(BIN)/python:
	$(PY) -m venv $(VENV)

$(STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# the CLI on the PATH, where pipx and `uv tool` put commands: a link to .venv/bin/caravan in ~/.local/bin
cli: $(STAMP)
	mkdir -p $(HOME)/.local/bin
	ln -sf $(abspath $(BIN))/caravan $(HOME)/.local/bin/caravan
	@case ":$$PATH:" in *":$(HOME)/.local/bin:"*) echo "caravan is on your PATH ($(HOME)/.local/bin/caravan)";; \
	  *) echo "linked $(HOME)/.local/bin/caravan; add $(HOME)/.local/bin to your PATH, or run $(abspath $(BIN))/caravan";; esac

up: $(STAMP)
	$(BIN)/caravan up --host $(HOST) --port $(PORT)

test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The fast tier, under a minute: lint, types, then every test that needs no stack and no browser (units,
# rules, goldens, contracts) on every core. REDIS_URL is cleared and CARAVAN_FAST_TIER set, so a test that
# would start a store, the API, a worker or a browser fails and says so (tests/conftest.py).
PACKAGES := games events projections service cli ai
check: $(STAMP)
	$(BIN)/ruff check $(PACKAGES)
	$(BIN)/mypy
	REDIS_URL= CARAVAN_FAST_TIER=1 $(BIN)/python -m pytest -q -n auto -m "not e2e and not slow" $(PYTEST_ARGS)

bench: $(STAMP)
	for b in bench/*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV)

# Re-pin after a deliberate upgrade: install the newest versions the ranges in pyproject.toml allow,
# run the tests, then write what was installed to constraints.txt.
lock: | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade -e '.[dev]'
	$(BIN)/python -m pytest $(PYTEST_ARGS)
	(echo '# Exact versions the project is tested with (pip install -c constraints.txt). Regenerate with: make lock'; \
	 $(BIN)/python -m pip freeze --exclude-editable) > constraints.txt
