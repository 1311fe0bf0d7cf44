# Sourced by the scripts: puts the Swift toolchain on PATH when it is not there yet, and
# writes the commit a build is made from beside the binary.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

# The commit the checkout is at, as springlab.commit holds it: the full hash of HEAD, with
# "-dirty" after it when tracked files differ from it; "unknown" without git or outside a
# checkout.
springlab_build_commit() {
  local root hash
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  if hash="$(git -C "$root" rev-parse --verify -q HEAD 2>/dev/null)" && [ -n "$hash" ]; then
    git -C "$root" --no-optional-locks diff --quiet HEAD -- 2>/dev/null || hash="$hash-dirty"
    printf '%s\n' "$hash"
  else
    echo unknown
  fi
}

# Writes springlab.commit beside a binary just built (the argument), whole: what
# `springlab --version` names as the commit it was built from.
springlab_write_commit() {
  local dir tmp
  dir="$(dirname "$1")"
  tmp="$dir/.springlab.commit.$$"
  springlab_build_commit > "$tmp" && mv -f -- "$tmp" "$dir/springlab.commit"
}
