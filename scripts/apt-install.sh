# Sourced by scripts/image.sh and scripts/compose-check.sh: `apt_install <who> <package>…` installs Debian's packages
# that are missing (as root; otherwise it says which and fails), waiting for apt's lock if another install holds it.
apt_install() {
  local who=$1
  shift
  (($#)) || return 0
  if [[ $(id -u) != 0 ]]; then
    echo "$who: missing $*: apt-get install $*" >&2
    return 1
  fi
  echo "$who: installing with apt: $*" >&2
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "$@" >/dev/null
}
