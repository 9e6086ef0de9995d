# pygames: `make serve` and `make test` do all the set-up themselves (venv, npm, build,
# and for tests Debian's chromium when missing and root). Stamp files keep reruns quick.

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
CHROMIUM ?= /usr/bin/chromium
HEADLESS_SHELL := /usr/lib/chromium/chromium-headless-shell
# Test processes (pytest-xdist). Browser tests wait on Python loading in the page as much as on
# the CPU, so two processes pay even on a 2-core machine.
JOBS ?= 2
PYTEST := $(PY) -m pytest -n $(JOBS) --dist worksteal

VENV_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
DIST_STAMP := dist/build.json
# The node unit tests of the JavaScript's pure helpers.
JS_TESTS := tests-js/*.test.mjs
BUILD_INPUTS := $(shell find web pygames scripts -type f -not -path '*/__pycache__/*' -not -name '*.pyc' 2>/dev/null) package.json

.PHONY: help setup build serve signal test lint typecheck contract unit test-js e2e screenshots chromium bench bench-web bench-assist bench-pace bench-across bench-paint soak soak-tests wheel clean

help:
	@echo "make serve   set up, build, and serve the site at http://$(HOST):$(PORT)/"
	@echo "make signal  a PeerJS signalling server on port 9000 (play across devices far apart: type ws://<address>:9000/pygames in the room)"
	@echo "make test    set up (chromium included) and run lint, types, unit and browser tests"
	@echo "make build   build the site into dist/"
	@echo "make screenshots  the browser tests, saving their screenshots in e2e/artifacts/ to look at (TESTS=e2e/test_x.py: some)"
	@echo "make lint    ruff and mypy (Python); eslint and tsc (JavaScript)"
	@echo "make contract  write web/js/views.d.ts (the views' TypeScript) from their TypedDicts"
	@echo "make bench   speed figures of every game (ratios to random) and a short arena run"
	@echo "make bench-web  engine ready in Chromium (cold, warm), long tasks in whole games, Pyodide/CPython (BASE=dir: compare a build)"
	@echo "make bench-assist  a hint's latency and a whole game's review time in Chromium, per game"
	@echo "make bench-pace  a person's wait for the bots at each speed (Humble Tea Party, 4 players)"
	@echo "make bench-across  a decision's time to every device of a table across devices; the bytes it adds"
	@echo "make bench-paint  raster CPU of a full repaint of each game's table, against a floor with no textures"
	@echo "make soak    10,000 random games at every game and player count; 10,000 fuzzed bridge calls, saves and links"
	@echo "make wheel   the Python wheel and sdist (python -m build) in build/wheel/, checked by twine"
	@echo "make soak-tests  the slow tests in full (conformance batches; browser games to their end: make test plays their first games or decisions) and the soak browser tests (make test checks once what they repeat)"
	@echo "make clean   remove dist/ and test artifacts (make distclean: also .venv, node_modules)"

$(VENV_STAMP): pyproject.toml constraints.txt
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test,dev]' -c constraints.txt
	@touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

setup: $(VENV_STAMP) $(NODE_STAMP)

$(DIST_STAMP): $(VENV_STAMP) $(NODE_STAMP) $(BUILD_INPUTS)
	$(PY) scripts/build_site.py

build: $(DIST_STAMP)

serve: build
	@echo "Open http://$(HOST):$(PORT)/"
	$(PY) scripts/serve.py --dir dist --host $(HOST) --port $(PORT)

# A PeerJS signalling server for play across devices far apart (README), from the pinned dev
# dependency: type ws://<this machine's address>:9000/pygames in the host's room.
signal: $(NODE_STAMP)
	node node_modules/peer/dist/bin/peerjs.js --port 9000 --path /pygames

# The browser tests run in the headless shell (faster) and the full browser (a test of what only
# it does, and the benchmarks): Debian's two packages of the same Chromium.
chromium:
	@if [ ! -x "$(CHROMIUM)" ] || [ ! -x "$(HEADLESS_SHELL)" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get update -qq && apt-get install -y -qq chromium chromium-headless-shell >/dev/null; \
	  elif [ ! -x "$(CHROMIUM)" ]; then \
	    echo "Chromium is missing: install Debian's chromium and chromium-headless-shell" \
	      "packages (sudo apt-get install chromium chromium-headless-shell)" >&2; \
	    exit 1; \
	  else \
	    echo "chromium-headless-shell is missing: the browser tests run in the full browser" \
	      "(slower; sudo apt-get install chromium-headless-shell)"; \
	  fi; \
	fi
	@# Japanese text needs a font with its glyphs, or screenshots show boxes.
	@if command -v fc-list >/dev/null && [ -z "$$(fc-list :lang=ja)" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get update -qq && apt-get install -y -qq fonts-noto-cjk >/dev/null; \
	  else \
	    echo "No Japanese font: install Debian's fonts-noto-cjk (sudo apt-get install fonts-noto-cjk)" >&2; \
	  fi; \
	fi

lint: $(VENV_STAMP) $(NODE_STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m mypy --strict scripts
	npx eslint .
	npx tsc -p tsconfig.json
	npx tsc -p tsconfig.app.json
	npx tsc -p tsconfig.games.json

# web/js/views.d.ts from the TypedDicts of the views (tests/test_contract.py fails when stale).
contract: $(VENV_STAMP)
	$(PY) scripts/contract.py

typecheck: lint

# The JavaScript's unit tests: node's own runner, no browser.
test-js: $(NODE_STAMP)
	node --test --test-reporter=spec $(JS_TESTS)

unit: $(VENV_STAMP) test-js
	$(PYTEST) tests

# One build per run: every test process reads dist/ (PYGAMES_SITE) instead of building its own.
e2e: build chromium
	PYGAMES_SITE=$(CURDIR)/dist $(PYTEST) e2e

# The run ends with its 25 slowest tests: where a run's time goes, in every CI log.
test: build chromium lint test-js
	PYGAMES_SITE=$(CURDIR)/dist $(PYTEST) --durations=25 tests e2e

# The browser tests again, saving the screenshots they take (e2e/artifacts/*.png) for a person
# to look at after a change to the page. TESTS=<files or ids> narrows the run.
TESTS ?= e2e
screenshots: build chromium
	rm -rf e2e/artifacts
	PYGAMES_SITE=$(CURDIR)/dist PYGAMES_SCREENSHOTS=1 $(PYTEST) $(TESTS)
	@echo "screenshots in e2e/artifacts/"

bench: $(VENV_STAMP)
	$(PY) -m pygames bench
	$(PY) -m pygames arena tanbo --a strong --b normal --games 4 --seed 1 --budget 0.4

# Start-up in the browser: cold and warm ready, first-visit bytes. BASE=<a built folder> (e.g. an
# older build) adds it to the same interleaved run; ratios are to the first site. Not a test.
BENCH_TRIALS ?= 5
bench-assist: build chromium
	$(PY) scripts/bench_assist.py --site dist

bench-pace: build chromium
	$(PY) scripts/bench_pace.py --site dist

bench-across: build chromium
	$(PY) scripts/bench_across.py --site dist

bench-paint: build chromium
	$(PY) scripts/bench_paint.py --site dist

bench-web: build chromium
	$(PY) scripts/bench_web.py --bare --floor $(if $(BASE),--site base=$(BASE)) --site dist=dist --trials $(BENCH_TRIALS) --play --python

# The soak: 10,000 seeded random games at every game and player count, 10,000 fuzzed bridge
# calls, 10,000 fuzzed operations on the page's saves and 10,000 damaged share links
# (tests/soak.py, tests-js/fuzz.mjs); soak-tests: the tests marked slow in full (the
# conformance batches, and in the browser games played to their end) and the browser tests
# marked soak (a check of make test repeated for the other games, sizes, player counts, orders).
# The full soak takes hours: SOAK_JOURNAL=<file> keeps finished batches there, and the same
# command continues from it after a stop.
SOAK_GAMES ?= 10000
SOAK_CALLS ?= 10000
SOAK_SAVES ?= 10000
SOAK_LINKS ?= 10000
soak: $(VENV_STAMP) $(NODE_STAMP)
	$(PY) -m tests.soak --games $(SOAK_GAMES) --calls $(SOAK_CALLS) --saves $(SOAK_SAVES) --links $(SOAK_LINKS) --workers $(JOBS) $(if $(SOAK_JOURNAL),--journal $(SOAK_JOURNAL))

# The rules as a package: the wheel and sdist, with this environment's setuptools (pinned).
wheel: $(VENV_STAMP)
	rm -rf build/wheel
	$(PY) -m build --no-isolation --outdir build/wheel .
	$(PY) -m twine check --strict build/wheel/*

soak-tests: build chromium
	PYGAMES_SITE=$(CURDIR)/dist PYGAMES_SOAK=1 $(PYTEST) tests e2e -m "slow or soak"

clean:
	rm -rf dist e2e/artifacts test-results .pytest_cache

distclean: clean
	rm -rf $(VENV) node_modules
