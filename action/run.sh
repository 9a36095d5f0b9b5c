#!/usr/bin/env bash
# The one step of action.yml: runs the toolscore CLI pinned to this action's own version, writes the
# outputs to $GITHUB_OUTPUT and the verdict to $GITHUB_STEP_SUMMARY (the CLI's --ci), and exits non-zero
# when a gate failed. TOOLSCORE_BIN replaces the npx command (the repository's tests use the build).
set -uo pipefail

if [[ -n "${TOOLSCORE_BIN:-}" ]]; then
  read -r -a toolscore <<<"$TOOLSCORE_BIN"
else
  version="$(node -p "require(process.argv[1]).version" "$TOOLSCORE_ACTION_PATH/package.json")"
  if [[ -z "${INPUT_STORE:-}" ]]; then
    toolscore=(npx --yes "toolscore@$version")
  else
    # The store's driver is an optional peer of toolscore: installed beside it, so toolscore finds it.
    driver="better-sqlite3@12"
    [[ "$INPUT_STORE" =~ ^postgres(ql)?:// ]] && driver="pg@8"
    toolscore=(npx --yes -p "toolscore@$version" -p "$driver" toolscore)
  fi
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

output() { printf '%s=%s\n' "$1" "$2" >>"${GITHUB_OUTPUT:-/dev/null}"; }
field() { node -e 'const v = process.argv[2].split(".").reduce((o, k) => (o == null ? o : o[k]), require(process.argv[1])); process.stdout.write(v == null ? "" : String(v));' "$1" "$2"; }
fail() { echo "toolscore action: $1" >&2; output passed false; exit 2; }

gates=()
[[ -n "${INPUT_MIN_SCORE:-}" ]] && gates+=(--min-score "$INPUT_MIN_SCORE")
[[ -n "${INPUT_FORBIDDEN:-}" ]] && gates+=(--forbidden "$INPUT_FORBIDDEN")
[[ "${INPUT_FAIL_ON_VIOLATIONS:-false}" == "true" ]] && gates+=(--fail-on-violations)
format=(--format "${INPUT_FORMAT:-auto}")
# --store=VALUE in one word: the flag's value is optional, so a separate word could be read as a file.
store=()
[[ -n "${INPUT_STORE:-}" ]] && store=("--store=$INPUT_STORE")

code=0
if [[ -n "${INPUT_MCP_SERVER:-}" ]]; then
  mcp=(mcp test --ci --report json -o "$work/scorecard.json")
  [[ -n "${INPUT_FAIL_UNDER:-}" ]] && mcp+=(--fail-under "$INPUT_FAIL_UNDER")
  "${toolscore[@]}" "${mcp[@]}" "$INPUT_MCP_SERVER" || code=$?
  [[ -f "$work/scorecard.json" ]] || fail "the MCP scorecard was not written (exit $code)"
  output score "$(field "$work/scorecard.json" score)"
  output grade "$(field "$work/scorecard.json" grade)"
  output required-call-recall ""
  output violations "$(field "$work/scorecard.json" security_issues)"
elif [[ -n "${INPUT_DATASET:-}" ]]; then
  [[ -n "${INPUT_MAX_ERRORS:-}" ]] && gates+=(--max-errors "$INPUT_MAX_ERRORS")
  # k=X gates, separated by commas or new lines; the CLI checks each (a malformed one exits 2).
  while IFS= read -r gate; do
    gate="${gate//[[:space:]]/}"
    [[ -n "$gate" ]] && gates+=(--min-pass-hat-k "$gate")
  done < <(printf '%s\n' "${INPUT_MIN_PASS_HAT_K:-}" | tr ',' '\n')
  "${toolscore[@]}" batch "$INPUT_DATASET" "${format[@]}" "${gates[@]}" "${store[@]}" --ci --no-progress \
    -o "$work/results.jsonl" --summary "$work/summary.json" || code=$?
  [[ -f "$work/summary.json" ]] || fail "the batch summary was not written (exit $code)"
  mean="$(field "$work/summary.json" score.mean)"
  output score "$mean"
  output grade "$(node -e 'const s = Number(process.argv[1]); process.stdout.write(process.argv[1] === "" ? "" : s >= 0.9 ? "A" : s >= 0.8 ? "B" : s >= 0.7 ? "C" : s >= 0.6 ? "D" : "F");' "$mean")"
  output required-call-recall "$(field "$work/summary.json" metrics.required_call_recall.mean)"
  output violations "$(node -e 'const t = require(process.argv[1]).totals; process.stdout.write(String(t.policy_violations + t.secrets + t.budget_violations));' "$work/summary.json")"
  if [[ -n "${INPUT_BASELINE:-}" ]]; then
    "${toolscore[@]}" regression "$INPUT_BASELINE" --results "$work/results.jsonl" \
      --threshold "${INPUT_REGRESSION_THRESHOLD:-0.05}" --markdown "$work/regression.md" || code=$(( code > 0 ? code : $? ))
    [[ -f "$work/regression.md" && -n "${GITHUB_STEP_SUMMARY:-}" ]] && cat "$work/regression.md" >>"$GITHUB_STEP_SUMMARY"
  fi
elif [[ -n "${INPUT_GOLD:-}" && -n "${INPUT_TRACE:-}" ]]; then
  "${toolscore[@]}" eval "$INPUT_GOLD" "$INPUT_TRACE" "${format[@]}" "${gates[@]}" "${store[@]}" --ci -o "$work/report.json" || code=$?
  [[ -f "$work/report.json" ]] || fail "the report was not written (exit $code)"
  output score "$(field "$work/report.json" summary.score)"
  output grade "$(field "$work/report.json" summary.grade)"
  output required-call-recall "$(field "$work/report.json" summary.required_call_recall)"
  output violations "$(node -e 'const r = require(process.argv[1]); process.stdout.write(String(r.summary.policy_violations + r.summary.secrets + (r.metrics.budget_metrics?.violation_count ?? 0)));' "$work/report.json")"
  if [[ -n "${INPUT_BASELINE:-}" ]]; then
    "${toolscore[@]}" regression "$INPUT_BASELINE" "$INPUT_TRACE" --gold-file "$INPUT_GOLD" "${format[@]}" \
      --threshold "${INPUT_REGRESSION_THRESHOLD:-0.05}" --markdown "$work/regression.md" || code=$(( code > 0 ? code : $? ))
    [[ -f "$work/regression.md" && -n "${GITHUB_STEP_SUMMARY:-}" ]] && cat "$work/regression.md" >>"$GITHUB_STEP_SUMMARY"
  fi
else
  fail "give gold and trace, or dataset, or mcp-server"
fi

if [[ $code -eq 0 ]]; then output passed true; else output passed false; fi
exit "$code"
