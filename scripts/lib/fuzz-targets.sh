# Sourced by scripts/fuzz.sh and scripts/fuzz-long.sh: what each libFuzzer target takes.

# Longest input libFuzzer generates for a target (-max_len), in bytes.
fuzz_max_len() {
  case "$1" in
    fen_fuzz | san_fuzz) echo 256 ;;
    move_sequence_fuzz) echo 64 ;;
    uci_move_fuzz) echo 512 ;;
    uci_session_fuzz) echo 1024 ;;  # a few command lines; every "go" is capped at 100 nodes
    pgn_fuzz) echo 4096 ;;          # a few games; the target ignores inputs over 64 KiB
    *) echo 512 ;;
  esac
}

# "N runs, R exec/s, cov: C" from a libFuzzer log written with -print_final_stats=1.
fuzz_log_figures() {
  local log="$1" execs rate cov
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
  rate=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 || true)
  echo "$execs runs, $rate exec/s, ${cov:-cov: ?}"
}

# Recoverable UBSan checks must stop the run too; leaks count as findings.
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
