"""CRD-backed resources (InferencePolicy, InferenceTenant): one lifecycle for every kind.

A kind is described once (:class:`~kinference_epp.resources.kind.ResourceKind`: its model,
which documents are its own, what a file's object adds as notes) and every step is written
once for all kinds: problems that point at ``file:line`` (``problems``, ``documents``), the
loader (``kind``), the reload of static files (``files``), the CRD generated from the models
(``crd``) and the shared metadata and status models (``model``). The Kubernetes side (watch,
coalesced apply, status writes) is ``k8s.resources`` and ``k8s.status``.
"""
