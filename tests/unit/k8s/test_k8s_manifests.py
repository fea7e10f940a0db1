"""The Helm chart and the plain manifests: rendered the same, valid, least-privilege.

``deploy/kubernetes/render.py`` renders the chart with Helm's own renderer (helm-python-sdk,
no helm binary); these tests check that the committed manifests are exactly that rendering, that every built-in object passes ``kubernetes-validate`` (strict, so unknown
fields fail), that InferencePolicy examples and the picker's status writes validate against
the generated CRD schema, and that values validate against ``values.schema.json``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import kubernetes_validate
import pytest
import yaml
from helm_python import HelmRenderError

from chart_render import load_renderer
from kinference_epp.config.kubernetes import KubernetesConfig
from kinference_epp.config.model import EppConfig
from kinference_epp.k8s.pods import parse_pool
from kinference_epp.k8s.status import Verdict, ancestor_ref, desired_status
from kinference_epp.policy.model import InferencePolicy

ROOT = Path(__file__).resolve().parents[3]
CHART = ROOT / "charts" / "kinference"
DEPLOY = ROOT / "deploy" / "kubernetes"
GENERATED_CRD = ROOT / "deploy" / "crds" / "inferencepolicies.kinference.io.yaml"
CHART_CRD = CHART / "files" / "crds" / "inferencepolicies.kinference.io.yaml"
K8S_VERSIONS = ("1.29.0", "1.33.0")
"""The chart's kubeVersion floor and a current release."""

BUILT_IN = {
    "v1",
    "apps/v1",
    "rbac.authorization.k8s.io/v1",
    "policy/v1",
}


render = load_renderer()


def documents(text: str) -> list[dict[str, Any]]:
    return [d for d in yaml.safe_load_all(text) if d]


