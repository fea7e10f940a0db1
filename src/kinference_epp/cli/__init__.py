"""Entry points: ``kinference-epp`` (serve, sim, demo) and ``kinfctl``."""
