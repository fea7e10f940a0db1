"""Kubernetes: pods of an InferencePool, InferencePolicy and InferenceTenant objects (and the
Secrets they name), watched and fed to the picker.

The picker uses ``k8s.source.KubernetesSource`` (built from ``config.kubernetes.KubernetesConfig``);
the layers beneath it are ``api`` (the I/O boundary), ``watch`` (list/watch and informers),
``pods`` (what a pod means for routing), ``pool``, ``policies``, ``secrets``, ``tenants`` and
``tenant_secrets``.
"""
