# Two commands, each doing its own set-up on a fresh machine:
#   make demo   Voila on http://127.0.0.1:8866 with the gallery (notebooks/index.ipynb)
#   make test   the whole suite: unit, property, notebooks (nbval) and browser tests
# and a measurement (not part of make test):
#   make load   20 simulated learners on a local server; LOAD_ARGS="--learners 40 --game entdecker"
#   make site   the static site in site/ (serve it with any web server); make site-from-package builds it
#               from the wheel installed alone in a new environment, as a school would (CI's site)
#   make hub    a JupyterHub in front of the pages, on this machine (BGW_CLASS_PASSWORD=...)
#   make lab    JupyterLab on http://127.0.0.1:8888/ with the lessons (tutorials/) and play pages
#   make dist   the sdist and the wheel in dist/, their metadata checked by twine

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8866
# Jupyter and IPython write under $HOME; keep the project's runs out of it.
JUPYTER_TMP := $(CURDIR)/.venv/jupyter
export JUPYTER_CONFIG_DIR  := $(JUPYTER_TMP)/config
export JUPYTER_DATA_DIR    := $(JUPYTER_TMP)/data
export JUPYTER_RUNTIME_DIR := $(JUPYTER_TMP)/runtime
export IPYTHONDIR          := $(JUPYTER_TMP)/ipython
export JUPYTER_PLATFORM_DIRS := 1

.PHONY: demo test site site-from-package chromium bench load hub lab dist clean

demo: $(VENV)/.ready-demo
	$(PY) -m widgets.serve --port=$(PORT)

# Two workers; each notebook stays on one worker (its cells share one kernel).
test: $(VENV)/.ready-test chromium
	$(PY) -m pytest -q -n 2 --dist loadfile tests notebooks tutorials --nbval-lax --nbval-kernel-startup-timeout=300 --durations=25

bench: $(VENV)/.ready-demo
	$(PY) -m engines bench endeavor-aos --players 4 --games 200

load: $(VENV)/.ready-demo
	$(PY) benchmarks/load.py $(LOAD_ARGS)

# The static site (site/): the gallery, play pages and lessons running in the browser (Pyodide, Voici).
# From the main environment, whose OpenCC makes the zh-Hans table; the build tools get a venv of their own.
site: $(VENV)/.ready-demo
	$(PY) -m widgets.site

# The same site, built by `python -m widgets site` from the package installed alone (tests/fresh_install.py).
site-from-package: $(VENV)/.ready-demo
	$(PY) tests/fresh_install.py site site

# The sdist and the wheel (dist/), built with this environment's setuptools, and their metadata checked.
dist: $(VENV)/.ready-demo
	$(PY) -m pip install -q build twine wheel
	rm -rf dist
	$(PY) -m build --no-isolation --sdist --wheel --outdir dist .
	$(PY) -m twine check --strict dist/*

# A JupyterHub on this machine (deploy/jupyterhub/): set BGW_CLASS_PASSWORD first; http://127.0.0.1:8000/
hub: $(VENV)/.ready-demo
	$(PY) -m pip install -q -e ".[hub]"
	mkdir -p -m 700 $(VENV)/hub
	BGW_HUB_STATE=$(CURDIR)/$(VENV)/hub $(VENV)/bin/jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

# JupyterLab on this machine, opening tutorials/: run a lesson or a play page with Run > Run All Cells.
# Autosave is off, so that running a lesson leaves its outputs out of the project's notebooks.
LAB_PORT ?= 8888
LAB_SETTINGS := $(JUPYTER_CONFIG_DIR)/lab/user-settings/@jupyterlab/docmanager-extension
lab: $(VENV)/.ready-lab
	mkdir -p "$(LAB_SETTINGS)" && echo '{"autosave": false}' > "$(LAB_SETTINGS)/plugin.jupyterlab-settings"
	$(VENV)/bin/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.port=$(LAB_PORT) \
		--ServerApp.port_retries=0 --ServerApp.root_dir="$(CURDIR)" --LabApp.default_url=/lab/tree/tutorials \
		$(if $(filter 0,$(shell id -u)),--allow-root)

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.ready-demo: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -q -e .
	touch $@

$(VENV)/.ready-lab: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -q -e ".[lab]"
	touch $@ $(VENV)/.ready-demo

$(VENV)/.ready-test: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -q -e ".[test,rl]"
	touch $@ $(VENV)/.ready-demo

# Browser tests drive Debian's chromium (never a downloaded browser); fonts-noto-cjk lets it draw the
# Chinese pages (without it every Chinese character is a box in a screenshot).
chromium:
	@if command -v chromium >/dev/null 2>&1 && [ -d /usr/share/fonts/opentype/noto ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then apt-get update -q && apt-get install -y -q chromium fonts-noto-cjk; \
	else echo "Browser tests need Debian's chromium and fonts-noto-cjk: run 'sudo apt-get install chromium fonts-noto-cjk' (they are skipped until then)."; fi

clean:
	rm -rf $(VENV) .venv-site site *.egg-info build dist test-artifacts
