"""Generated from protos/kinference/v1 by scripts/gen_protos.py."""
