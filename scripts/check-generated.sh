#!/bin/sh
# Regenerates everything derived from the contract and fails when the result differs from what is committed
# (changed, added or deleted files), so a schema change without `npm run gen` cannot pass CI.
set -eu
generated="openapi/gen src/api/gen mocks/gen server/gen src/routeTree.gen.ts"
npm run --silent gen >/dev/null
# shellcheck disable=SC2086
drift="$(git status --porcelain -- $generated)"
if [ -n "$drift" ]; then
  echo "Generated files differ from the contract. Run 'npm run gen' and commit the result:" >&2
  echo "$drift" >&2
  exit 1
fi
echo "generated files match the contract"
