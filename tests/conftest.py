"""Settings shared by every test."""

from hypothesis import settings

# Hypothesis's per-example deadline is a timing assertion: on a busy machine it fails tests
# whose code is correct. Speed is measured in benchmarks/, not here.
settings.register_profile("kinference", deadline=None)
settings.load_profile("kinference")