def rendered_docs(overrides: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    return documents(render.render_chart(None, overrides))


def by_kind(docs: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    (doc,) = [d for d in docs if d["kind"] == kind]
    return doc


def crd_schema() -> dict[str, Any]:
    crd = yaml.safe_load(GENERATED_CRD.read_text())
    (version,) = crd["spec"]["versions"]
    schema: dict[str, Any] = version["schema"]["openAPIV3Schema"]
    return schema


def validate_crd_instance(doc: dict[str, Any]) -> None:
    """The CRD schema is OpenAPI 3.0 (boolean exclusiveMaximum, as in JSON Schema draft 4)."""
    jsonschema.Draft4Validator(crd_schema()).validate(doc)


def test_committed_manifests_are_the_chart_rendered() -> None:
    for name, text in render.rendered_outputs().items():
        path = DEPLOY / name
        assert path.exists(), f"{name} missing: run python deploy/kubernetes/render.py"
        assert path.read_text() == text, f"{name} is stale: run python deploy/kubernetes/render.py"


def all_manifest_docs() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(DEPLOY.rglob("*.yaml")):
        out.extend((path.name, doc) for doc in documents(path.read_text()))
    return out


@pytest.mark.parametrize("version", K8S_VERSIONS)
def test_built_in_objects_pass_kubernetes_validate(version: str) -> None:
    checked = 0
    for _, doc in all_manifest_docs():
        if doc["apiVersion"] in BUILT_IN:
            kubernetes_validate.validate(doc, version, strict=True)
            checked += 1
    assert checked >= 6  # ServiceAccount, Role, RoleBinding, ConfigMap, Service, Deployment


def test_every_object_is_a_known_kind_with_a_name() -> None:
    known = BUILT_IN | {
        "inference.networking.k8s.io/v1",
        "kinference.io/v1alpha1",
        "gateway.networking.k8s.io/v1",
        "networking.istio.io/v1alpha3",
        "networking.istio.io/v1",
        "monitoring.coreos.com/v1",
        "apiextensions.k8s.io/v1",
        "gateway.envoyproxy.io/v1alpha1",
        "telemetry.istio.io/v1",
    }
    for name, doc in all_manifest_docs():
        assert doc["apiVersion"] in known, (name, doc["apiVersion"])
        assert doc["metadata"]["name"], name
        if doc["kind"] == "CustomResourceDefinition":
            continue  # cluster-scoped
        # the EnvoyFilter belongs to the gateway's namespace; everything else to the release's
        want = "istio-system" if doc["kind"] == "EnvoyFilter" else "default"
        assert doc["metadata"]["namespace"] == want, name


def test_inference_policy_examples_validate_against_the_crd_and_the_model() -> None:
    policies = [d for _, d in all_manifest_docs() if d["kind"] == "InferencePolicy"]
    assert policies
    for doc in policies:
        validate_crd_instance(doc)
        InferencePolicy.model_validate(doc)


def test_status_the_picker_writes_validates_against_the_crd() -> None:
    (policy,) = [d for _, d in all_manifest_docs() if d["kind"] == "InferencePolicy"]
    policy = {**policy, "metadata": {**policy["metadata"], "generation": 2}}
    for group in ("inference.networking.k8s.io", "inference.networking.x-k8s.io"):
        ref = ancestor_ref("vllm-pool", "default", group)
        for verdict in (
            Verdict(True, "Accepted", "The policy is in force."),
            Verdict(False, "Invalid", "spec.rules: too short", refs_resolved=None),
        ):
            obj = {**policy, "status": desired_status(policy, verdict, ref, "2026-01-01T00:00:00Z")}
            validate_crd_instance(obj)
            InferencePolicy.model_validate(obj)


def test_the_inference_pool_points_at_the_picker_service() -> None:
    docs = rendered_docs()
    pool = by_kind(docs, "InferencePool")
    spec = parse_pool(pool)
    assert spec.selector == {"app": "vllm"}
    assert spec.target_ports == (8000,)
    ref = pool["spec"]["endpointPickerRef"]
    service = by_kind(docs, "Service")
    assert ref["name"] == service["metadata"]["name"]
    assert ref["port"]["number"] in {p["port"] for p in service["spec"]["ports"]}
    assert ref["failureMode"] in ("FailOpen", "FailClose")


def test_the_config_map_holds_a_valid_picker_config() -> None:
    config_map = by_kind(rendered_docs(), "ConfigMap")
    config = yaml.safe_load(config_map["data"]["config.yaml"])
    k8s = KubernetesConfig.model_validate(config.pop("kubernetes"))
    assert k8s.pool.name == "vllm-pool"
    if "kubernetes" in EppConfig.model_fields:  # once the lead hangs it under EppConfig
        EppConfig.model_validate({**config, "kubernetes": k8s.model_dump()})
    else:
        EppConfig.model_validate(config)
    overridden = by_kind(
        rendered_docs({"kubernetes": {"models": {"default_models": ["m"]}}, "config": None}),
        "ConfigMap",
    )
    parsed = yaml.safe_load(overridden["data"]["config.yaml"])
    assert KubernetesConfig.model_validate(parsed["kubernetes"]).models.default_models == ["m"]
    assert set(parsed) == {"kubernetes"}


def test_deployment_probes_ports_and_security() -> None:
    deployment = by_kind(rendered_docs(), "Deployment")
    pod = deployment["spec"]["template"]["spec"]
    assert deployment["spec"]["replicas"] >= 1
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["seccompProfile"] == {"type": "RuntimeDefault"}
    (container,) = pod["containers"]
    assert container["livenessProbe"]["grpc"] == {"port": 9003, "service": "liveness"}
    assert container["readinessProbe"]["grpc"] == {"port": 9003, "service": "readiness"}
    assert {p["containerPort"] for p in container["ports"]} == {9002, 9003, 9090}
    security = container["securityContext"]
    assert security["readOnlyRootFilesystem"] is True
    assert security["allowPrivilegeEscalation"] is False
    assert security["capabilities"] == {"drop": ["ALL"]}
    assert container["resources"]["requests"]
    assert {"mountPath": "/tmp", "name": "tmp"} in container["volumeMounts"]
    config_map = by_kind(rendered_docs(), "ConfigMap")
    assert pod["volumes"][0]["configMap"]["name"] == config_map["metadata"]["name"]


def _rules(docs: list[dict[str, Any]]) -> list[tuple[str, str, tuple[str, ...]]]:
    role = by_kind(docs, "Role")
    return [
        (group, resource, tuple(rule["verbs"]))
        for rule in role["rules"]
        for group in rule["apiGroups"]
        for resource in rule["resources"]
    ]


def test_rbac_is_least_privilege() -> None:
    rules = _rules(rendered_docs())
    assert rules == [
        ("", "pods", ("get", "list", "watch")),
        ("inference.networking.k8s.io", "inferencepools", ("get", "list", "watch")),
        ("inference.networking.x-k8s.io", "inferencepools", ("get", "list", "watch")),
        ("kinference.io", "inferencepolicies", ("get", "list", "watch")),
        ("kinference.io", "inferencepolicies/status", ("patch", "update")),
        ("kinference.io", "inferencetenants", ("get", "list", "watch")),
        ("kinference.io", "inferencetenants/status", ("patch", "update")),
    ]
    no_tenants = _rules(rendered_docs({"tenants": {"enabled": False}}))
    assert all("inferencetenants" not in resource for _, resource, _ in no_tenants)
    tenant_role = by_kind(rendered_docs({"rbac": {"tenantSecrets": ["team-a-keys"]}}), "Role")
    assert tenant_role["rules"][-1] == {
        "apiGroups": [""],
        "resources": ["secrets"],
        "resourceNames": ["team-a-keys"],
        "verbs": ["get", "list", "watch"],
    }
    kubernetes_validate.validate(tenant_role, K8S_VERSIONS[-1], strict=True)
    docs = rendered_docs({"rbac": {"providerSecrets": ["openai-key"]}})
    role = by_kind(docs, "Role")
    assert role["rules"][-1] == {
        "apiGroups": [""],
        "resources": ["secrets"],
        "resourceNames": ["openai-key"],
        "verbs": ["get"],
    }
    kubernetes_validate.validate(role, K8S_VERSIONS[-1], strict=True)
    no_policies = _rules(rendered_docs({"policies": {"enabled": False}}))
    assert all("inferencepolicies" not in resource for _, resource, _ in no_policies)
    binding = by_kind(docs, "RoleBinding")
    account = by_kind(docs, "ServiceAccount")
    assert binding["subjects"][0]["name"] == account["metadata"]["name"]
    deployment = by_kind(docs, "Deployment")
    assert (
        deployment["spec"]["template"]["spec"]["serviceAccountName"] == account["metadata"]["name"]
    )


def values_schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads((CHART / "values.schema.json").read_text())
    return schema


def test_values_validate_against_the_schema() -> None:
    schema = values_schema()
    jsonschema.Draft7Validator.check_schema(schema)
    jsonschema.validate(render.chart_values(), schema)
    for overrides in render.OUTPUTS.values():
        jsonschema.validate(render.chart_values(overrides[1]), schema)


@pytest.mark.parametrize(
    "bad",
    [
        {"replicas": 0},
        {"replicaCount": 2},
        {"pool": {"targetPort": 70000}},
        {"pool": {"selector": {"app": 3}}},
        {"gateway": {"istio": {"destinationRule": "yes"}}},
        {"gateway": {"envoyGateway": {"enabled": True}}},
        {"rbac": {"providerSecrets": ["Not_A_Name"]}},
        {"rbac": {"tenantSecrets": ["Not_A_Name"]}},
        {"tenants": {"enabled": "yes"}},
        {"config": {"kubernetes": {}}},
        {"imagePullSecrets": ["ghcr-pull"]},
        {"podLabels": {"team": 3}},
        {"topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "zone"}]},
        {"tls": {"secretName": "Not_A_Name"}},
        {"tls": {"clientCa": True}},
        {"tls": {"clientCA": "yes"}},
        {"controlToken": {"secretName": "kinference-control", "secretKey": ""}},
        {"controlToken": {"secretKey": "a/b"}},
    ],
)
def test_bad_values_are_rejected(bad: dict[str, Any]) -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(render.chart_values(bad), values_schema())


def test_the_image_is_the_packages_version_by_default() -> None:
    chart = yaml.safe_load((CHART / "Chart.yaml").read_text())
    pod = by_kind(rendered_docs(), "Deployment")["spec"]["template"]["spec"]
    assert pod["containers"][0]["image"] == (
        f"ghcr.io/kinference/kinference-epp:{chart['appVersion']}"
    )
    pinned = by_kind(rendered_docs({"image": {"tag": "0.2.0-rc1"}}), "Deployment")
    assert pinned["spec"]["template"]["spec"]["containers"][0]["image"].endswith(":0.2.0-rc1")


def test_pod_scheduling_and_pull_settings_reach_the_pod() -> None:
    spread = {
        "maxSkew": 1,
        "topologyKey": "topology.kubernetes.io/zone",
        "whenUnsatisfiable": "ScheduleAnyway",
        "labelSelector": {"matchLabels": {"app.kubernetes.io/name": "kinference-epp"}},
    }
    values = {
        "imagePullSecrets": [{"name": "ghcr-pull"}],
        "podLabels": {"team": "inference", "app.kubernetes.io/name": "someone-else"},
        "podAnnotations": {"prometheus.io/scrape": "false"},
        "priorityClassName": "gateway-critical",
        "topologySpreadConstraints": [spread],
    }
    jsonschema.validate(render.chart_values(values), values_schema())
    deployment = by_kind(rendered_docs(values), "Deployment")
    template = deployment["spec"]["template"]
    pod = template["spec"]
    assert pod["imagePullSecrets"] == [{"name": "ghcr-pull"}]
    assert pod["priorityClassName"] == "gateway-critical"
    assert pod["topologySpreadConstraints"] == [spread]
    assert template["metadata"]["annotations"]["prometheus.io/scrape"] == "false"
    labels = template["metadata"]["labels"]
    assert labels["team"] == "inference"
    # the selector's own labels win: the Deployment must keep matching its pods
    assert labels["app.kubernetes.io/name"] == "kinference-epp"
    assert deployment["spec"]["selector"]["matchLabels"].items() <= labels.items()
    kubernetes_validate.validate(deployment, K8S_VERSIONS[-1], strict=True)
    default_pod = by_kind(rendered_docs(), "Deployment")["spec"]["template"]["spec"]
    assert {"imagePullSecrets", "priorityClassName", "topologySpreadConstraints"}.isdisjoint(
        default_pod
    )


def test_optional_templates_render_only_when_enabled() -> None:
    kinds = {d["kind"] for d in rendered_docs()}
    assert kinds == {
        "ServiceAccount",
        "Role",
        "RoleBinding",
        "ConfigMap",
        "Service",
        "Deployment",
        "InferencePool",
        "PodDisruptionBudget",
        "CustomResourceDefinition",
    }
    assert "InferencePool" not in {d["kind"] for d in rendered_docs({"pool": {"create": False}})}
    no_crds = {d["kind"] for d in rendered_docs({"crds": {"enabled": False}})}
    assert "CustomResourceDefinition" not in no_crds


def test_crds_are_upgraded_with_the_release_and_kept_on_uninstall() -> None:
    """Templates, not crds/ (which Helm never upgrades): the CRDs the chart renders are the
    generated ones, marked to survive ``helm uninstall`` unless crds.keep is false."""
    crds = {
        d["metadata"]["name"]: d for d in rendered_docs() if d["kind"] == "CustomResourceDefinition"
    }
    assert set(crds) == {"inferencepolicies.kinference.io", "inferencetenants.kinference.io"}
    generated = yaml.safe_load(GENERATED_CRD.read_text())
    policy_crd = crds["inferencepolicies.kinference.io"]
    assert policy_crd["spec"] == generated["spec"]
    assert policy_crd["metadata"]["annotations"]["helm.sh/resource-policy"] == "keep"
    assert not (CHART / "crds").exists()  # Helm would install those once and never again
    dropped = rendered_docs({"crds": {"keep": False}})
    for doc in dropped:
        if doc["kind"] == "CustomResourceDefinition":
            assert "helm.sh/resource-policy" not in (doc["metadata"].get("annotations") or {})


def test_a_config_change_rolls_the_pods() -> None:
    def checksum(overrides: dict[str, Any]) -> str:
        deployment = by_kind(rendered_docs(overrides), "Deployment")
        return str(deployment["spec"]["template"]["metadata"]["annotations"]["checksum/config"])

    base = checksum({})
    assert len(base) == 64
    assert checksum({"config": {"scheduler": {"router": "load"}}}) != base
    assert checksum({"replicas": 3}) == base


def test_tokenizers_can_be_mounted_with_extra_volumes_env_and_init_containers() -> None:
    overrides = {
        "extraEnv": [{"name": "HF_HUB_OFFLINE", "value": "1"}],
        "extraVolumes": [{"name": "tok", "emptyDir": {}}],
        "extraVolumeMounts": [{"name": "tok", "mountPath": "/tokenizers", "readOnly": True}],
        "initContainers": [
            {
                "name": "copy-tokenizer",
                "image": "registry.example/tokenizers:llama",
                "command": ["cp", "-r", "/llama", "/tokenizers/"],
                "volumeMounts": [{"name": "tok", "mountPath": "/tokenizers"}],
            }
        ],
        "config": {"tokenizers": {"sources": [{"models": ["llama"], "path": "/tokenizers/llama"}]}},
    }
    jsonschema.validate(render.chart_values(overrides), values_schema())
    docs = rendered_docs(overrides)
    deployment = by_kind(docs, "Deployment")
    pod = deployment["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    assert {"name": "HF_HUB_OFFLINE", "value": "1"} in container["env"]
    assert {"name": "tok", "mountPath": "/tokenizers", "readOnly": True} in container[
        "volumeMounts"
    ]
    assert {"name": "tok", "emptyDir": {}} in pod["volumes"]
    assert pod["initContainers"][0]["name"] == "copy-tokenizer"
    kubernetes_validate.validate(deployment, K8S_VERSIONS[-1], strict=True)
    config = yaml.safe_load(by_kind(docs, "ConfigMap")["data"]["config.yaml"])
    EppConfig.model_validate(config)


def test_chart_crd_is_the_generated_crd() -> None:
    assert GENERATED_CRD.exists(), "deploy/crds/ is generated by `kinfctl crds --out deploy/crds`"
    assert CHART_CRD.read_text() == GENERATED_CRD.read_text(), (
        "charts/kinference/files/crds/ differs from deploy/crds/: "
        "kinfctl crds --out charts/kinference/files/crds"
    )


def test_streams_outlive_a_rollout_and_a_drain() -> None:
    """Long generations: the route's timeout, the pod's grace and a PDB under FailClose."""
    docs = rendered_docs({"gateway": {"httpRoute": {"enabled": True}}})
    (rule,) = by_kind(docs, "HTTPRoute")["spec"]["rules"]
    assert rule["timeouts"] == {"request": "300s"}
    pod = by_kind(docs, "Deployment")["spec"]["template"]["spec"]
    assert pod["terminationGracePeriodSeconds"] >= 130
    pdb = by_kind(docs, "PodDisruptionBudget")
    assert pdb["spec"]["minAvailable"] == 1
    assert (
        pdb["spec"]["selector"]["matchLabels"]
        == (by_kind(docs, "Deployment")["spec"]["selector"]["matchLabels"])
    )
    kubernetes_validate.validate(pdb, K8S_VERSIONS[-1], strict=True)


def test_the_istio_envoy_filter_sits_in_the_gateways_namespace() -> None:
    """An EnvoyFilter's workloadSelector only selects pods of its own namespace."""
    docs = rendered_docs({"gateway": {"istio": {"envoyFilter": True}}})
    assert by_kind(docs, "EnvoyFilter")["metadata"]["namespace"] == "istio-system"


def test_istio_dials_the_picker_over_tls() -> None:
    """Istio's native InferencePool support dials the picker over TLS: the DestinationRule
    says so for the picker's Service, and it refuses to render with the picker on plaintext."""
    tls = {"config": {"server": {"tls": {"enabled": True}}}}
    docs = rendered_docs({"gateway": {"istio": {"destinationRule": True}}, **tls})
    rule = by_kind(docs, "DestinationRule")
    service = by_kind(docs, "Service")
    assert rule["spec"]["host"] == (
        f"{service['metadata']['name']}.{service['metadata']['namespace']}.svc.cluster.local"
    )
    assert rule["spec"]["trafficPolicy"]["tls"] == {"mode": "SIMPLE", "insecureSkipVerify": True}
    config = yaml.safe_load(by_kind(docs, "ConfigMap")["data"]["config.yaml"])
    assert config["server"]["tls"]["enabled"] is True
    with pytest.raises(HelmRenderError, match=r"set config\.server\.tls\.enabled=true"):
        rendered_docs({"gateway": {"istio": {"destinationRule": True}}})


@pytest.mark.parametrize("version", K8S_VERSIONS)
def test_real_helm_lints_and_renders_the_chart(version: str) -> None:
    """Helm itself (helm-python-sdk, offline): strict lint clean, and every built-in object it
    renders, with every optional template on, passes kubernetes-validate."""
    import helm_python as helm

    report = helm.lint(str(CHART), strict=True, kube_version=f"v{version}")
    assert report["errors"] == []
    assert [m for m in report["messages"] if m["severity"] >= 2] == []
    everything = {
        "serviceMonitor": {"enabled": True},
        "gateway": {
            "httpRoute": {"enabled": True},
            "istio": {"destinationRule": True, "envoyFilter": True},
        },
        "rbac": {"providerSecrets": ["openai-key"]},
        "config": {"server": {"tls": {"enabled": True}}},
    }
    with helm.Chart.load(str(CHART)) as chart:
        rendered = chart.render(everything, name="kinference", namespace="default")
    docs = [d for text in rendered.values() for d in documents(text)]
    assert {d["kind"] for d in docs} >= {"Deployment", "PodDisruptionBudget", "HTTPRoute"}
    built_in = [d for d in docs if d["apiVersion"] in BUILT_IN]
    for doc in built_in:
        kubernetes_validate.validate(doc, version, strict=True)
    assert len(built_in) >= 7


def test_leader_election_is_an_option_with_its_lease_rights() -> None:
    lease = ("coordination.k8s.io", "leases", ("get", "create", "update"))
    assert lease not in _rules(rendered_docs())
    docs = rendered_docs({"leaderElection": {"enabled": True}})
    assert lease in _rules(docs)
    config = EppConfig.model_validate(
        yaml.safe_load(by_kind(docs, "ConfigMap")["data"]["config.yaml"])
    )
    assert config.kubernetes is not None
    assert config.kubernetes.leader_election.enabled
    env = by_kind(docs, "Deployment")["spec"]["template"]["spec"]["containers"][0]["env"]
    assert {"name": "POD_NAME", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name"}}} in env


def test_the_redis_password_comes_from_a_secret() -> None:
    """``redisPassword.secretName`` sets the variable ``tenancy.store.redis.password_env``
    names from the Secret's key; the picker's config then loads with that store."""
    redis = {"url": "redis://redis:6379/0", "password_env": "REDIS_PASSWORD"}
    overrides = {
        "redisPassword": {"secretName": "kinference-redis", "secretKey": "pw"},
        "config": {"tenancy": {"tenants": ["/etc/kinference-tenants"], "store": {"redis": redis}}},
    }
    jsonschema.validate(render.chart_values(overrides), values_schema())
    docs = rendered_docs(overrides)
    deployment = by_kind(docs, "Deployment")
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    assert {
        "name": "REDIS_PASSWORD",
        "valueFrom": {"secretKeyRef": {"name": "kinference-redis", "key": "pw"}},
    } in container["env"]
    kubernetes_validate.validate(deployment, K8S_VERSIONS[-1], strict=True)
    config = yaml.safe_load(by_kind(docs, "ConfigMap")["data"]["config.yaml"])
    assert EppConfig.model_validate(config).tenancy is not None
    default = by_kind(rendered_docs(), "Deployment")["spec"]["template"]["spec"]["containers"][0]
    assert all("secretKeyRef" not in str(e) for e in default["env"])
    with pytest.raises(HelmRenderError, match=r"needs config\.tenancy\.store\.redis\.password_env"):
        rendered_docs({"redisPassword": {"secretName": "kinference-redis"}})


def test_tenant_files_from_a_secret_are_mounted_and_configured() -> None:
    values = {"tenants": {"filesSecret": "kinference-tenants"}}
    docs = rendered_docs(values)
    pod = by_kind(docs, "Deployment")["spec"]["template"]["spec"]
    (volume,) = [v for v in pod["volumes"] if v["name"] == "tenant-files"]
    assert volume["secret"] == {"secretName": "kinference-tenants"}
    (mount,) = [m for m in pod["containers"][0]["volumeMounts"] if m["name"] == "tenant-files"]
    assert mount == {
        "name": "tenant-files",
        "mountPath": "/etc/kinference/tenants",
        "readOnly": True,
    }
    config = yaml.safe_load(by_kind(docs, "ConfigMap")["data"]["config.yaml"])
    assert config["tenancy"]["tenants"] == ["/etc/kinference/tenants"]
    # files the values already list stay, the mount comes after them
    listed = {**values, "config": {"tenancy": {"tenants": ["/etc/more-tenants"]}}}
    config = yaml.safe_load(by_kind(rendered_docs(listed), "ConfigMap")["data"]["config.yaml"])
    assert config["tenancy"]["tenants"] == ["/etc/more-tenants", "/etc/kinference/tenants"]
    EppConfig.model_validate(config)
    assert "tenancy" not in yaml.safe_load(
        by_kind(rendered_docs(), "ConfigMap")["data"]["config.yaml"]
    )


def test_a_classifier_model_from_a_config_map_is_mounted_and_configured() -> None:
    """A directory mount (a subPath mount never sees the ConfigMap's updates, so the picker's
    reload would not either) and config.classifier_model naming the file in it."""
    values = {"classifierModel": {"configMap": "kinference-classifier", "key": "m.npz"}}
    docs = rendered_docs(values)
    pod = by_kind(docs, "Deployment")["spec"]["template"]["spec"]
    (volume,) = [v for v in pod["volumes"] if v["name"] == "classifier-model"]
    assert volume["configMap"] == {"name": "kinference-classifier"}
    (mount,) = [m for m in pod["containers"][0]["volumeMounts"] if m["name"] == "classifier-model"]
    assert mount == {
        "name": "classifier-model",
        "mountPath": "/etc/kinference/classifier",
        "readOnly": True,
    }
    config = yaml.safe_load(by_kind(docs, "ConfigMap")["data"]["config.yaml"])
    assert config["classifier_model"] == "/etc/kinference/classifier/m.npz"
    EppConfig.model_validate(config)
    assert "classifier_model" not in yaml.safe_load(
        by_kind(rendered_docs(), "ConfigMap")["data"]["config.yaml"]
    )
    with pytest.raises(HelmRenderError, match="classifier_model"):
        rendered_docs({**values, "config": {"classifier_model": "/elsewhere/m.npz"}})


def test_the_network_policy_admits_only_the_gateway_and_the_scraper() -> None:
    gateway = {
        "namespaceSelector": {
            "matchLabels": {"kubernetes.io/metadata.name": "envoy-gateway-system"}
        },
        "podSelector": {"matchLabels": {"app.kubernetes.io/component": "proxy"}},
    }
    scraper = {"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}
    values = {"networkPolicy": {"enabled": True, "gateway": gateway, "metrics": scraper}}
    jsonschema.validate(render.chart_values(values), values_schema())
    docs = rendered_docs(values)
    policy = by_kind(docs, "NetworkPolicy")
    kubernetes_validate.validate(policy, K8S_VERSIONS[-1], strict=True)
    deployment = by_kind(docs, "Deployment")
    assert (
        policy["spec"]["podSelector"]["matchLabels"]
        == deployment["spec"]["selector"]["matchLabels"]
    )
    assert policy["spec"]["policyTypes"] == ["Ingress"]
    rules = {tuple(p["port"] for p in r["ports"]): r.get("from") for r in policy["spec"]["ingress"]}
    assert rules == {(9002,): [gateway], (9003,): None, (9090,): [scraper]}
    # without a scraper named, nobody may scrape; without the gateway named, no policy renders
    alone = {"networkPolicy": {"enabled": True, "gateway": gateway}}
    ports = [
        r["ports"][0]["port"]
        for r in by_kind(rendered_docs(alone), "NetworkPolicy")["spec"]["ingress"]
    ]
    assert ports == [9002, 9003]
    with pytest.raises(HelmRenderError, match=r"networkPolicy\.gateway"):
        rendered_docs({"networkPolicy": {"enabled": True}})
    assert all(d["kind"] != "NetworkPolicy" for d in rendered_docs())


def _picker_pod_and_config(values: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The pod spec (kubernetes-validated) and the picker's config (validated as EppConfig)."""
    jsonschema.validate(render.chart_values(values), values_schema())
    docs = rendered_docs(values)
    deployment = by_kind(docs, "Deployment")
    kubernetes_validate.validate(deployment, K8S_VERSIONS[-1], strict=True)
    config = yaml.safe_load(by_kind(docs, "ConfigMap")["data"]["config.yaml"])
    config.pop("kubernetes")
    EppConfig.model_validate(config)
    pod: dict[str, Any] = deployment["spec"]["template"]["spec"]
    return pod, config


def _volume_and_mount(pod: dict[str, Any], name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    (volume,) = [v for v in pod["volumes"] if v["name"] == name]
    (mount,) = [m for m in pod["containers"][0]["volumeMounts"] if m["name"] == name]
    return volume, mount


@pytest.mark.parametrize("client_ca", [False, True])
def test_the_pickers_tls_pair_comes_from_a_secret(client_ca: bool) -> None:
    """``tls.secretName`` mounts a kubernetes.io/tls Secret and points config.server.tls at
    its files; ``clientCA`` adds its ca.crt as the CA callers' certificates must chain to
    (mutual TLS: what authenticates Envoy's access log and the Pick API). The rest of
    config.server is kept."""
    values = {
        "tls": {"secretName": "kinference-epp-tls", "clientCA": client_ca},
        "config": {"server": {"score_header": True}},
    }
    pod, config = _picker_pod_and_config(values)
    volume, mount = _volume_and_mount(pod, "tls")
    assert volume["secret"]["secretName"] == "kinference-epp-tls"
    assert mount == {"name": "tls", "mountPath": "/etc/kinference/tls", "readOnly": True}
    expected = {
        "enabled": True,
        "cert_file": "/etc/kinference/tls/tls.crt",
        "key_file": "/etc/kinference/tls/tls.key",
    }
    if client_ca:
        expected["client_ca_file"] = "/etc/kinference/tls/ca.crt"
    assert config["server"]["tls"] == expected
    assert config["server"]["score_header"] is True
    # Istio's DestinationRule accepts the Secret's TLS as the picker's TLS
    rule = by_kind(
        rendered_docs({**values, "gateway": {"istio": {"destinationRule": True}}}),
        "DestinationRule",
    )
    assert rule["spec"]["trafficPolicy"]["tls"]["mode"] == "SIMPLE"


def test_the_control_token_comes_from_a_secret_as_a_file() -> None:
    """``controlToken.secretName`` mounts the Secret's key as one file and names it in
    config.server.control.token_file; other control settings stay."""
    values = {
        "controlToken": {"secretName": "kinference-control", "secretKey": "shared"},
        "config": {"server": {"control": {"allow_unauthenticated": False}}},
    }
    pod, config = _picker_pod_and_config(values)
    volume, mount = _volume_and_mount(pod, "control-token")
    assert volume["secret"]["secretName"] == "kinference-control"
    assert volume["secret"]["items"] == [{"key": "shared", "path": "token"}]
    assert mount == {
        "name": "control-token",
        "mountPath": "/etc/kinference/control",
        "readOnly": True,
    }
    assert config["server"]["control"] == {
        "allow_unauthenticated": False,
        "token_file": "/etc/kinference/control/token",
    }
    both = {"tls": {"secretName": "kinference-epp-tls", "clientCA": True}, **values}
    _, config = _picker_pod_and_config(both)
    assert config["server"]["tls"]["client_ca_file"] == "/etc/kinference/tls/ca.crt"
    assert config["server"]["control"]["token_file"] == "/etc/kinference/control/token"


def test_no_credential_mounts_by_default() -> None:
    pod, config = _picker_pod_and_config({})
    assert {v["name"] for v in pod["volumes"]} == {"config", "tmp"}
    assert "server" not in config


@pytest.mark.parametrize(
    ("values", "message"),
    [
        (
            {
                "tls": {"secretName": "t"},
                "config": {"server": {"tls": {"cert_file": "/x.crt", "key_file": "/x.key"}}},
            },
            r"tls\.secretName sets config\.server\.tls",
        ),
        (
            {
                "controlToken": {"secretName": "c"},
                "config": {"server": {"control": {"token_env": "TOKEN"}}},
            },
            r"controlToken\.secretName sets config\.server\.control\.token_file",
        ),
    ],
)
def test_a_credential_given_twice_is_refused(values: dict[str, Any], message: str) -> None:
    """A Secret and config paths of its own would leave one of them unused, silently."""
    with pytest.raises(HelmRenderError, match=message):
        rendered_docs(values)


@pytest.mark.parametrize("debug", [False, True])
def test_the_route_keeps_internal_headers_from_pods_and_clients(debug: bool) -> None:
    """The HTTPRoute removes the picker's tenant, model and scores headers before the pod, and
    the headers that name pods from responses unless ``debugHeaders`` is on."""
    route = {"enabled": True, **({"debugHeaders": True} if debug else {})}
    values = {"gateway": {"httpRoute": route}}
    jsonschema.validate(render.chart_values(values), values_schema())
    (rule,) = by_kind(rendered_docs(values), "HTTPRoute")["spec"]["rules"]
    filters = {f["type"]: f for f in rule["filters"]}
    removed = filters["RequestHeaderModifier"]["requestHeaderModifier"]["remove"]
    assert set(removed) == {"x-kinference-tenant", "x-kinference-model", "x-kinference-scores"}
    if debug:
        assert "ResponseHeaderModifier" not in filters
    else:
        response = filters["ResponseHeaderModifier"]["responseHeaderModifier"]["remove"]
        assert set(response) == {"x-kinference-upstream", "x-kinference-scores"}
