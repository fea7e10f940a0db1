"""``kinfctl``: tools for operators: offline checks (no cluster needed), and ``pick`` /
``explain --live`` against a running picker."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from kinference_epp import __version__
from kinference_epp.cli.classifiers import add_classifier_commands
from kinference_epp.cli.kv_events import add_kv_events_parser, run_kv_events
from kinference_epp.cli.pick import add_pick_parser, add_request_options, run_explain_live
from kinference_epp.cli.policies import add_policy_commands
from kinference_epp.cli.tenants import TENANTS
from kinference_epp.cli.usage import add_usage_parser
from kinference_epp.config import reference
from kinference_epp.config.model import EppConfig
from kinference_epp.config.yamlfile import ConfigError, load_yaml_model
from kinference_epp.policy.classifiers.trained import TrainedModel
from kinference_epp.policy.loader import load_paths as load_policy_paths
from kinference_epp.policy.store import build as build_policies
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.resources.problems import Problem, errors
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.tenancy.loader import build as build_tenants
from kinference_epp.tenancy.loader import load_paths as load_tenant_paths


def _sources(config: EppConfig) -> tuple[list[str], list[Problem]]:
    """Load the policies and tenants the config names as ``serve`` loads them at start
    (the same loader, the same checks), so ``ok`` here means they load there."""
    counts: list[str] = []
    problems: list[Problem] = []
    if config.policies:
        policies, found, _ = load_policy_paths(config.policies)
        problems += found
        if not errors(found):
            problems += build_policies(policies)[1]
        counts.append(f"{len(policies)} policies")
    if config.tenancy is not None and config.tenancy.tenants:
        tenants, found, _ = load_tenant_paths(config.tenancy.tenants)
        problems += found
        if not errors(found):
            problems += build_tenants(tenants)[1]
        counts.append(f"{len(tenants)} tenants")
    if config.classifier_model:
        try:
            model = TrainedModel.load(config.classifier_model)
        except ValueError as exc:
            problems.append(Problem(config.classifier_model, None, str(exc)))
        else:
            counts.append(f"a classifier model of {model.prompts} prompts")
    return counts, problems


def _cmd_check_config(args: argparse.Namespace) -> int:
    failed = False
    for path in args.files:
        try:
            config = load_yaml_model(path, EppConfig)
        except ConfigError as exc:
            print(exc, file=sys.stderr)
            failed = True
            continue
        try:
            # Building the scheduler checks plug-in names and parameters too.
            Scheduler(config.scheduler, PoolDatastore.from_config(config.pool))
        except ValueError as exc:
            print(f"{path}: scheduler: {exc}", file=sys.stderr)
            failed = True
            continue
        counts, problems = _sources(config)
        for problem in problems:
            print(problem, file=sys.stderr)
        if errors(problems):
            failed = True
            continue
        print(
            f"{path}: ok ({len(config.pool.endpoints)} endpoints, router "
            f"{config.scheduler.router}{''.join(', ' + c for c in counts)})"
        )
    return 1 if failed else 0


def _cmd_config_reference(args: argparse.Namespace) -> int:
    if args.out is None:
        if args.check:
            print("config-reference: --check needs --out FILE", file=sys.stderr)
            return 2
        sys.stdout.write(reference.render())
        return 0
    current = reference.write(args.out, check=args.check)
    if args.check and not current:
        print(f"{args.out} is stale: run `make docs`", file=sys.stderr)
        return 1
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kinfctl", description=__doc__)
    parser.add_argument("--version", action="version", version=f"kinfctl {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check-config", help="validate picker config files (file:line errors)")
    check.add_argument("files", nargs="+", type=Path)
    check.set_defaults(func=_cmd_check_config)
    ref = sub.add_parser(
        "config-reference", help="the configuration reference (Markdown) from the config models"
    )
    ref.add_argument("--out", type=Path, help="write it here (default: print it)")
    ref.add_argument("--check", action="store_true", help="exit 1 if --out differs; write nothing")
    ref.set_defaults(func=_cmd_config_reference)
    add_kv_events_parser(sub).set_defaults(func=run_kv_events)
    add_policy_commands(sub, others=(TENANTS,), live_explain=run_explain_live)
    add_classifier_commands(sub)
    add_request_options(sub.choices["explain"], live_explain=True)
    add_pick_parser(sub)
    add_usage_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
