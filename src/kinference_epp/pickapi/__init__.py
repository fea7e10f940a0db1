"""The picker's own gRPC API (``protos/kinference/v1/picker.proto``): the routing decision as a
plain call beside ext_proc, its servicer, and a typed client.

``v1`` holds the code ``scripts/gen_protos.py`` generates from the proto (committed, checked
current by a test)."""
