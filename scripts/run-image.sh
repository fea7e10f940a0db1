#!/usr/bin/env bash
# Runs a command in a local image the way a pod runs it (podman's own runtime does not work on
# every build host): a private mount namespace over the image's mounted root file system, read
# only, with a fresh /tmp (the chart's emptyDir), /proc, /dev and /dev/shm, the image's
# environment, working directory and user. Needs root and buildah.
#
#   scripts/run-image.sh [-v HOST:PATH]... [-e NAME=VALUE]... IMAGE [COMMAND ARGS...]
#
# -v binds a host folder read-only at PATH (tokenizers, a config folder); -e adds to the
# environment. Without COMMAND the image's entrypoint and command run. The container is
# removed when the command ends.
set -euo pipefail
binds=() envs=()
while getopts "v:e:" opt; do
  case $opt in
    v) binds+=("$OPTARG") ;;
    e) envs+=("$OPTARG") ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
image=${1:?usage: run-image.sh [-v HOST:PATH]... [-e NAME=VALUE]... IMAGE [COMMAND ARGS...]}
shift

ctr=$(buildah from --quiet --pull-never "$image")
trap 'buildah rm "$ctr" >/dev/null' EXIT
root=$(buildah mount "$ctr")
mapfile -t image_env < <(buildah inspect --format '{{range .OCIv1.Config.Env}}{{println .}}{{end}}' "$ctr" | sed '/^$/d')
user=$(buildah inspect --format '{{.OCIv1.Config.User}}' "$ctr")
workdir=$(buildah inspect --format '{{.OCIv1.Config.WorkingDir}}' "$ctr")
if [ $# -eq 0 ]; then
  mapfile -t entry < <(buildah inspect --format '{{range .OCIv1.Config.Entrypoint}}{{println .}}{{end}}{{range .OCIv1.Config.Cmd}}{{println .}}{{end}}' "$ctr" | sed '/^$/d')
  set -- "${entry[@]}"
fi

# Inside a new mount namespace: everything mounted here goes away with the command.
setup='set -e
root=$1; shift; nbinds=$1; shift
mount --bind "$root" "$root"
for _ in $(seq "$nbinds"); do
  spec=$1; shift
  mkdir -p "$root/${spec#*:}"
  mount --bind "${spec%%:*}" "$root/${spec#*:}"
  mount -o remount,bind,ro "$root/${spec#*:}"
done
mount -o remount,bind,ro "$root"
mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount -t tmpfs -o mode=1777 shm "$root/dev/shm"
exec "$@"'
cd /
for spec in "${binds[@]}"; do
  [ -d "${spec%%:*}" ] || { echo "run-image: no folder ${spec%%:*}" >&2; exit 2; }
  mkdir -p "$root/${spec#*:}"   # the mount point, in the container's writable layer
done
exec_args=(env -i "${image_env[@]}" "${envs[@]}" chroot --userspec="${user:-0:0}" "$root"
  sh -c 'cd "$1" && shift && exec "$@"' sh "${workdir:-/}" "$@")
# No fork: unshare, sh, env and chroot each exec the next, so $child is the command itself and
# SIGTERM / SIGINT reach it as a kubelet's would.
unshare --mount --propagation private \
  sh -c "$setup" sh "$root" "${#binds[@]}" "${binds[@]}" "${exec_args[@]}" &
child=$!
trap 'kill -TERM "$child" 2>/dev/null' TERM INT
while :; do
  status=0
  wait "$child" || status=$?
  kill -0 "$child" 2>/dev/null || break
done
exit "$status"
