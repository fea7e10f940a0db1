"""Entry points: ``kinference-epp`` (serve, sim, demo, bench) and ``kinfctl``."""
