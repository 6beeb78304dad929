#!/usr/bin/env bash
# Prints the directory of a Node binary of the major version .nvmrc names, for CI to put first on
# PATH. The machine's own node is used when it matches; otherwise Node's official build is taken from
# the npm registry (the package node-<os>-<arch>, as actions/setup-node would download it) into a
# cache outside the repository, so a machine with an older Node still runs the suites on the
# project's. Source it only for its output: `PATH="$(bash scripts/ensure-node.sh):$PATH"`.
set -euo pipefail
cd "$(dirname "$0")/.."

wanted=$(tr -d '[:space:]v' < .nvmrc)
major=${wanted%%.*}
if command -v node >/dev/null 2>&1; then
  current=$(node -p 'process.versions.node')
  if [ "${current%%.*}" = "$major" ]; then
    dirname "$(command -v node)"
    exit 0
  fi
fi

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) echo "ensure-node: no npm build of Node for $(uname -s); install Node $wanted yourself." >&2; exit 1 ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "ensure-node: no npm build of Node for $(uname -m); install Node $wanted yourself." >&2; exit 1 ;;
esac

package="node-$os-$arch"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/revolve-node"
mkdir -p "$cache"
version=$(npm view "$package@$wanted" version --json | node -e '
  const versions = [].concat(JSON.parse(require("fs").readFileSync(0, "utf8")));
  const newest = versions.sort((a, b) => a.localeCompare(b, "en", { numeric: true })).pop();
  if (!newest) process.exit(1);
  console.log(newest);')
target="$cache/$version"
if [ ! -x "$target/bin/node" ]; then
  echo "ensure-node: Node $version ($package) from the npm registry..." >&2
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  (cd "$scratch" && npm pack "$package@$version" --silent >/dev/null)
  tar -xzf "$scratch"/*.tgz -C "$scratch"
  rm -rf "$target"
  mv "$scratch/package" "$target"
fi
"$target/bin/node" -e 'process.exit(0)'
echo "$target/bin"
