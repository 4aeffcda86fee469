"""Where the engine spends its time: a sampling profile of the compiled kernels, by function.

    python benchmarks/profile.py                          # seeds_mixed mirror, greedy vs greedy
    python benchmarks/profile.py decks/lists/steppe.txt decks/lists/swamps.txt --seconds 20
    python benchmarks/profile.py --ai search --ai greedy       # the seats' pilots (default: greedy)

A child process plays games on one thread (`play_serial`, `--batch` games a call, 2,000 by default) while Linux `perf`
samples its instruction pointer; `gdb` then attaches to the child once and names each sampled
address (LLVM registers Numba's machine code with gdb's JIT interface, so the names are the
kernels' own, e.g. `simcore::rules::abilities::recompute`). Functions that Numba or LLVM inlined
count towards their caller. Prints the share of samples per function, most first.

Needs `perf` and `gdb` (Debian: `apt-get install linux-perf gdb`) and permission to use them (root,
or kernel.perf_event_paranoid <= 1). It is a developer's tool: nothing in the package uses it.
"""
import argparse
import collections
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "decks" / "lists" / "seeds_mixed.txt"

CHILD = """
import sys, time
import numpy as np
from pathlib import Path
from simcore.kernels.batch import play_serial
from simcore.matchup import make_matchup
from simcore.kernels.state import new_state, set_params
m = make_matchup(Path(sys.argv[1]), Path(sys.argv[2]), ais=tuple(sys.argv[4:6]))
S = new_state(int(sys.argv[6]))
set_params(S, m.params)
play_serial(m.table.stats, S, m.decks, m.sizes, np.uint64(1), 0, 8)      # compile or load
print("ready", flush=True)
k = 0
t0 = time.time()
while time.time() - t0 < float(sys.argv[3]):
    play_serial(m.table.stats, S, m.decks, m.sizes, np.uint64(1), k, S.shape[0])
    k += S.shape[0]
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("deck_a", nargs="?", default=str(SEEDS))
    ap.add_argument("deck_b", nargs="?", default=str(SEEDS))
    ap.add_argument("--seconds", type=float, default=15.0, help="how long perf samples")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--ai", action="append", metavar="PILOT",
                    help="the pilot of seat A, then of seat B (a spec such as search[samples=4]; "
                         "default greedy; one --ai plays both seats)")
    ap.add_argument("--batch", type=int, default=2000, help="games per kernel call")
    args = ap.parse_args()
    for tool in ("perf", "gdb"):
        if shutil.which(tool) is None:
            sys.exit(f"error: `{tool}` is not installed (Debian: apt-get install linux-perf gdb)")
    pilots = (args.ai or ["greedy"]) * 2 if len(args.ai or []) < 2 else args.ai[:2]
    child = subprocess.Popen([sys.executable, "-c", CHILD, args.deck_a, args.deck_b, str(args.seconds + 600),
                              *pilots, str(args.batch)], stdout=subprocess.PIPE, text=True)
    try:
        if child.stdout.readline().strip() != "ready":
            sys.exit("error: the child did not start")
        time.sleep(1.0)
        with tempfile.TemporaryDirectory() as tmp:
            data = Path(tmp) / "perf.data"
            subprocess.run(["perf", "record", "-F", "997", "-p", str(child.pid), "-o", str(data),
                            "--", "sleep", str(args.seconds)], check=True, capture_output=True)
            ips = subprocess.run(["perf", "script", "-i", str(data), "-F", "ip"], check=True,
                                 capture_output=True, text=True).stdout.split()
            counts = collections.Counter(ips)
            addrs = [a for a, _ in counts.most_common(3000)]
            script = Path(tmp) / "names.gdb"
            script.write_text("".join(f"info symbol 0x{a}\n" for a in addrs))
            out = subprocess.run(["gdb", "-p", str(child.pid), "-batch", "-x", str(script)],
                                 capture_output=True, text=True).stdout
    finally:
        child.kill()
    names = [line for line in out.splitlines() if " in section " in line or line.startswith("No symbol")]
    by_name = collections.Counter()
    for a, line in zip(addrs, names):
        name = line.split(" in section")[0]
        name = re.sub(r"\[abi:.*", "", name)
        name = re.sub(r" \+ \d+$", "", name)
        by_name[name] += counts[a]
    total = sum(counts.values())
    print(f"{total} samples over {args.seconds:.0f} s; share of samples per function:")
    for name, n in by_name.most_common(args.top):
        print(f"{100 * n / total:5.1f}%  {name}")


if __name__ == "__main__":
    main()
