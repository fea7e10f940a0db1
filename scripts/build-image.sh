#!/usr/bin/env bash
# Builds the picker's OCI image into the local containers storage (`buildah images` lists it) as
# kinference-epp:<version> and kinference-epp:latest. Needs buildah and mmdebstrap
# (apt-get install buildah mmdebstrap) and root; no registry: the base is a Debian root file
# system made from Debian's packages. Push it with `buildah push kinference-epp:<version> <ref>`.
#
#   scripts/build-image.sh        # or: make image
#
# The base (localhost/kinference-base:<suite>) is made once and reused; remove it
# (`buildah rmi localhost/kinference-base:trixie`) to take Debian's newer packages.
set -euo pipefail
cd "$(dirname "$0")/.."

suite=${DEBIAN_SUITE:-trixie}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
base=localhost/kinference-base:$suite
python=${PYTHON:-python3}
# The CA bundle the builder's downloads are verified with: this host's (see Containerfile).
ca_bundle=${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}
version=$("$python" -c 'import re,sys; print(re.search(r"__version__ = \"(.+)\"", open(sys.argv[1]).read())[1])' src/kinference_epp/__init__.py)
uv_version=$("$python" -c 'import sys,tomllib; print(next(p["version"] for p in tomllib.load(open(sys.argv[1],"rb"))["package"] if p["name"]=="uv"))' uv.lock)

for tool in buildah mmdebstrap; do
  command -v "$tool" >/dev/null || { echo "build-image: $tool not found (apt-get install buildah mmdebstrap)" >&2; exit 2; }
done

if ! buildah inspect --type image "$base" >/dev/null 2>&1; then
  echo "build-image: making the base $base from $mirror"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  # minbase + Python + CA certificates; no documentation, manual pages or translations.
  mmdebstrap --quiet --variant=minbase --include=python3,ca-certificates \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    "$suite" "$tmp/rootfs.tar" "$mirror"
  ctr=$(buildah from scratch)
  buildah add --quiet "$ctr" "$tmp/rootfs.tar" / >/dev/null
  buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$ctr"
  buildah commit --quiet --rm "$ctr" "$base" >/dev/null
fi

echo "build-image: kinference-epp:$version (uv $uv_version, base $base)"
buildah bud --quiet --isolation chroot --layers --secret "id=cacert,src=$ca_bundle" \
  --build-arg "BASE=$base" --build-arg "UV_VERSION=$uv_version" --build-arg "VERSION=$version" \
  -f Containerfile -t "kinference-epp:$version" -t kinference-epp:latest .
scripts/run-image.sh "kinference-epp:$version" kinference-epp --version
echo "build-image: $(buildah images --format '{{.Name}}:{{.Tag}} {{.Size}}' "kinference-epp:$version")"
