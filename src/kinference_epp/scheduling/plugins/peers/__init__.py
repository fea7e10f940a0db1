"""Other routers' scoring rules, copied as plug-ins so the benchmark can run them side by side.

Each module copies one peer's published behaviour and names the source and version in its
docstring; none is registered as a product router (``plugins.default_registry``): the
benchmark (``bench/peers.py``) builds their chains. Their shared bookkeeping of which
blocks were routed where lives in :mod:`.picked_blocks`.
"""
