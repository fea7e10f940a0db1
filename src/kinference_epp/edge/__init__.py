"""Envoy-facing gRPC: the ext_proc state machine, its grpc.aio servicer, health and access logs."""
