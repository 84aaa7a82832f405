"""Prints the 15-puzzle's target table (issue 13) from `slide bench --json` outputs.

Usage: python3 benches/korf_table.py KORF78.json HARDEST78.json KORF663.json
Each file holds the JSON lines of one `slide bench --json` run; the last line is its summary.
"""

import json
import sys


def run(path):
    lines = [json.loads(line) for line in open(path) if line.strip()]
    return [l for l in lines if not l.get("summary")], lines[-1]


def main():
    korf78, hardest78, korf663 = (run(p) for p in sys.argv[1:4])
    rows, s78 = korf78
    _, s663 = korf663
    eighty = [r for r in hardest78[0] if r["expected"] == 80]
    print(f"{'what':58} {'measured':>22}  target")
    print(f"{'Korf 100, native, one core, 7-8 tables':58} {s78['total_millis'] / 1000:>20.2f} s  <= 0.5 s")
    print(f"{'  (6-6-3 tables, same run)':58} {s663['total_millis'] / 1000:>20.2f} s")
    seconds = ", ".join(f"{r['millis'] / 1000:.1f}" for r in eighty)
    print(f"{'80-move positions (hardest.txt), 7-8 tables, each':58} {seconds + ' s':>22}  <= 5 s each")
    print(f"{'nodes per Korf instance (mean expanded), 7-8':58} {s78['expanded'] / s78['count']:>22,.0f}  <= 40,000")
    print(f"{'nodes per Korf instance (mean expanded), 6-6-3':58} {s663['expanded'] / s663['count']:>22,.0f}")
    print(f"{'7-8 tables ready (read from disk, or built if absent)':58} {s78['pdb_build_millis'] / 1000:>20.2f} s")
    print(f"{'6-6-3 tables built':58} {s663['pdb_build_millis'] / 1000:>20.2f} s")
    ok = s78["all_expected"] and hardest78[1]["all_expected"] and s663["all_expected"]
    print(f"every length the published optimum: {'yes' if ok else 'NO'}")


main()
