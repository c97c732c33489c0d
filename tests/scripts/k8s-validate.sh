#!/bin/bash
# Validates Kubernetes manifests against the Kubernetes API's own schemas, strictly (a field the API
# does not know fails too): kubernetes-validate from PyPI, which ships the schemas, so nothing is
# fetched while validating. Installed into a venv the first time.
#   k8s-validate.sh FILE...      against Kubernetes 1.30 (K8S_VERSION to choose another)
set -euo pipefail
VENV=${K8S_VALIDATE_VENV:-${TMPDIR:-/tmp}/nacosx-k8s-validate}
if ! "$VENV/bin/kubernetes-validate" --version >/dev/null 2>&1; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q "kubernetes-validate==1.37.0"
fi
exec "$VENV/bin/kubernetes-validate" --strict --kubernetes-version "${K8S_VERSION:-1.30}" "$@"
